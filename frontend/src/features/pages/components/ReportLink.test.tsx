import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import type { StationDetails } from '../../explorer/api/stationsAt';
import { selectionStore } from '../../explorer/lib/selection';
import { fakePagesServer } from '../test/fakePagesServer';
import { renderPages } from '../test/renderPages';
import { reportAddress } from './ReportLink';

let server: ReturnType<typeof fakePagesServer>;

/** A station's id as the server makes them (a UUID: 36 characters). */
const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Stations selected in the explorer (the table's or the map's selection boxes). */
function select(count: number): string[] {
  const stations: StationDetails[] = Array.from({ length: count }, (_, n) => ({
    id: idOf(n), identifier: `OWD-HI-${n}`, name: `Station ${n}`, latitude: 21, longitude: -157, stationType: 'lake',
    monitoringLocationType: '', organizationId: 'org-1', sampleCount: 1, firstDate: '2020-01-01', lastDate: '2020-01-02',
  }));
  act(() => selectionStore.setSelected(stations));
  return stations.map((s) => s.id);
}

beforeEach(() => {
  selectionStore.reset();
  server = fakePagesServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

afterEach(() => {
  selectionStore.reset();
});

const EXPLORER = '/sts/overview?organization=org-1&from=2020-01-01&mode=map';

describe("the explorer's PDF report link", () => {
  it('hands the selected stations over to the report, says so, and the report page leads back to the same filter and dates', async () => {
    const user = userEvent.setup();
    const ids = select(3);
    renderPages(EXPLORER);
    const link = await screen.findByRole('link', { name: 'PDF report of the selected stations (3)' });
    expect(link).toHaveAttribute('href', `/sts/report?organization=org-1&from=2020-01-01&mode=map&stations=${ids.join(',')}`);
    expect(link).toHaveAttribute('title', 'PDF report of the selected stations (3)');
    // Not the words of the explorer's table ("3 selected"), which a search for them would find twice.
    expect(within(screen.getByRole('banner')).queryByText(/3 selected/)).toBeNull();
    await user.click(link);

    expect(await screen.findByText(/Stations: the 3 chosen in the explorer\./, {}, { timeout: 5000 })).toBeInTheDocument();
    // Not the filter's count: the report is of the chosen stations.
    expect(screen.queryByText(/The report covers/)).toBeNull();
    expect(screen.getByLabelText('From')).toHaveValue('2020-01-01');
    expect(screen.getByRole('link', { name: 'Choose stations in the explorer' })).toHaveAttribute('href', EXPLORER);
    await user.click(screen.getByRole('button', { name: 'Create the PDF report' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The report is ready'));
    expect(server.calls.find((c) => c.path === '/report')?.body).toMatchObject({ stationIds: ids, from: '2020-01-01' });
  });

  it("is the report of the explorer's filter when no station is selected, and says so in both languages", async () => {
    renderPages(EXPLORER);
    const link = await screen.findByRole('link', { name: 'PDF report' });
    expect(link).toHaveAttribute('href', '/sts/report?organization=org-1&from=2020-01-01&mode=map');
    expect(link).toHaveAttribute('title', 'A PDF report of the explorer’s filter');
    // Selecting follows at once.
    select(1);
    expect(await screen.findByRole('link', { name: 'PDF report of the selected station' })).toHaveAttribute(
      'href', `/sts/report?organization=org-1&from=2020-01-01&mode=map&stations=${idOf(0)}`,
    );
    cleanup();

    await changeLanguage('zh-CN');
    renderPages(EXPLORER);
    expect(await screen.findByRole('link', { name: '所选站点（1 个）的 PDF 报告' })).toBeInTheDocument();
    act(() => selectionStore.reset());
    expect(await screen.findByRole('link', { name: 'PDF 报告' })).toHaveAttribute('title', '数据浏览器当前筛选条件的 PDF 报告');
  });

  it('keeps the address short: 250 stations at most are handed over, more open the report of the filter, which says why', async () => {
    const user = userEvent.setup();
    // A full table page at its largest size: an address of about 9 KB.
    expect(reportAddress('?q=Fairview', select(250)).length).toBeLessThan(10_000);

    select(251);
    renderPages('/sts/overview?q=Fairview');
    const link = await screen.findByRole('link', { name: 'PDF report' });
    expect(link).toHaveAttribute('href', '/sts/report?q=Fairview&selected=251');
    expect(link).toHaveAttribute(
      'title', 'A PDF report of the explorer’s filter: 251 selected stations are more than this button can hand over (at most 250)',
    );
    await user.click(link);
    expect(await screen.findByText(
      'You selected 251 stations in the explorer: more than its “PDF report” button can hand over (at most 250). This report covers the explorer’s filter instead; to report on chosen stations, select at most 250 of them.',
      {}, { timeout: 5000 },
    )).toBeInTheDocument();
    expect(await screen.findByText('The report covers 42 stations.')).toBeInTheDocument();
    // The way back to the explorer does not carry the count.
    expect(screen.getByRole('link', { name: 'Choose stations in the explorer' })).toHaveAttribute('href', '/sts/overview?q=Fairview');
    await user.click(screen.getByRole('button', { name: 'Create the PDF report' }));
    await waitFor(() => expect(server.calls.find((c) => c.path === '/report')?.body).toMatchObject({ filter: { q: 'Fairview' }, stationIds: [] }));
    cleanup();

    await changeLanguage('zh-CN');
    renderPages('/sts/overview?q=Fairview');
    expect(await screen.findByRole('link', { name: 'PDF 报告' })).toHaveAttribute(
      'title', '数据浏览器当前筛选条件的 PDF 报告：所选的 251 个站点超过了此按钮可传递的数量（最多 250 个）',
    );
    await user.click(screen.getByRole('link', { name: 'PDF 报告' }));
    expect(await screen.findByText(
      '您在数据浏览器中选择了 251 个站点，超过了其“PDF 报告”按钮可传递的数量（最多 250 个）。此报告因此包含数据浏览器的筛选条件；如需所选站点的报告，请最多选择 250 个站点。',
      {}, { timeout: 5000 },
    )).toBeInTheDocument();
  });
});
