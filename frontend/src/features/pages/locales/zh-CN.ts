import type en from './en';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** 简体中文 strings of the data section's menu and informational pages: exactly the keys of en.ts. */
const pages: Strings<typeof en> = {
  menu: {
    explore: '浏览数据',
    about: '关于本产品',
  },
  placeholder: '本页面正在撰写中，内容即将在此发布。',
  mission: { title: '宗旨声明' },
  terms: { title: '条款和条件' },
  privacy: { title: '隐私声明' },
  cookies: { title: 'Cookie 政策' },
  partner: { title: '合作伙伴' },
  contactUs: { title: '联系我们' },
  history: { title: '历史' },
  training: { title: '培训' },
  glossary: { title: '术语表' },
  faq: { title: '常见问题' },
  practice: { title: '最佳实践' },
  more: { title: '了解更多' },
  quickstart: { title: '快速入门' },
  report: { title: 'PDF 报告' },
};

export default pages;
