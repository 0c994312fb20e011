import type en from './useInPython.en';

/** 简体中文 strings of the explorer's "Use in Python / R": exactly the keys of useInPython.en.ts. */
const useInPython: Record<keyof typeof en, string> = {
  intro: '本门户提供水质门户（WQP）的网络服务：以下地址和代码片段可获取当前筛选条件下的站点和结果。',
  notInQuery: '以下条件不属于 WQP 查询：{{filters}}。',
  stationType: '站点类型',
  q: '搜索文本',
};

export default useInPython;
