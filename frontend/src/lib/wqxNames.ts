import { isChinese } from './parameterNames';

/**
 * Chinese names of the common WQX activity types and activity media, the codes an activity stores ("Field Msr/Obs",
 * "Water"). The media's names are the glossary's (chalicelib/pages/defaults/zh-CN/glossary-lists.json names.media);
 * the activity types' are short names for the glossary's descriptions. A code not listed here is shown as it is.
 */
const ACTIVITY_TYPES: Readonly<Record<string, string>> = {
  'Field Msr/Obs': '现场测量/观测',
  'Field Msr/Obs-Habitat Assessment': '现场测量/观测-生境评估',
  'Field Msr/Obs-Incidental': '现场测量/观测-偶然观测',
  'Field Msr/Obs-Portable Data Logger': '现场测量/观测-便携式数据记录仪',
  'Sample-Routine': '样品-常规',
  'Sample-Routine Resample': '样品-常规重采',
  'Sample-Composite With Parents': '样品-混合（含母样品）',
  'Sample-Composite Without Parents': '样品-混合（不含母样品）',
  'Sample-Integrated Vertical Profile': '样品-垂向积分',
  'Sample-Integrated Time Series': '样品-时间序列积分',
  'Sample-Field Split': '样品-现场分样',
  'Sample-Other': '样品-其他',
  'Quality Control Field Replicate Msr/Obs': '质量控制-现场重复测量/观测',
  'Quality Control Field Calibration Check': '质量控制-现场校准检查',
  'Quality Control Sample-Field Blank': '质量控制样品-现场空白',
  'Quality Control Sample-Field Replicate': '质量控制样品-现场平行样',
  'Quality Control Sample-Field Spike': '质量控制样品-现场加标',
  'Quality Control Sample-Equipment Blank': '质量控制样品-设备空白',
  'Quality Control Sample-Trip Blank': '质量控制样品-运输空白',
  'Quality Control Sample-Lab Blank': '质量控制样品-实验室空白',
  'Quality Control Sample-Lab Duplicate': '质量控制样品-实验室平行样',
  'Quality Control Sample-Lab Spike': '质量控制样品-实验室加标',
  'Quality Control Sample-Blind': '质量控制样品-盲样',
  'Quality Control Sample-Other': '质量控制样品-其他',
};

const MEDIA: Readonly<Record<string, string>> = {
  Water: '水',
  Air: '空气',
  Biological: '生物',
  Sediment: '沉积物',
  Soil: '土壤',
  Tissue: '生物组织',
  Habitat: '生境',
  Other: '其他',
};

/** A WQX code as shown: in Chinese its Chinese name with the code ("现场测量/观测（Field Msr/Obs）"), else the code. */
function named(table: Readonly<Record<string, string>>, code: string, language: string | undefined): string {
  const chinese = Object.hasOwn(table, code) ? table[code] : undefined;
  return chinese && isChinese(language) ? `${chinese}（${code}）` : code;
}

/** An activity's type (a WQX ActivityTypeCode) as shown in the interface's language. */
export const activityTypeName = (code: string, language: string | undefined) => named(ACTIVITY_TYPES, code, language);

/** An activity's medium (a WQX ActivityMediaName) as shown in the interface's language. */
export const activityMediaName = (code: string, language: string | undefined) => named(MEDIA, code, language);
