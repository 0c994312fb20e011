import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chineseNameOf, chineseNamesOf, matchesSearch, NAMED_CHARACTERISTICS, parameterDisplayName, parameterMatches } from './parameterNames';

const REPOSITORY = process.cwd().replace(/\/frontend$/, '');
const read = (path: string) => readFileSync(join(REPOSITORY, path), 'utf-8');
/** The Python string literals of a block of source. */
const literals = (source: string) => [...source.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? m[2]!);

/** The WQX characteristic names the product knows (chalicelib/parameters/characteristics.py NAMES). */
const WQX_NAMES = literals(read('chalicelib/parameters/characteristics.py').split('NAMES = (')[1]!.split('\n)')[0]!);
/** The WQX names of the demo data's parameters (devtools/demo_data.py PARAMETERS: label, unit, group, WQX name...). */
const DEMO_NAMES = read('devtools/demo_data.py')
  .split('PARAMETERS = [')[1]!
  .split('\n]')[0]!
  .split('\n')
  .filter((line) => line.trim().startsWith('('))
  .map((line) => literals(line)[3]!);

describe('the Chinese names of WQX characteristics', () => {
  it('are kept for WQX names the product knows, spelt as WQX spells them', () => {
    expect(WQX_NAMES.length).toBeGreaterThan(150);
    expect(NAMED_CHARACTERISTICS.filter((name) => !WQX_NAMES.includes(name))).toEqual([]);
  });

  it('name every parameter of the demo data, and the common ones monitoring measures', () => {
    expect(DEMO_NAMES).toContain('Dissolved oxygen (DO)');
    expect(DEMO_NAMES.filter((name) => !chineseNameOf(name))).toEqual([]);
    expect(NAMED_CHARACTERISTICS.length).toBeGreaterThanOrEqual(60);
    expect(
      Object.fromEntries(
        [
          'pH',
          'Temperature, water',
          'Dissolved oxygen (DO)',
          'Specific conductance',
          'Turbidity',
          'Total Phosphorus, mixed forms',
          'Total Nitrogen, mixed forms',
          'Ammonia',
          'Chemical oxygen demand',
          'Biochemical oxygen demand, standard conditions',
          'Chlorophyll a',
          'Escherichia coli',
          'Fecal Coliform',
          'Depth, Secchi disk depth',
        ].map((name) => [name, chineseNameOf(name)]),
      ),
    ).toEqual({
      pH: 'pH值',
      'Temperature, water': '水温',
      'Dissolved oxygen (DO)': '溶解氧',
      'Specific conductance': '比电导',
      Turbidity: '浊度',
      'Total Phosphorus, mixed forms': '总磷',
      'Total Nitrogen, mixed forms': '总氮',
      Ammonia: '氨氮',
      'Chemical oxygen demand': '化学需氧量',
      'Biochemical oxygen demand, standard conditions': '五日生化需氧量',
      'Chlorophyll a': '叶绿素a',
      'Escherichia coli': '大肠埃希氏菌',
      'Fecal Coliform': '粪大肠菌群',
      'Depth, Secchi disk depth': '透明度（塞氏盘）',
    });
  });

  it('are found whatever the case, with or without the abbreviation in brackets, by the WQX name before the label', () => {
    expect(chineseNameOf('DISSOLVED OXYGEN (DO)')).toBe('溶解氧');
    expect(chineseNameOf('Dissolved oxygen')).toBe('溶解氧');
    expect(chineseNameOf('Oxidation reduction potential')).toBe('氧化还原电位');
    expect(chineseNameOf('Gross alpha radioactivity')).toBe('总α放射性');
    // The shorter name of a WQX name of its own keeps its own entry.
    expect(chineseNameOf('temperature')).toBe('温度');
    expect(chineseNameOf('DO probe', 'Dissolved oxygen (DO)')).toBe('溶解氧');
    expect(chineseNameOf(null, 'Temperature, water')).toBe('水温');
    expect(chineseNamesOf('My own index')).toEqual([]);
  });
});

describe('a search for a parameter', () => {
  const DO = { label: 'Dissolved oxygen (DO)', unit: 'mg/L' };

  it('finds it by its Chinese name as by its English one, or its unit', () => {
    expect(parameterMatches('溶解氧', DO)).toBe(true);
    expect(parameterMatches('dissolved', DO)).toBe(true);
    expect(parameterMatches('MG/L', DO)).toBe(true);
    expect(parameterMatches('水温', DO)).toBe(false);
    expect(parameterMatches('', DO)).toBe(true);
  });

  it('finds it by any of its Chinese names, spaces and full-width letters aside', () => {
    expect(parameterMatches('电导率', { label: 'Specific conductance' })).toBe(true);
    expect(parameterMatches('叶绿素 a', { label: 'Chlorophyll a' })).toBe(true);
    expect(parameterMatches('叶绿素ａ', { label: 'Chlorophyll a' })).toBe(true);
    expect(parameterMatches('氨氮', { label: 'NH3', characteristicName: 'Ammonia' })).toBe(true);
  });

  it('finds other things by their texts only, unless they are given other names', () => {
    expect(matchesSearch('溶解氧', ['Dissolved oxygen (DO)'])).toBe(false);
    expect(matchesSearch('溶解氧', ['Dissolved oxygen (DO)'], ['溶解氧'])).toBe(true);
  });
});

describe("a parameter's name in a list", () => {
  it('is its Chinese name beside its WQX name in Chinese, its label alone in English or without a Chinese name', () => {
    expect(parameterDisplayName({ label: 'Dissolved oxygen (DO)' }, 'zh-CN')).toBe('溶解氧 · Dissolved oxygen (DO)');
    expect(parameterDisplayName({ label: 'DO probe', characteristicName: 'Dissolved oxygen (DO)' }, 'zh-CN')).toBe('溶解氧 · DO probe');
    expect(parameterDisplayName({ label: 'Dissolved oxygen (DO)' }, 'en')).toBe('Dissolved oxygen (DO)');
    expect(parameterDisplayName({ label: 'Secchi depth' }, 'zh-CN')).toBe('Secchi depth');
  });
});
