import type en from './en';

/** 简体中文：记录仪数据（时间序列）与导入源。 */
const timeseries: typeof en = {
  panel: {
    heading: '记录仪数据',
    series: '序列',
    option: '{{name}}，{{unit}}：{{count}} 个值',
  },
  chart: {
    title: '记录仪数据：{{name}}',
    failed: '无法加载记录仪数据：{{message}}',
    whole: '显示整个时段',
    level: {
      raw: '实测值：{{count}} 个中的 {{points}} 个。缩小可查看每小时、每日或每月平均值。',
      hour: '{{count}} 个值的每小时平均值（{{points}} 小时）。放大可查看实测值。',
      day: '{{count}} 个值的每日平均值（{{points}} 天）。放大可查看每小时平均值，再放大可查看实测值。',
      month: '{{count}} 个值的每月平均值（{{points}} 个月）。放大可查看每日、每小时平均值和实测值。',
    },
  },
  project: {
    tab: '记录仪数据',
    series: '本项目的序列',
    noSeries: '尚无记录仪数据：可导入记录仪文件或 USGS Water Services 文件，用 API 密钥推送数值，或在下方添加导入源。',
    station: '站点',
    parameter: '参数',
    unit: '单位',
    count: '数值个数',
    first: '最早',
    last: '最晚',
    sources: '导入源',
    noSources: '尚无导入源。',
    name: '名称',
    url: '网址',
    format: '格式',
    schedule: '计划',
    enabled: '启用',
    enabledFor: '{{name}} 按计划运行',
    lastResult: '上次结果',
    add: '添加导入源',
    runNow: '立即运行',
    never: '尚未运行',
    formats: { 'usgs-json': 'USGS Water Services（JSON）', 'ts-wide': '记录仪 CSV（宽表）', 'ts-long': '时间序列 CSV（长表）', 'wqp-result': 'Water Quality Portal 结果', 'wqx3-result': 'WQX 3 结果', 'wqp-station': 'Water Quality Portal 站点', template: 'Open Water Data 模板' },
    schedules: { hourly: '每小时', daily: '每天', weekly: '每周' },
    statuses: { queued: '已排队导入', unchanged: '无新数据', failed: '失败' },
    addFailed: '无法添加导入源：{{message}}',
    actions: '操作',
    edit: '编辑',
    editFor: '编辑 {{name}}',
    editTitle: '编辑导入源 {{name}}',
    save: '保存',
    cancel: '取消',
    saveFailed: '无法保存导入源：{{message}}',
  },
};

export default timeseries;
