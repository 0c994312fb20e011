import admin from '../../features/admin/locales/zh-CN';
import apiReference from '../../features/apiReference/locales/zh-CN';
import dashboards from '../../features/dashboards/locales/zh-CN';
import explorer from '../../features/explorer/locales/zh-CN';
import imports from '../../features/imports/locales/zh-CN';
import invitations from '../../features/invitations/locales/zh-CN';
import organizations from '../../features/organizations/locales/zh-CN';
import pages from '../../features/pages/locales/zh-CN';
import projects from '../../features/projects/locales/zh-CN';
import stations from '../../features/stations/locales/zh-CN';
import timeseries from '../../features/timeseries/locales/zh-CN';
import mapService from './mapService.zh-CN';
import useInPython from './useInPython.zh-CN';
import type { Messages } from '../types';

/** 简体中文. Must hold exactly the keys of en.ts (checked by the compiler and by i18n.test.ts). */
const zhCN: Messages = {
  explorer,
  imports,
  stations,
  timeseries,
  pages,
  admin,
  dashboards,
  invitations,
  organizations,
  projects,
  apiReference,
  app: {
    name: 'Open Water Data',
  },
  common: {
    loading: '加载中...',
    goHome: '返回首页',
    dismiss: '关闭提示',
    cancel: '取消',
    create: '创建',
    save: '保存',
    edit: '编辑',
    delete: '删除',
    rename: '重命名',
    close: '关闭',
    none: '无',
    search: '搜索',
    actions: '操作',
    previous: '上一页',
    next: '下一页',
    pageOf: '第 {{page}} 页，共 {{pageCount}} 页',
    total: '共 {{count}} 条',
    noResults: '没有找到内容。',
    requestFailed: '请求失败（HTTP {{status}}）。',
    serverUnavailable: '服务器未及时响应或暂不可用（HTTP {{status}}）。请稍后再试。',
    changedMeanwhile: {
      notice: '在您编辑期间，其他人更改了此内容。其更改后的值显示在相应字段下方；再次保存即以您的值替换。',
      field: '其他人已将其改为：{{value}}',
      empty: '（空）',
    },
  },
  validation: {
    invalidDate: '请按 YYYY-MM-DD 格式输入日期。',
    fromAfterTo: '开始日期不能晚于结束日期。',
    invalidHuc: '水文单元代码应为 2、4、6、8、10 或 12 位数字。',
    invalidDateInAddress: '地址中的“{{value}}”不是日期，请选择日期。',
  },
  language: {
    label: '语言',
    current: '语言：{{language}}',
    changed: '语言切换成功。',
  },
  system: {
    home: {
      tagline: '来自各机构、志愿者和政府部门的水质监测数据：在地图上查找站点，查看数据序列，创建仪表板。',
      explore: '浏览数据',
      learnMore: '关于本产品',
    },
    info: {
      title: '关于本安装',
      label: '系统信息',
      version: '版本',
      stage: '部署阶段',
      buildTime: '构建时间',
      notRecorded: '未记录',
    },
    stages: {
      local: '本地',
      dev: '开发',
      test: '测试',
      staging: '预发布',
      prod: '生产',
    },
  },
  auth: {
    signIn: '登录',
    signOut: '退出登录',
    signedIn: '您已登录。',
    userMenu: '用户菜单',
    dialog: {
      title: '重新登录',
      message: '您的会话已结束。请重新登录以继续。',
    },
    login: {
      title: '登录',
      message: '登录后即可查看此页面。',
      unavailable: '本站点未配置登录。',
    },
    profile: {
      title: '个人资料',
      name: '姓名',
      email: '电子邮箱',
      systemRoles: '系统角色',
      organizationRoles: '组织角色',
      deleteAccount: '删除我的账户',
      deleteConfirm: '删除您的账户、成员身份和仪表板？此操作无法撤销。',
      onlyAdmin:
        '您是唯一的系统管理员。删除您的账户后，在有人被设为系统管理员之前（由其他管理员设置，或由运维人员通过 ADMIN_EMAILS 设置），没有人能管理用户、角色或设置。',
      onlyAdminSuggestion: '建议先将系统管理员角色授予其他人。',
      onlyAdminLink: '打开“用户”页面',
      settings: '您的设置',
      displayName: '显示名称',
      language: '语言',
      importEmails: '我的导入耗时较长且已结束，或我设置的导入源开始失败时，给我发送电子邮件',
      nameRequired: '请输入名称。',
      saved: '个人资料已保存。',
      deleted: '您的账户已删除。',
      removed: '您的账户已被删除，因此您已退出登录。再次登录将创建一个新的空账户。',
      membership: '{{organization}} — {{role}}',
      memberRoles: {
        'group-admin': '组管理员',
        'data-contributor': '数据贡献者',
        'simple-user': '普通成员',
      },
    },
  },
  shell: {
    useInPython,
    mapService,
    documentTitle: '{{page}} – {{app}}',
    skipToMain: '跳到主要内容',
    widgetActions: '小组件操作',
    menu: {
      label: '主菜单',
      collapse: '收起菜单',
      expand: '展开菜单',
      home: '首页',
    },
    lazy: {
      failed: '组件加载失败',
      unavailable: '页面的这一部分无法加载。请检查网络连接后重试。',
      retry: '重试',
    },
    loadError: {
      offline: '无法连接到服务器。请检查网络连接，然后重试。',
      serverError: '服务器出现问题，未能应答。请重试；如果问题持续，请告知管理员（联系我们）。',
      detail: '详细信息：{{detail}}',
      retry: '重试',
      retrying: '正在重试…',
    },
  },
  errors: {
    forbidden: {
      title: '无权访问',
      message: '您没有查看此页面的权限。',
    },
    notFound: {
      title: '页面未找到',
      message: '{{url}} 没有对应的页面。',
    },
    route: {
      title: '出错了',
    },
    unreachable: {
      title: '服务器没有应答',
      message: '无法加载您的账户，因此暂时无法显示此页面。这与权限无关。',
    },
  },
  datums: {
    WGS84: 'WGS 84（GPS、手机、网络地图）',
    NAD83: 'NAD83（1983 北美基准）',
    NAD27: 'NAD27（1927 北美基准）',
    HARN: 'HARN（NAD83 高精度参考网）',
    WGS72: 'WGS 72（1972 世界大地坐标系）',
    OLDHI: 'OLDHI（旧夏威夷基准）',
    PR: 'PR（波多黎各基准）',
    GUAM: 'GUAM（关岛 1963 基准）',
    AMSMA: 'AMSMA（美属萨摩亚基准）',
    ASTRO: 'ASTRO（中途岛天文 1961 基准）',
    JOHNS: 'JOHNS（约翰斯顿岛 1961 基准）',
    WAKE: 'WAKE（威克-埃尼威托克 1960 基准）',
    SGEOR: 'SGEOR（圣乔治岛基准）',
    SLAWR: 'SLAWR（圣劳伦斯岛基准）',
    SPAUL: 'SPAUL（圣保罗岛基准）',
    OTHER: '其他',
    UNKWN: '未知',
  },
};

export default zhCN;
