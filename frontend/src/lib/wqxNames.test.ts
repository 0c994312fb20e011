import { describe, expect, it } from 'vitest';
import { activityMediaName, activityTypeName } from './wqxNames';

describe('WQX activity types and media', () => {
  it('are named in Chinese beside their code in Chinese, and by their code in English', () => {
    expect(activityTypeName('Field Msr/Obs', 'zh-CN')).toBe('现场测量/观测（Field Msr/Obs）');
    expect(activityMediaName('Sediment', 'zh-CN')).toBe('沉积物（Sediment）');
    expect(activityTypeName('Field Msr/Obs', 'en')).toBe('Field Msr/Obs');
    expect(activityMediaName('Water', 'en')).toBe('Water');
  });

  it('show a code they do not name as it is', () => {
    expect(activityTypeName('Sample-Something New', 'zh-CN')).toBe('Sample-Something New');
    expect(activityMediaName('toString', 'zh-CN')).toBe('toString');
  });
});
