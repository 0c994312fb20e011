import type en from './useInPython.en';

/** 简体中文 strings of "Use in Python / R": exactly the keys of useInPython.en.ts. */
const useInPython: Record<keyof typeof en, string> = {
  title: '在 Python / R 中使用',
  stations: '站点（WQP 地址）',
  results: '结果（WQP 地址）',
  python: 'Python（dataretrieval）',
  r: 'R',
  copy: '复制 {{what}}',
  copied: '已复制。',
  copyFailed: '复制失败：请选中文本后手动复制。',
};

export default useInPython;
