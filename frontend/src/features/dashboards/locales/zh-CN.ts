import type en from './en';

/** 简体中文: dashboards and widgets. */
const dashboards: typeof en = {
  menu: {
    title: '仪表板',
    new: '新建仪表板',
    all: '所有仪表板',
    failed: '无法加载仪表板。',
  },
  create: {
    title: '创建新仪表板',
    field: '仪表板标题',
    cancel: '取消',
    submit: '创建',
    added: '已添加仪表板：{{label}}。',
  },
  rename: {
    title: '重命名仪表板 {{label}}',
    submit: '保存',
    renamed: '仪表板已重命名为 {{label}}。',
  },
  validation: {
    required: '请输入仪表板名称。',
    duplicate: '名为 {{label}} 的仪表板已存在，请换一个名称。',
  },
  addToDashboard: {
    button: '添加到仪表板',
    choose: '选择仪表板',
    none: '暂无仪表板……',
    create: '创建仪表板',
    added: '小组件已成功添加到仪表板。',
    failed: '无法加载仪表板：{{message}}',
    newName: '新仪表板',
    addedToNew: '小组件已添加到新仪表板 {{label}}。',
    alreadyThere: '已在此仪表板上',
  },
  addWidget: {
    open: '添加小组件',
    title: '添加小组件',
    type: '小组件',
    submit: '添加',
    textRequired: '请输入便笺内容。',
    fromPages: '站点图表请在站点页面上通过“添加到仪表板”添加。',
  },
  page: {
    empty: '此仪表板还没有小组件。可通过“添加小组件”添加便笺，或打开站点图表并选择“添加到仪表板”。',
    hint: '拖动小组件的标题栏可移动它，拖动右下角可调整大小；小组件会向上移动以填补空隙，布局会自动保存。',
    notFound: '此仪表板不存在，或不属于您。',
    failed: '无法加载仪表板：{{message}}',
  },
  management: {
    title: '所有仪表板',
    caption: '您的仪表板（按标题排序）',
    label: '标题',
    widgets: '小组件',
    empty: '您还没有仪表板。请通过“新建仪表板”创建。',
    failed: '无法加载仪表板：{{message}}',
    rename: '重命名',
    renameOne: '重命名 {{label}}',
    delete: '删除',
    deleteOne: '删除 {{label}}',
    deleteTitle: '删除仪表板',
    deleteConfirm: '删除仪表板 {{label}} 及其所有小组件？此操作无法撤销。',
    deleted: '已删除仪表板：{{label}}。',
  },
  widget: {
    arrange: '移动或调整 {{title}}',
    arrangeHint: '方向键移动小组件（上下方向键使其越过相邻的小组件）；Shift + 方向键调整其大小。',
    remove: '移除 {{title}}',
    edit: '编辑 {{title}}',
    removeTitle: '移除小组件',
    removeConfirm: '从此仪表板移除小组件 {{title}}？',
    removeConfirmButton: '移除',
    removed: '已从仪表板移除小组件。',
    /** Removed meanwhile in another tab or window: the dashboard is shown as it is now. */
    alreadyRemoved: '此小组件已在另一个标签页或窗口中被移除。',
    unknown: '此小组件（{{component}}）不可用。',
    failed: '无法显示此小组件。',
    /** Two widgets of the same kind on a dashboard: each named with its number (in the order they were added). */
    numbered: '{{title}} {{number}}',
    /** Said (polite live region) after each keyboard move or resize. */
    moved: '已移到第 {{column}} 列、第 {{row}} 行',
    resized: '已调整为 {{width}} 列宽、{{height}} 行高',
  },
  widgets: {
    note: {
      title: '便笺',
      text: '便笺内容（Markdown）',
      help: 'Markdown：# 标题、**粗体**、*斜体*、- 列表、[链接](https://example.org)。不显示 HTML。',
      empty: '此便笺为空。',
      editTitle: '编辑便笺',
      saved: '便笺已保存。',
    },
    stationChart: {
      title: '站点图表',
      station: '站点 {{name}}',
      open: '打开站点页面',
      noParameters: '此图表未选择参数。',
      period: '{{from}} 至 {{to}}',
      allDates: '全部日期',
    },
    stationTable: {
      title: '站点',
      shown_one: '显示 {{shown, number}} 个，共 {{count, number}} 个站点',
      shown_other: '显示 {{shown, number}} 个，共 {{count, number}} 个站点',
      open: '在数据浏览中打开',
    },
  },
};

export default dashboards;
