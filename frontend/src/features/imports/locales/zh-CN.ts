import type en from './en';

/** 项目数据导入的简体中文文本。 */
const imports: typeof en = {
  title: '导入数据',
  drop: '将 CSV 文件（或其 .zip / .gz 压缩包）拖到此处，或选择文件',
  choose: '选择文件',
  chosen: '已选择：{{name}}（{{size}}）',
  format: '格式',
  formats: {
    auto: '根据表头识别',
    'wqp-result': 'WQP 结果表（WQX 2 列名）',
    'wqx3-result': 'WQP 结果表（WQX 3 列名）',
    'wqp-station': 'WQP 站点表',
    template: 'Open Water Data 模板',
  },
  dryRun: '仅检查文件（不写入任何数据）',
  start: '导入',
  uploading: '正在上传：{{sent}} / {{total}}',
  uploadProgress: '上传',
  importProgress: '导入',
  rowsRead: '已读取 {{rows}} 行',
  rowsOf: '{{done}} / {{total}} 行',
  cancel: '取消导入',
  status: {
    queued: '排队中',
    running: '正在导入',
    succeeded: '已导入',
    partial: '已导入（有被拒绝的行）',
    failed: '失败',
    cancelled: '已取消',
  },
  counts: {
    label: '结果',
    rowsImported: '已导入的行',
    rowsUnchanged: '已存在的行（未更改）',
    rowsRejected: '被拒绝的行',
    stationsCreated: '新建的站点',
    parametersCreated: '新建的参数',
  },
  rejected: {
    caption: '被拒绝的行（{{count}}）',
    row: '行',
    column: '列',
    value: '值',
    message: '原因',
    download: '下载被拒绝的行（CSV）',
  },
  history: {
    caption: '本项目的导入记录',
    empty: '尚无导入记录。',
    file: '文件',
    when: '开始时间',
    status: '状态',
    rows: '已导入 / 被拒绝',
    show: '查看',
  },
  latest: {
    title: '最新导入',
    empty: '您的项目中尚无导入。',
    item: '{{project}} · {{when}}',
    rows: '已导入 {{imported}} 行，被拒绝 {{rejected}} 行',
  },
  uploadFailed: '文件无法上传：{{message}}',
};

export default imports;
