import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import { explorerApi, fakeApi } from '../fixtures';
import { EMPTY_FILTERS } from '../lib/filters';
import { FilterPanel } from './FilterPanel';

/** The demo data's parameters and a few more (the list has a search box beyond eight), as the server names them. */
const PARAMETERS = [
  'Temperature, water',
  'pH',
  'Dissolved oxygen (DO)',
  'Specific conductance',
  'Nitrate',
  'Total Phosphorus, mixed forms',
  'Turbidity',
  'Escherichia coli',
  'Chloride',
  'Secchi depth',
].map((label, n) => ({ id: `p-${n}`, label, name: label, unit: '', group: '' }));

const onChange = vi.fn();

beforeEach(() => {
  setApiBase(undefined);
  vi.stubGlobal('fetch', vi.fn(fakeApi({ ...explorerApi(), 'GET /parameter/parameters': PARAMETERS }).fetch));
});

const renderPanel = () => renderWithProviders(<FilterPanel filters={EMPTY_FILTERS} onChange={onChange} stations={undefined} />);
/** The parameters the parameter filter lists, as they read. */
const listed = (filter: HTMLElement) => within(filter).getAllByRole('checkbox').map((box) => box.parentElement!.textContent);

describe("the explorer's parameter filter", () => {
  // A tester working in Chinese: "溶解氧" found nothing, the parameters being named in WQX English alone.
  it('finds a parameter by its Chinese name and names it in Chinese beside its WQX name', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderPanel();
    const filter = await screen.findByRole('group', { name: '参数' });
    await waitFor(() => expect(listed(filter)).toContain('溶解氧 · Dissolved oxygen (DO)'));
    expect(listed(filter)).toContain('Secchi depth'); // no Chinese name known: its label alone
    await user.type(within(filter).getByRole('searchbox'), '溶解氧');
    expect(listed(filter)).toEqual(['溶解氧 · Dissolved oxygen (DO)']);
    await user.click(within(filter).getByRole('checkbox', { name: '溶解氧 · Dissolved oxygen (DO)' }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ parameter: ['p-2'] }));
  });

  it('finds a parameter by its Chinese name in the English interface too, named in English', async () => {
    const user = userEvent.setup();
    renderPanel();
    const filter = await screen.findByRole('group', { name: 'Parameters' });
    await waitFor(() => expect(listed(filter)).toContain('Dissolved oxygen (DO)'));
    await user.type(within(filter).getByRole('searchbox'), '大肠');
    expect(listed(filter)).toEqual(['Escherichia coli']);
    await user.clear(within(filter).getByRole('searchbox'));
    await user.type(within(filter).getByRole('searchbox'), 'phos');
    expect(listed(filter)).toEqual(['Total Phosphorus, mixed forms']);
  });
});

/** The parameters the Colour by choice offers, as they read, in their order. */
const colourOptions = (select: HTMLElement) => within(select).getAllByRole('option').slice(1).map((option) => option.textContent);

describe("the explorer's Colour by choice", () => {
  // It listed the parameters by their WQX English names alone while the parameter filter beside it named them in Chinese.
  it('names a parameter in Chinese beside its WQX name, as the parameter filter does, sorted by pinyin', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderPanel();
    const select = await screen.findByRole('combobox', { name: '着色依据' });
    await waitFor(() => expect(colourOptions(select)).toContain('溶解氧 · Dissolved oxygen (DO)'));
    expect(within(select).getByRole('option', { name: '站点类型' })).toBeInTheDocument();
    // By the Chinese name's pinyin; names starting with Latin letters (none known in Chinese, pH) after them.
    expect(colourOptions(select)).toEqual([
      '比电导 · Specific conductance',
      '大肠埃希氏菌 · Escherichia coli',
      '氯化物 · Chloride',
      '溶解氧 · Dissolved oxygen (DO)',
      '水温 · Temperature, water',
      '硝酸盐氮 · Nitrate',
      '浊度 · Turbidity',
      '总磷 · Total Phosphorus, mixed forms',
      'pH值 · pH',
      'Secchi depth',
    ]);
    await user.selectOptions(select, '溶解氧 · Dissolved oxygen (DO)');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ colorBy: 'p-2' }));
  });

  it('names a parameter by its WQX name alone in English, sorted alphabetically', async () => {
    renderPanel();
    const select = await screen.findByRole('combobox', { name: 'Colour by' });
    await waitFor(() => expect(colourOptions(select)).toContain('Dissolved oxygen (DO)'));
    expect(colourOptions(select)).toEqual([
      'Chloride',
      'Dissolved oxygen (DO)',
      'Escherichia coli',
      'Nitrate',
      'pH',
      'Secchi depth',
      'Specific conductance',
      'Temperature, water',
      'Total Phosphorus, mixed forms',
      'Turbidity',
    ]);
    expect(colourOptions(select).join()).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
