import type en from './en';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** 简体中文 strings of the API reference page: exactly the keys of en.ts. */
const apiReference: Strings<typeof en> = {
  title: 'API 参考',
  intro: '本门户 API 的每个路由及其参数、请求正文和响应，取自 API 自身的 OpenAPI 文档。登录后的调用以身份提供方的访问令牌作为 Bearer 令牌。',
  document: 'OpenAPI 3.1 文档（JSON）',
  loadFailed: '无法加载 API 参考，请稍后再试。',
  servers: '服务器',
};

export default apiReference;
