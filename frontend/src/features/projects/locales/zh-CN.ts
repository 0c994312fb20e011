import type en from './en';

/** 项目页面的简体中文文本。 */
const projects: typeof en = {
  title: '项目',
  documentTitle: '{{tab}} · {{project}}',
  back: '该组织的所有项目',
  count: '项目中共 {{count}} 个',
  chosen: '已选 {{count}} 个',
  tabs: {
    label: '项目栏目',
    stations: '站点',
    parameters: '参数',
    activities: '活动',
    imports: '导入',
  },
  stations: {
    title: '项目的站点',
    empty: '此项目尚无站点。',
    choose: '选择站点',
    filter: '筛选站点',
    noMatch: '没有匹配的站点。',
    more: '仅列出 {{total, number}} 个站点中的前 {{shown, number}} 个：按名称或标识符筛选以查找其他站点。',
    saved: '已保存项目的站点（{{count}} 个）。',
  },
  parameters: {
    title: '项目的参数',
    empty: '此项目尚无参数。',
    choose: '选择参数',
    filter: '筛选参数',
    noMatch: '没有匹配的参数。',
    more: '仅列出 {{total, number}} 个参数中的前 {{shown, number}} 个：筛选以查找其他参数。',
    saved: '已保存项目的参数（{{count}} 个）。',
  },
  activities: {
    search: '搜索活动',
    empty: '暂无活动。',
    caption: '活动（{{count}}）',
    id: '活动',
    type: '类型',
    station: '站点',
    date: '开始时间',
    pages: '活动分页',
  },
  imports: {
    coming: '导入功能即将推出：此项目的数据文件将在此上传。',
  },
};

export default projects;
