import type { Messages } from '../types';

/** 简体中文. Must hold exactly the keys of en.ts (checked by the compiler and by i18n.test.ts). */
const zhCN: Messages = {
  app: {
    name: 'Open Water Data',
  },
  common: {
    loading: '加载中...',
    goHome: '返回首页',
  },
  language: {
    label: '语言',
  },
  system: {
    info: {
      label: '系统信息',
      version: '版本',
      stage: '部署阶段',
      buildTime: '构建时间',
      notRecorded: '未记录',
    },
  },
  errors: {
    notFound: {
      title: '页面未找到',
      message: '{{url}} 没有对应的页面。',
    },
    route: {
      title: '出错了',
    },
  },
};

export default zhCN;
