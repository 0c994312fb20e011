import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { jsonResponse, renderWithProviders } from '../../../test/render';
import { EMPTY_FILTERS, type ExplorerFilters } from '../lib/filters';
import { UseInPython } from './UseInPython';

const FILTERS: ExplorerFilters = {
  ...EMPTY_FILTERS,
  organization: ['org-1'],
  parameter: ['p-ph'],
  county: ['34025'],
  huc: '0204',
  from: '2020-01-02',
  to: '2020-12-31',
  stationType: ['lake'],
  q: 'creek',
};

/** The code shown under the caption that starts with `label`. */
function code(label: string): string | null | undefined {
  const caption = [...document.querySelectorAll('figcaption')].find((c) => c.firstChild?.textContent === label);
  expect(caption, label).toBeDefined();
  return caption?.nextElementSibling?.textContent;
}

describe('Use in Python / R', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, [{ id: 'p-ph', label: 'pH', unit: 'std units' }])));
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
  });

  it('shows the WQP addresses and a dataretrieval snippet of the current filters, with this portal as base URL', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UseInPython filters={FILTERS} />);
    await user.click(screen.getByText('Use in Python / R'));
    const base = `${window.location.origin}/api/v1/wqp`;
    const query = 'organization=org-1&characteristicName=pH&countycode=US%3A34%3A025&huc=0204*&startDateLo=01-02-2020&startDateHi=12-31-2020&mimeType=csv';
    await waitFor(() => expect(code('Stations (WQP address)')).toBe(`${base}/data/Station/search?${query}`));
    expect(code('Results (WQP address)')).toBe(`${base}/data/Result/search?${query}`);
    const args = 'organization="org-1", characteristicName="pH", countycode="US:34:025", huc="0204*", startDateLo="01-02-2020", startDateHi="12-31-2020"';
    expect(code('Python (dataretrieval)')).toBe(
      [
        'import dataretrieval',
        'from dataretrieval import wqp',
        '',
        `with dataretrieval.configure(wqp.WqpConfiguration(base_url="${base}")):`,
        `    sites, _ = wqp.what_sites(${args})`,
        `    results, _ = wqp.get_results(${args})`,
      ].join('\n'),
    );
    expect(code('R')).toBe(
      `sites <- read.csv("${base}/data/Station/search?${query}")\nresults <- read.csv("${base}/data/Result/search?${query}")`,
    );
    expect(screen.getByText('Not part of the WQP query: station types, search text.')).toBeInTheDocument();
    expect(screen.getByText(/This portal answers the Water Quality Portal's web services/)).toBeInTheDocument();
  });

  it('lists a parameter named twice in one argument and leaves out what is not filtered', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UseInPython filters={{ ...EMPTY_FILTERS, organization: ['a', 'b'], huc: '020402061234' }} />);
    await user.click(screen.getByText('Use in Python / R'));
    expect(code('Python (dataretrieval)')).toContain('wqp.what_sites(organization=["a","b"], huc="020402061234")');
    expect(screen.queryByText(/Not part of the WQP query/)).not.toBeInTheDocument();
  });

  it('copies a snippet and says so, or says copying failed', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<UseInPython filters={FILTERS} />);
    await user.click(screen.getByText('Use in Python / R'));
    await waitFor(() => expect(code('Python (dataretrieval)')).toContain('characteristicName="pH"'));
    await user.click(screen.getByRole('button', { name: 'Copy Python (dataretrieval)' }));
    expect(writeText).toHaveBeenCalledWith(code('Python (dataretrieval)'));
    expect(await screen.findByText('Copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy R' }));
    expect(await screen.findByText('Copying failed: select the text and copy it.')).toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderWithProviders(<UseInPython filters={FILTERS} />);
    await user.click(screen.getByText('在 Python / R 中使用'));
    expect(screen.getByText('本门户提供水质门户（WQP）的网络服务：以下地址和代码片段可获取当前筛选条件下的站点和结果。')).toBeInTheDocument();
    expect(screen.getByText('以下条件不属于 WQP 查询：站点类型、搜索文本。')).toBeInTheDocument();
    // A space between Chinese and Latin words, as elsewhere in the interface ("下载 PNG").
    expect(screen.getByRole('button', { name: '复制 Python（dataretrieval）' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '复制 R' })).toBeInTheDocument();
    expect(code('站点（WQP 地址）')).toContain('/api/v1/wqp/data/Station/search?');
    expect(code('结果（WQP 地址）')).toContain('/api/v1/wqp/data/Result/search?');
  });
});
