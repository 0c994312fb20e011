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
