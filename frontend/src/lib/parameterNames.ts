/**
 * The Chinese names of the WQX characteristic names water monitoring commonly measures, so that a parameter is
 * found by its Chinese name as well as by its WQX one, and shown with both in the Chinese interface
 * ("溶解氧 · Dissolved oxygen (DO)"). The WQX name stays what is stored, sent and written to files.
 *
 * These are data, not interface text: each key is a WQX characteristic name spelt exactly as
 * chalicelib/parameters/characteristics.py (NAMES) spells it (parameterNames.test.ts keeps the two in step). The
 * names are the usual terms of Chinese water-quality standards (GB 3838-2002, GB 5749, the HJ methods): ammonia,
 * nitrate and nitrite as WQX reports them (as N) are 氨氮, 硝酸盐氮, 亚硝酸盐氮; a standard-conditions BOD is
 * 五日生化需氧量. An entry with several names is shown by the first and found by each.
 */
const CHINESE_NAMES: Record<string, string | readonly string[]> = {
  // Physical and field measurements
  pH: 'pH值',
  'Temperature, water': '水温',
  Temperature: '温度',
  'Temperature, air': '气温',
  'Temperature, sample': '样品温度',
  'Dissolved oxygen (DO)': '溶解氧',
  'Dissolved oxygen saturation': ['溶解氧饱和度', '溶解氧饱和百分比'],
  'Specific conductance': ['比电导', '电导率（25 °C）'],
  Conductivity: '电导率',
  Conductance: '电导',
  Turbidity: '浊度',
  Salinity: '盐度',
  'Oxidation reduction potential (ORP)': '氧化还原电位',
  Color: '色度',
  'Apparent color': '表观色度',
  'True color': '真色度',
  'Depth, Secchi disk depth': ['透明度（塞氏盘）', '塞氏盘深度', '透明度'],
  'Transparency, tube with disk': ['透明度（透明度管）', '透明度'],
  'Light attenuation at measurement depth': '测量深度处的光衰减',
  'Light, photosynthetic active radiation (PAR)': '光合有效辐射',
  'UV 254': ['紫外吸光度（254 nm）', 'UV254'],
  Density: '密度',
  'Specific gravity': '比重',
  Depth: ['深度', '水深'],
  'Depth, bottom': ['水底深度', '水深'],
  'Depth, data-logger (ported)': '数据记录仪深度',
  Width: '宽度',
  'Water appearance (text)': '水体外观（文字）',
  'Fish kill observation': '死鱼观察',
  // Flow, level and weather
  Flow: ['流量', '径流量'],
  'Flow rate, instantaneous': '瞬时流量',
  'Stream flow': ['河流流量', '流量', '径流量'],
  'Stream flow, instantaneous': ['河流瞬时流量', '瞬时流量'],
  'Stream flow, mean. daily': ['河流日均流量', '日均流量'],
  'Height, gage': ['水尺水位', '水位'],
  'Stream stage': ['河流水位', '水位'],
  'Water level in relation to reference point': ['相对基准点的水位', '水位'],
  'Tidal stage': '潮位',
  'Tide stage (text)': '潮汐阶段（文字）',
  'Barometric pressure': '气压',
  'Relative humidity': '相对湿度',
  Precipitation: '降水量',
  'Cloud cover': '云量',
  'Wind direction (direction from, expressed 0-360 deg)': '风向',
  'Wind velocity': '风速',
  // Solids and sediment
  'Total dissolved solids': ['溶解性总固体', '总溶解固体'],
  'Total suspended solids': ['总悬浮固体', '悬浮物'],
  'Total solids': '总固体',
  'Total fixed solids': '总固定性固体',
  'Total volatile solids': '总挥发性固体',
  'Settleable solids': '可沉降固体',
  Solids: '固体',
  'Suspended Sediment Concentration (SSC)': ['悬移质泥沙浓度', '含沙量'],
  Sediment: '泥沙',
  // Oxygen demand and carbon
  'Biochemical oxygen demand, standard conditions': ['五日生化需氧量', '生化需氧量'],
  'Biochemical oxygen demand, non-standard conditions': '生化需氧量（非标准条件）',
  'Carbonaceous biochemical oxygen demand, standard conditions': ['碳质五日生化需氧量', '生化需氧量'],
  'Chemical oxygen demand': '化学需氧量',
  'Organic carbon': ['有机碳', '总有机碳', '溶解性有机碳'],
  'Particulate organic carbon': '颗粒有机碳',
  'Inorganic carbon': '无机碳',
  'Total carbon': '总碳',
  'Total Particulate Carbon': '总颗粒碳',
  'Carbon dioxide': '二氧化碳',
  // Nutrients
  'Total Nitrogen, mixed forms': '总氮',
  Nitrogen: '氮',
  'Nitrogen, mixed forms (NH3), (NH4), organic, (NO2) and (NO3)': ['氮（混合形态）', '总氮'],
  'Kjeldahl nitrogen': '凯氏氮',
  'Total Kjeldahl nitrogen': '总凯氏氮',
  'Organic Nitrogen': '有机氮',
  'Inorganic nitrogen (NO2, NO3, & NH3)': '无机氮',
  'Total Particulate Nitrogen': '总颗粒氮',
  Ammonia: ['氨氮', '氨'],
  'Ammonia-nitrogen': '氨氮',
  'Ammonia and ammonium': ['氨氮（氨和铵）', '氨和铵'],
  Ammonium: '铵',
  Nitrate: ['硝酸盐氮', '硝酸盐'],
  Nitrite: ['亚硝酸盐氮', '亚硝酸盐'],
  'Nitrate + Nitrite': ['硝酸盐氮和亚硝酸盐氮', '硝酸盐和亚硝酸盐'],
  'Total Phosphorus, mixed forms': '总磷',
  Phosphorus: '磷',
  Orthophosphate: '正磷酸盐',
  'Phosphate-phosphorus': '磷酸盐磷',
  'Soluble Reactive Phosphorus (SRP)': '可溶性活性磷',
  'Organic phosphorus': '有机磷',
  'Total Particulate Phosphorus': '总颗粒磷',
  Silica: '二氧化硅',
  Silicon: '硅',
  // Algae and pigments
  'Chlorophyll a': '叶绿素a',
  'Chlorophyll a, corrected for pheophytin': ['叶绿素a（经脱镁叶绿素校正）', '叶绿素a'],
  'Chlorophyll a, free of pheophytin': ['叶绿素a（不含脱镁叶绿素）', '叶绿素a'],
  'Chlorophyll a, uncorrected for pheophytin': ['叶绿素a（未经脱镁叶绿素校正）', '叶绿素a'],
  'Chlorophyll b': '叶绿素b',
  'Chlorophyll c': '叶绿素c',
  'Pheophytin a': '脱镁叶绿素a',
  Phycocyanin: '藻蓝蛋白',
  Phycoerythrin: '藻红蛋白',
  'Algae, blue-green (phylum cyanophyta) density': ['蓝藻密度', '蓝藻'],
  'Biomass, periphyton': '周丛生物生物量',
  Microcystin: '微囊藻毒素',
  Microcystins: ['微囊藻毒素（总）', '微囊藻毒素'],
  Cylindrospermopsin: '柱孢藻毒素',
  'Anatoxin-A': '类毒素-a',
  Saxitoxin: '石房蛤毒素',
  // Microbiology
  'Escherichia coli': ['大肠埃希氏菌', '大肠杆菌'],
  'Fecal Coliform': ['粪大肠菌群', '耐热大肠菌群'],
  'Total Coliform': '总大肠菌群',
  Enterococcus: '肠球菌',
  'Fecal Streptococcus Group Bacteria': '粪链球菌',
  Coliphage: '大肠杆菌噬菌体',
  // Major ions, alkalinity and hardness
  Alkalinity: '碱度',
  'Alkalinity, total': '总碱度',
  'Alkalinity, bicarbonate': '重碳酸盐碱度',
  'Alkalinity, carbonate': '碳酸盐碱度',
  'Acidity, (H+)': '酸度',
  'Total hardness': '总硬度',
  'Hardness, Ca, Mg': ['硬度（钙、镁）', '总硬度'],
  'Hardness, carbonate': '碳酸盐硬度',
  'Hardness, non-carbonate': '非碳酸盐硬度',
  Calcium: '钙',
  Magnesium: '镁',
  Sodium: '钠',
  Potassium: '钾',
  'Sodium adsorption ratio [(Na)/(sq root of 1/2 Ca + Mg)]': '钠吸附比',
  Chloride: '氯化物',
  Sulfate: '硫酸盐',
  Sulfide: '硫化物',
  Fluoride: '氟化物',
  Bromide: '溴化物',
  Iodide: '碘化物',
  Bicarbonate: ['碳酸氢盐', '重碳酸盐'],
  Carbonate: '碳酸盐',
  Hydroxide: '氢氧化物',
  Chlorine: ['氯', '余氯'],
  Cyanide: '氰化物',
  // Metals and other elements
  Iron: '铁',
  Manganese: '锰',
  Aluminum: '铝',
  Arsenic: '砷',
  Lead: '铅',
  Copper: '铜',
  Zinc: '锌',
  Mercury: '汞',
  'Methylmercury(1+)': '甲基汞',
  Cadmium: '镉',
  Chromium: '铬',
  'Chromium(VI)': '六价铬',
  Nickel: '镍',
  Selenium: '硒',
  Antimony: '锑',
  Barium: '钡',
  Beryllium: '铍',
  Boron: '硼',
  Cobalt: '钴',
  Lithium: '锂',
  Molybdenum: '钼',
  Silver: '银',
  Strontium: '锶',
  Thallium: '铊',
  Tin: '锡',
  Titanium: '钛',
  Uranium: '铀',
  Vanadium: '钒',
  // Radioactivity
  'Gross alpha radioactivity, (Thorium-230 ref std)': '总α放射性',
  'Gross beta radioactivity, (Cesium-137 ref std)': '总β放射性',
  'Radium-226': '镭-226',
  'Radon-222': '氡-222',
  // Organic compounds
  'Oil and Grease': ['油和油脂', '油类'],
  Phenols: ['酚类', '挥发酚'],
  Surfactants: ['表面活性剂', '阴离子表面活性剂'],
  'Tannin and Lignin': '单宁和木质素',
  Benzene: '苯',
  Toluene: '甲苯',
  Ethylbenzene: '乙苯',
  Xylene: '二甲苯',
  Naphthalene: '萘',
  'Benzo[a]pyrene': '苯并[a]芘',
  Chloroform: '三氯甲烷',
  Chlorodibromomethane: '一氯二溴甲烷',
  Dichlorobromomethane: '一溴二氯甲烷',
  Trihalomethanes: '三卤甲烷',
  Tetrachloroethylene: '四氯乙烯',
  Trichloroethylene: '三氯乙烯',
  'Methyl tert-butyl ether': '甲基叔丁基醚',
  'Polychlorinated biphenyls': '多氯联苯',
  Perfluorooctanesulfonate: ['全氟辛烷磺酸', 'PFOS'],
  'Perfluorooctanoic acid': ['全氟辛酸', 'PFOA'],
  Caffeine: '咖啡因',
  // Pesticides
  '2,4-D': '2,4-滴',
  Alachlor: '甲草胺',
  Aldrin: '艾氏剂',
  Atrazine: ['阿特拉津', '莠去津'],
  Carbaryl: '甲萘威',
  'Chlordane, technical': '氯丹（工业品）',
  Chlorpyrifos: '毒死蜱',
  Diazinon: '二嗪磷',
  Dieldrin: '狄氏剂',
  Endrin: '异狄氏剂',
  Glyphosate: '草甘膦',
  Heptachlor: '七氯',
  Imidacloprid: '吡虫啉',
  Lindane: '林丹',
  Malathion: '马拉硫磷',
  Metolachlor: '异丙甲草胺',
  "p,p'-DDE": "p,p'-滴滴伊",
  "p,p'-DDT": "p,p'-滴滴涕",
  Simazine: '西玛津',
  Toxaphene: '毒杀芬',
};

/** The WQX names the table has a Chinese name for, as WQX spells them. */
export const NAMED_CHARACTERISTICS: readonly string[] = Object.keys(CHINESE_NAMES);

/** How a name is compared: compatibility forms folded (full-width letters and brackets), any case, spaces aside. */
const folded = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
/** The name without a trailing abbreviation in brackets: "Dissolved oxygen (DO)" is "Dissolved oxygen". */
const withoutAbbreviation = (text: string) => text.replace(/[\s,]*\([^()]*\)\s*$/, '');

const BY_NAME = new Map<string, readonly string[]>();
for (const [name, chinese] of Object.entries(CHINESE_NAMES)) {
  const names = typeof chinese === 'string' ? [chinese] : chinese;
  BY_NAME.set(folded(name), names);
}
// A name written without its abbreviation finds the same entry, unless that shorter name is a WQX name of its own.
for (const [name, chinese] of Object.entries(CHINESE_NAMES)) {
  const short = folded(withoutAbbreviation(name));
  if (short && !BY_NAME.has(short)) BY_NAME.set(short, typeof chinese === 'string' ? [chinese] : chinese);
}

/**
 * The Chinese names of a parameter, the one shown first: those of the first of `names` (its WQX characteristic
 * name, then its label) the table knows, any case, with or without a trailing abbreviation in brackets; none when
 * it knows none of them (a custom parameter).
 */
export function chineseNamesOf(...names: (string | null | undefined)[]): readonly string[] {
  for (const name of names) {
    if (!name) continue;
    const found = BY_NAME.get(folded(name)) ?? BY_NAME.get(folded(withoutAbbreviation(name)));
    if (found) return found;
  }
  return [];
}

/** The Chinese name a parameter is shown by, if the table has one (see chineseNamesOf). */
export function chineseNameOf(...names: (string | null | undefined)[]): string | undefined {
  return chineseNamesOf(...names)[0];
}

/**
 * Whether a search finds something: one of its texts (a label, a unit...) contains it, any case, or one of its other
 * names (a parameter's Chinese names) does, full-width forms and spaces aside ("叶绿素 a" finds 叶绿素a). An empty
 * search finds everything.
 */
export function matchesSearch(search: string, texts: readonly (string | null | undefined)[], otherNames: readonly string[] = []): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  if (texts.some((text) => text?.toLowerCase().includes(needle))) return true;
  const foldedNeedle = folded(needle);
  return otherNames.some((name) => folded(name).includes(foldedNeedle));
}

/** A parameter as the interface knows it: its label, and its WQX characteristic name when it has one. */
export interface NamedParameter {
  label: string;
  characteristicName?: string | null;
  unit?: string | null;
}

/** Whether a search finds a parameter: its label or unit contains it, or one of its Chinese names does (in either language). */
export function parameterMatches(search: string, parameter: NamedParameter): boolean {
  return matchesSearch(search, [parameter.label, parameter.unit], chineseNamesOf(parameter.characteristicName, parameter.label));
}

/** Whether the interface speaks Chinese (zh, zh-CN...). */
export const isChinese = (language: string | undefined) => !!language && /^zh\b/i.test(language);

/**
 * How a parameter is named in a list of the interface's language: in Chinese its Chinese name beside its label
 * ("溶解氧 · Dissolved oxygen (DO)"), the label being the WQX name files and WQX use; the label alone otherwise, or
 * without a Chinese name.
 */
export function withChineseName(label: string, chineseName: string | undefined, language: string | undefined): string {
  return chineseName && isChinese(language) ? `${chineseName} · ${label}` : label;
}

/** How a parameter is named in a list of the interface's language (see withChineseName), its Chinese name from the table. */
export function parameterDisplayName(parameter: NamedParameter, language: string | undefined): string {
  return withChineseName(parameter.label, chineseNameOf(parameter.characteristicName, parameter.label), language);
}
