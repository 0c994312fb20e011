import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import type { StationSet } from '../api/statistic';
import type { StationDetails } from '../api/stationsAt';
import { StationTable } from './StationTable';

/** `count` stations, two of them on the Beaver River, `total` of them in all (more than loaded when larger). */
function stationSet(count: number, total = count): StationSet {
  const index = [...Array(count).keys()];
  const name = index.map((i) => (i === 7 || i === 90 ? `Beaver River site ${i}` : `Station ${String(i).padStart(4, '0')}`));
  return {
    length: count,
    id: index.map((i) => `s${i}`),
    identifier: index.map((i) => `OWD-${i}`),
    name,
    latitude: index.map(() => 40),
    longitude: index.map(() => -100),
    stationType: index.map(() => 'surface-water'),
    organizationId: index.map(() => 'org'),
    sampleCount: index.map((i) => i),
    firstDate: index.map(() => '2020-01-01'),
    lastDate: index.map(() => '2021-01-01'),
    total,
    totalSamples: 0,
  };
}

function Table({ stations, onChunkChange = () => undefined }: { stations: StationSet; onChunkChange?: (chunk: number) => void }) {
  const [selected, setSelected] = useState<StationDetails[]>([]);
  return (
    <MemoryRouter>
      <StationTable stations={stations} selected={selected} onSelectionChange={setSelected} chunk={0} chunkSize={5000} onChunkChange={onChunkChange} />
    </MemoryRouter>
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the explorer table', () => {
  it('counts the rows the table search leaves', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table stations={stationSet(2006)} />);
    expect(screen.getByText('Rows 1–50 of 2,006')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search the table' }), 'Beaver');
    expect(bodyRows()).toHaveLength(2);
    expect(screen.getByText('Rows 1–2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('pages for real: one page of rows, the next page, a page size to choose, and selecting only this page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table stations={stationSet(120)} />);
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Rows 51–100 of 120')).toBeInTheDocument();
    expect(within(bodyRows()[0]).getByRole('link')).toHaveTextContent('Station 0050');
    await user.click(screen.getByRole('button', { name: 'Select this page' }));
    expect(screen.getByText('50 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Rows 101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(screen.getByText('Rows 1–100 of 120')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(100);
  });

  it('moves on to the next stations of the server when the loaded ones are paged through', async () => {
    const user = userEvent.setup();
    const onChunkChange = vi.fn();
    renderWithProviders(<Table stations={stationSet(100, 7000)} onChunkChange={onChunkChange} />);
    expect(screen.getByText('Rows 1–50 of 7,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Rows 51–100 of 7,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChunkChange).toHaveBeenCalledWith(1);
    await user.type(screen.getByRole('searchbox', { name: 'Search the table' }), 'Beaver');
    expect(screen.getByText('Search and sort cover stations 1–100 of 7,000: narrow the filters to reach the others.')).toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<Table stations={stationSet(100, 7000)} />);
    expect(screen.getByText('第 1–50 行，共 7,000 行')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '每页行数' })).toBeInTheDocument();
    await userEvent.setup().type(screen.getByRole('searchbox', { name: '搜索表格' }), 'Beaver');
    expect(screen.getByText('搜索和排序仅涵盖第 1–100 个站点（共 7,000 个）：请缩小筛选范围以查看其余站点。')).toBeInTheDocument();
    await changeLanguage('en');
  });
});
