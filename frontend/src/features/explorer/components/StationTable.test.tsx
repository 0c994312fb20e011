import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import type { StationSet } from '../api/statistic';
import type { StationDetails } from '../api/stationsAt';
import { DEFAULT_TABLE_VIEW, type TableView } from '../lib/tableView';
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
    monitoringLocationType: index.map(() => 'River/Stream'),
    organizationId: index.map(() => 'org'),
    sampleCount: index.map((i) => i),
    firstDate: index.map(() => '2020-01-01'),
    lastDate: index.map(() => '2021-01-01'),
    total,
    totalSamples: 0,
  };
}

/** The table over `stations`, the chunk its view's page falls in (the stations stay the same: no server here). */
function Table({
  stations,
  chunkSize = 5000,
  initialView = DEFAULT_TABLE_VIEW,
  onViewChange = () => undefined,
}: {
  stations: StationSet;
  chunkSize?: number;
  initialView?: TableView;
  onViewChange?: (view: TableView) => void;
}) {
  const [selected, setSelected] = useState<StationDetails[]>([]);
  const [view, setView] = useState(initialView);
  const chunk = Math.floor(((view.page - 1) * view.pageSize) / chunkSize);
  return (
    <MemoryRouter>
      <StationTable
        stations={stations}
        selected={selected}
        onSelectionChange={setSelected}
        chunk={chunk}
        chunkSize={chunkSize}
        view={view}
        onViewChange={(next) => {
          onViewChange(next);
          setView(next);
        }}
      />
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
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('pages for real: one page of rows, the next page, a page size to choose, and selecting only this page', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table stations={stationSet(120)} />);
    expect(bodyRows()).toHaveLength(50);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Rows 51–100 of 120')).toBeInTheDocument();
    expect(within(bodyRows()[0]).getByRole('link')).toHaveTextContent('Station 0050');
    await user.click(screen.getByRole('button', { name: 'Select this page' }));
    expect(screen.getByText('50 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Rows 101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(screen.getByText('Rows 1–100 of 120')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(100);
  });

  it('moves on to the next stations of the server when the loaded ones are paged through', async () => {
    const user = userEvent.setup();
    const onViewChange = vi.fn();
    renderWithProviders(<Table stations={stationSet(100, 7000)} chunkSize={100} onViewChange={onViewChange} />);
    expect(screen.getByText('Rows 1–50 of 7,000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Rows 51–100 of 7,000')).toBeInTheDocument();
    // Page 3 is the first of the server's second chunk (rows 101–200).
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ sort: null, page: 3, pageSize: 50 });
    expect(screen.getByText('Rows 101–150 of 7,000')).toBeInTheDocument();
    // Back from the chunk's first page: the previous chunk's last page.
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ sort: null, page: 2, pageSize: 50 });
    expect(screen.getByText('Rows 51–100 of 7,000')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search the table' }), 'Beaver');
    expect(screen.getByText('Search and sort cover stations 1–100 of 7,000: narrow the filters to reach the others.')).toBeInTheDocument();
  });

  it('shows the sort and page it is given, and asks for a new sort or page size from the first page', async () => {
    const user = userEvent.setup();
    const onViewChange = vi.fn();
    renderWithProviders(
      <Table stations={stationSet(120)} initialView={{ sort: { key: 'sampleCount', direction: 'desc' }, page: 2, pageSize: 25 }} onViewChange={onViewChange} />,
    );
    expect(screen.getByText('Rows 26–50 of 120')).toBeInTheDocument();
    expect(within(bodyRows()[0]).getByRole('link')).toHaveTextContent('Station 0094');
    expect(screen.getByRole('columnheader', { name: /Samples/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');

    await user.click(screen.getByRole('button', { name: /Samples/ }));
    expect(onViewChange).toHaveBeenLastCalledWith({ sort: { key: 'sampleCount', direction: 'asc' }, page: 1, pageSize: 25 });
    expect(screen.getByText('Rows 1–25 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onViewChange).toHaveBeenLastCalledWith({ sort: { key: 'sampleCount', direction: 'asc' }, page: 2, pageSize: 25 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onViewChange).toHaveBeenLastCalledWith({ sort: { key: 'sampleCount', direction: 'asc' }, page: 1, pageSize: 50 });
  });

  it('shows the last page for a page past the end', () => {
    renderWithProviders(<Table stations={stationSet(120)} initialView={{ sort: null, page: 9, pageSize: 50 }} />);
    expect(screen.getByText('Rows 101–120 of 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('pages through the search\'s matches on its own, and is back on its page when the search is cleared', async () => {
    const user = userEvent.setup();
    const onViewChange = vi.fn();
    renderWithProviders(<Table stations={stationSet(300)} initialView={{ sort: null, page: 2, pageSize: 25 }} onViewChange={onViewChange} />);
    expect(screen.getByText('Rows 26–50 of 300')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search the table' });
    await user.type(search, 'Station 01');
    expect(screen.getByText('Rows 1–25 of 100')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Rows 26–50 of 100')).toBeInTheDocument();
    expect(onViewChange).not.toHaveBeenCalled();
    await user.clear(search);
    expect(screen.getByText('Rows 26–50 of 300')).toBeInTheDocument();
  });

  it('keeps keyboard focus on the button pressed when it can act no more: the first or last page, the selection cleared', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Table stations={stationSet(120)} />);
    const next = screen.getByRole('button', { name: 'Next page' });
    const previous = screen.getByRole('button', { name: 'Previous page' });
    next.focus();
    await user.keyboard('{Enter}{Enter}');
    // The rows now shown are said (a live region), as the focus stays on the button.
    expect(screen.getByText('Rows 101–120 of 120')).toHaveAttribute('aria-live', 'polite');
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
    // Pressed again at the end, it does nothing.
    await user.keyboard('{Enter}');
    expect(screen.getByText('Rows 101–120 of 120')).toBeInTheDocument();

    previous.focus();
    await user.keyboard('{Enter}{Enter}');
    expect(screen.getByText('Rows 1–50 of 120')).toBeInTheDocument();
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    expect(previous).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Select this page' }));
    const clear = screen.getByRole('button', { name: 'Clear selection' });
    clear.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    expect(clear).toHaveAttribute('aria-disabled', 'true');
    expect(clear).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Download selection (CSV)' })).toHaveAttribute('aria-disabled', 'true');
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
