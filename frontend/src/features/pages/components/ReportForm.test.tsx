import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../i18n';
import { fakePagesServer } from '../test/fakePagesServer';
import { renderPages } from '../test/renderPages';
import { holdAnswers } from '../../../test/holdAnswers';
import { reportFileName } from '../api/report';
import { polling } from './ReportForm';

let server: ReturnType<typeof fakePagesServer>;
let downloads: string[];

// A queued report's progress asked for more often than in the product: each look at the fake server moves the job on
// a step, so the tests follow it through the same states in a fraction of the real seconds.
const REAL_POLLING = { ...polling };
const FAST_POLLING = { reportMs: 400, reportMaxMs: 400 };

/** Today in the visitor's time zone, as a report's file name carries it. */
function today(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
}

beforeEach(() => {
  Object.assign(polling, FAST_POLLING);
  server = fakePagesServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  downloads = [];
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(`${this.download} ${this.href}`);
  });
});

afterEach(() => {
  Object.assign(polling, REAL_POLLING);
});

/** The report's outcome, said in the live region that is on the page before it (so that it is announced). */
async function outcome(text: string, timeout?: number) {
  const status = screen.getByRole('status');
  await waitFor(() => expect(status).toHaveTextContent(text), { timeout });
  return status;
}

describe('the PDF report', () => {
  it("is linked from the explorer's header with the explorer's filter", async () => {
    const user = userEvent.setup();
    renderPages('/sts/overview?organization=org-1&stationType=lake');
    const link = await screen.findByRole('link', { name: 'PDF report' });
    expect(link).toHaveAttribute('href', '/sts/report?organization=org-1&stationType=lake');
    // Its icon is drawn, not a font's symbol (an empty box where the font lacks it).
    expect(link.querySelector('svg')).not.toBeNull();
    expect(link.textContent).toBe(' PDF report');
    await user.click(link);
    expect(await screen.findByText(/\(Organizations: Demo Watershed Council; Station types: Lake or reservoir\)/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'PDF report' })).toBeNull();
  });

  it("asks the server for the explorer's filter and the dates, and downloads the PDF", async () => {
    const user = userEvent.setup();
    renderPages('/sts/report?organization=org-1&parameter=p-ph,p-temp&stationType=lake&from=2020-01-01&mode=map');
    expect(await screen.findByText(
      'Stations: the explorer’s filter in this page’s address (Organizations: Demo Watershed Council; Parameters: pH, Water temperature; Station types: Lake or reservoir).',
      { exact: false }, { timeout: 5000 },
    )).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue('2020-01-01');
    await user.type(screen.getByLabelText('To'), '2021-06-30');
    await user.click(screen.getByRole('button', { name: 'Create the PDF report' }));
    await outcome('The report is ready (0.1 KB). Download it again');
    expect(server.calls).toContainEqual({
      method: 'POST', path: '/report',
      body: { filter: { organization: 'org-1', parameter: 'p-ph,p-temp', stationType: 'lake' }, stationIds: [],
        from: '2020-01-01', to: '2021-06-30', language: 'en' },
    });
    expect(downloads).toEqual([`open-water-data-report-${today()}.pdf blob:report`]);
    expect(screen.getByRole('link', { name: 'Download it again' })).toHaveAttribute('href', 'blob:report');
  });

  it("describes the explorer's filter in words, as the explorer names it, in English and Simplified Chinese", async () => {
    renderPages('/sts/report?stationType=groundwater&q=Honolulu');
    const english = 'Stations: the explorer’s filter in this page’s address (Station types: Groundwater; Search stations: Honolulu).';
    expect(await screen.findByText(english, { exact: false }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(/stationType=|q=/)).toBeNull();
    cleanup();

    await changeLanguage('zh-CN');
    renderPages('/sts/report?stationType=groundwater,karst-pool&q=Honolulu');
    // A type the interface has no word for keeps the reference list's name.
    expect(await screen.findByText('站点：本页地址中的数据浏览器筛选条件（站点类型：地下水、Karst pool；搜索站点：Honolulu）。', { exact: false }, { timeout: 5000 }))
      .toBeInTheDocument();
  });

  it('takes a chosen set of stations, in Simplified Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderPages('/sts/report?stations=s-1,s-2,s-3');
    expect(await screen.findByText(/站点：在数据浏览器中选择的 3 个站点。/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '生成 PDF 报告' }));
    await outcome('报告已生成');
    expect(server.calls.find((c) => c.path === '/report')?.body).toMatchObject({ stationIds: ['s-1', 's-2', 's-3'], language: 'zh-CN' });
  });

  it('follows a large report queued on the server, with its progress, then downloads it', async () => {
    const user = userEvent.setup();
    const ids = Array.from({ length: 120 }, (_, n) => `s-${n}`).join(',');
    renderPages(`/sts/report?stations=${ids}`);
    await user.click(await screen.findByRole('button', { name: 'Create the PDF report' }, { timeout: 5000 }));
    expect(await screen.findByRole('progressbar', { name: 'A large report (120 stations) is being made: 0 % done.' })).toBeInTheDocument();
    // Not disabled, which would drop the keyboard focus to the page: aria-disabled, and pressing it asks for nothing more.
    const creating = screen.getByRole('button', { name: 'Creating the report…' });
    expect(creating).toHaveAttribute('aria-disabled', 'true');
    expect(creating).toHaveFocus();
    await user.click(creating);
    expect(server.calls.filter((c) => c.path === '/report')).toHaveLength(1);
    expect(await screen.findByRole('progressbar', { name: 'A large report (120 stations) is being made: 50 % done.' }, { timeout: 5000 }))
      .toHaveAttribute('value', '0.5');
    await outcome('The report is ready (0.1 KB).', 8000);
    expect(screen.getByRole('button', { name: 'Create the PDF report' })).toHaveFocus();
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toEqual(expect.arrayContaining(['GET /report/r-1', 'GET /report/r-1/pdf']));
    expect(downloads).toEqual([`open-water-data-report-${today()}.pdf blob:report`]);
  }, 15_000);

  it("announces a large report's progress, not only its outcome: the focused button's new name is not read", async () => {
    const user = userEvent.setup();
    const ids = Array.from({ length: 120 }, (_, n) => `s-${n}`).join(',');
    renderPages(`/sts/report?stations=${ids}`);
    await user.click(await screen.findByRole('button', { name: 'Create the PDF report' }, { timeout: 5000 }));
    await outcome('A large report (120 stations) is being made: 0 % done.');
    await outcome('A large report (120 stations) is being made: 50 % done.', 5000);
    await outcome('The report is ready (0.1 KB).', 8000);
  }, 15_000);

  it('says so when the worker could not make a queued report', async () => {
    const user = userEvent.setup();
    renderPages(`/sts/report?stations=${Array.from({ length: 999 }, (_, n) => `s-${n}`).join(',')}`);
    await user.click(await screen.findByRole('button', { name: 'Create the PDF report' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('The report could not be made. Please try again.');
    expect(downloads).toEqual([]);
  }, 15_000);

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    server.fail('POST', /^\/report$/, 400, 'No station matches this filter.');
    renderPages('/sts/report');
    expect(await screen.findByText(/Stations: no filter, every station\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create the PDF report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No station matches this filter.');
    expect(downloads).toEqual([]);
  });

  it("says how many stations the explorer's filter and the dates match, and the server's true limits", async () => {
    renderPages('/sts/report?organization=org-1&q=Fairview&from=2020-01-01');
    expect(await screen.findByText('The report covers 42 stations.')).toBeInTheDocument();
    expect(screen.getByText('A report covers at most 2,000 stations; one of more than 100 is made in the background and takes longer.'))
      .toBeInTheDocument();
    expect(screen.queryByText(/at most 100 stations/)).toBeNull();
    expect(server.calls).toContainEqual({
      method: 'POST', path: '/statistic',
      body: { organizationIds: 'org-1', search: 'Fairview', from: '2020-01-01', format: 'objects', limit: 1 },
    });
    expect(screen.getByRole('button', { name: 'Create the PDF report' })).toBeEnabled();
  });

  it('says before the button is pressed that the filter matches more stations than a report covers, and where to narrow it', async () => {
    server.matchStations(2010);
    renderPages('/sts/report?stationType=lake&mode=map');
    const warning = await screen.findByText('This report would cover 2,010 stations, but a report covers at most 2,000.', { exact: false });
    const narrow = within(warning).getByRole('link', { name: 'Narrow the filter in the explorer, then come back with its “PDF report” button.' });
    expect(narrow).toHaveAttribute('href', '/sts/overview?stationType=lake&mode=map');
    const create = screen.getByRole('button', { name: 'Create the PDF report' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription(/This report would cover 2,010 stations/);
    await userEvent.click(create);
    expect(server.calls.filter((c) => c.path === '/report')).toEqual([]);
    cleanup();

    await changeLanguage('zh-CN');
    renderPages('/sts/report');
    expect(await screen.findByText('此报告将包含 2,010 个站点，但一份报告最多包含 2,000 个站点。', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '请在数据浏览器中缩小筛选范围，然后通过其中的“PDF 报告”按钮返回。' })).toHaveAttribute('href', '/sts/overview');
    expect(screen.getByRole('button', { name: '生成 PDF 报告' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('counts a chosen set of stations without asking the server', async () => {
    renderPages(`/sts/report?stations=${Array.from({ length: 2001 }, (_, n) => `s-${n}`).join(',')}`);
    expect(await screen.findByText('This report would cover 2,001 stations, but a report covers at most 2,000.', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create the PDF report' })).toHaveAttribute('aria-disabled', 'true');
    expect(server.calls.filter((c) => c.path === '/statistic')).toEqual([]);
  });

  it('gives the size of a small report in KB and of a large one in MB, in the interface language', async () => {
    const user = userEvent.setup();
    const sized = (bytes: number) => vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/report')
        ? new Response(new Uint8Array(bytes), { status: 200, headers: { 'Content-Type': 'application/pdf' } })
        : server.fetch(input, init));
    vi.stubGlobal('fetch', sized(3_210));
    renderPages('/sts/report?stationType=lake');
    await user.click(await screen.findByRole('button', { name: 'Create the PDF report' }));
    await outcome('The report is ready (3.2 KB).');
    cleanup();

    vi.stubGlobal('fetch', sized(2_480_000));
    await changeLanguage('zh-CN');
    renderPages('/sts/report?stationType=lake');
    await user.click(await screen.findByRole('button', { name: '生成 PDF 报告' }));
    await outcome('报告已生成（2.5 MB）。');
  });

  it('takes the report of a previous filter away when the address names another one', async () => {
    const user = userEvent.setup();
    const { router } = renderPages('/sts/report?stationType=lake&from=2020-01-01');
    await user.click(await screen.findByRole('button', { name: 'Create the PDF report' }));
    await outcome('The report is ready');
    await act(() => router.navigate('/sts/report?stationType=groundwater'));
    expect(await screen.findByText(/Station types: Groundwater/, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('link', { name: 'Download it again' })).toBeNull();
    expect(screen.getByLabelText('From')).toHaveValue('');
  });

  it('keeps the keyboard focus on the button while the report is made, and announces it ready', async () => {
    const user = userEvent.setup();
    // The PDF is on its way until the test lets it come.
    const answer = holdAnswers(server.fetch, (input) => String(input).endsWith('/report'));
    renderPages('/sts/report?stationType=lake');
    await screen.findByText('The report covers 42 stations.', {}, { timeout: 5000 });
    // The live region is on the page, empty, before there is anything to say.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    const create = screen.getByRole('button', { name: 'Create the PDF report' });
    create.focus();
    await user.keyboard('{Enter}');
    expect(create).toHaveAccessibleName('Creating the report…');
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveFocus();
    answer();
    await outcome('The report is ready (0.1 KB).');
    expect(create).not.toHaveAttribute('aria-disabled');
    expect(create).toHaveFocus();
    expect(downloads).toEqual([`open-water-data-report-${today()}.pdf blob:report`]);
  });

  it('keeps the keyboard focus on the button when the report could not be made', async () => {
    const user = userEvent.setup();
    server.fail('POST', /^\/report$/, 500, 'The report service is down.');
    const answer = holdAnswers(server.fetch, (input) => String(input).endsWith('/report'));
    renderPages('/sts/report?stationType=lake');
    const create = await screen.findByRole('button', { name: 'Create the PDF report' }, { timeout: 5000 });
    create.focus();
    await user.keyboard('{Enter}');
    // A disabled button would lose the focus (browsers move it to the page's body).
    expect(create).not.toBeDisabled();
    expect(create).toHaveAttribute('aria-disabled', 'true');
    answer();
    expect(await screen.findByRole('alert')).toHaveTextContent('The report service is down.');
    expect(create).toHaveFocus();
    expect(create).not.toHaveAttribute('aria-disabled');
  });

  it('offers no report when the filter and the dates match no station, and says why at the button', async () => {
    const user = userEvent.setup();
    server.matchStations(0);
    renderPages('/sts/report?stationType=lake&from=2030-01-01');
    const note = await screen.findByText('No station matches the filter and these dates: there is nothing to report.', { exact: false }, { timeout: 5000 });
    expect(screen.queryByText('The report covers 0 stations.')).toBeNull();
    expect(within(note).getByRole('link', { name: 'Change the filter in the explorer, then come back with its “PDF report” button.' }))
      .toHaveAttribute('href', '/sts/overview?stationType=lake&from=2030-01-01');
    const create = screen.getByRole('button', { name: 'Create the PDF report' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription(/^No station matches the filter and these dates: there is nothing to report\./);
    await user.click(create);
    // Enter in a date field submits the form too: no report is asked for either.
    await user.type(screen.getByLabelText('To'), '2030-12-31{Enter}');
    expect(server.calls.filter((c) => c.path === '/report')).toEqual([]);
    expect(downloads).toEqual([]);
    cleanup();

    await changeLanguage('zh-CN');
    renderPages('/sts/report?stationType=lake');
    expect(await screen.findByText('没有站点符合筛选条件和这些日期，没有可生成的报告。', { exact: false }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '请在数据浏览器中更改筛选条件，然后通过其中的“PDF 报告”按钮返回。' })).toHaveAttribute('href', '/sts/overview?stationType=lake');
    expect(screen.getByRole('button', { name: '生成 PDF 报告' })).toHaveAttribute('aria-disabled', 'true');
  });
});

/** `count` chosen stations: more than 100 make a queued report. */
const chosen = (count: number) => Array.from({ length: count }, (_, n) => `s-${n}`).join(',');

describe('the PDF report offered', () => {
  it('is taken away when the dates change, and the dates cannot change while a report is being made', async () => {
    const user = userEvent.setup();
    const answer = holdAnswers(server.fetch, (input) => String(input).endsWith('/report'));
    renderPages('/sts/report?q=OWD-HI');
    await screen.findByText('The report covers 42 stations.', {}, { timeout: 5000 });
    // Enter in a date field asks for the report: the report on its way is of these dates, they cannot change
    // meanwhile, and the keyboard focus goes to the button that says the report is being made.
    screen.getByLabelText('To').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('From')).toBeDisabled();
    expect(screen.getByLabelText('To')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Creating the report…' })).toHaveFocus();
    answer();
    await outcome('The report is ready (0.1 KB). Download it again');
    expect(screen.getByLabelText('From')).toBeEnabled();

    await user.type(screen.getByLabelText('From'), '2020-01-01');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('link', { name: 'Download it again' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create the PDF report' }));
    await outcome('The report is ready');
    expect(server.calls.filter((c) => c.path === '/report').map((c) => (c.body as { from: string }).from)).toEqual(['', '2020-01-01']);

    // Nor is a report in another language offered: the next one is drawn in the interface's.
    await act(() => changeLanguage('zh-CN'));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('button', { name: '生成 PDF 报告' })).toBeInTheDocument();
  });

  it('names the file by the station when there is one, and by the day it was made', async () => {
    const user = userEvent.setup();
    renderPages('/sts/report?stations=OWD-HI-0001');
    await user.click(await screen.findByRole('button', { name: 'Create the PDF report' }, { timeout: 5000 }));
    await outcome('The report is ready');
    expect(downloads).toEqual([`open-water-data-report-OWD-HI-0001-${today()}.pdf blob:report`]);
    expect(screen.getByRole('link', { name: 'Download it again' })).toHaveAttribute('download', `open-water-data-report-OWD-HI-0001-${today()}.pdf`);
    cleanup();

    // A station the explorer hands over by its id: named by its identifier, read from the server.
    downloads.length = 0;
    const id = '0b6c8c1e-1d2f-5a3b-9c4d-5e6f7a8b9c0d';
    server.station(id, 'USGS 01646500/a');
    renderPages(`/sts/report?stations=${id}`);
    await waitFor(() => expect(server.calls.some((c) => c.path === `/station/${id}`)).toBe(true));
    await user.click(await screen.findByRole('button', { name: 'Create the PDF report' }));
    await outcome('The report is ready');
    expect(downloads).toEqual([`open-water-data-report-USGS-01646500-a-${today()}.pdf blob:report`]);
  });

  it('makes file names safe on every file system', () => {
    const day = new Date(2026, 10, 27, 23, 59);
    expect(reportFileName(undefined, day)).toBe('open-water-data-report-2026-11-27.pdf');
    expect(reportFileName('OWD-HI-0001', day)).toBe('open-water-data-report-OWD-HI-0001-2026-11-27.pdf');
    expect(reportFileName('../a:b*c?"d<e>|f\\g h', day)).toBe('open-water-data-report-a-b-c-d-e-f-g-h-2026-11-27.pdf');
    expect(reportFileName('檀香山站', day)).toBe('open-water-data-report-2026-11-27.pdf');
    expect(reportFileName('X'.repeat(200), day)).toBe(`open-water-data-report-${'X'.repeat(60)}-2026-11-27.pdf`);
  });
});

describe('a queued report', () => {
  it('is no longer followed when it has not moved on for 15 minutes, asked for less often as it goes on; it can be asked for again', async () => {
    Object.assign(polling, REAL_POLLING);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      server.stallReports();
      const polls: number[] = [];
      vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).endsWith('/report/r-1')) polls.push(Date.now());
        return server.fetch(input, init);
      }));
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPages(`/sts/report?stations=${chosen(152)}`);
      await user.click(await screen.findByRole('button', { name: 'Create the PDF report' }, { timeout: 5000 }));
      expect(await screen.findByRole('progressbar', { name: 'A large report (152 stations) is being made: 0 % done.' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(14 * 60_000));
      expect(screen.queryByRole('alert')).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(60_000 + 5_000));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The report has not moved on for 15 minutes: the server may be busy. This page stopped waiting for it. Try again');
      expect(screen.queryByRole('progressbar')).toBeNull();
      // First after 2 s, then less often, never more than 5 s apart: some 180 looks in 15 minutes, not 450.
      const gaps = polls.slice(1).map((at, n) => at - polls[n]!);
      expect(gaps[0]).toBeGreaterThanOrEqual(3_000);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(5_500);
      expect(polls.length).toBeGreaterThan(150);
      expect(polls.length).toBeLessThan(200);
      // And it stopped.
      const looked = polls.length;
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(polls).toHaveLength(looked);

      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(server.calls.filter((c) => c.path === '/report')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Creating the report…' })).toHaveFocus();
      expect(screen.queryByRole('alert')).toBeNull();
      cleanup();

      await changeLanguage('zh-CN');
      renderPages(`/sts/report?stations=${chosen(152)}`);
      await user.click(await screen.findByRole('button', { name: '生成 PDF 报告' }, { timeout: 5000 }));
      expect(await screen.findByRole('progressbar', { name: '正在生成大型报告（152 个站点）：已完成 0%。' })).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(15 * 60_000 + 5_000));
      expect(await screen.findByRole('alert')).toHaveTextContent('报告已有 15 分钟没有进展：服务器可能繁忙。本页已停止等待。 重试');
    } finally {
      vi.useRealTimers();
    }
  }, 30_000);

  it("says why it failed in the interface's language: the server's reason when it gives one, else the page's own words", async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    for (const [message, shown] of [
      [null, '无法生成报告，请重试。'],
      ['', '无法生成报告，请重试。'],
      ['  ', '无法生成报告，请重试。'],
      ['报告生成失败：工作进程超时。', '报告生成失败：工作进程超时。'],
    ] as const) {
      server = fakePagesServer();
      server.failReportsWith(message);
      const fetch = vi.fn(server.fetch);
      vi.stubGlobal('fetch', fetch);
      renderPages(`/sts/report?stations=${chosen(999)}`);
      await user.click(await screen.findByRole('button', { name: '生成 PDF 报告' }, { timeout: 5000 }));
      expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(new RegExp(`^${shown}$`));
      // Each look at the job asks for the interface's language, in which the server says why.
      const looks = fetch.mock.calls.filter(([input]) => String(input).endsWith('/report/r-1'));
      expect(looks.length).toBeGreaterThan(0);
      for (const [, init] of looks) expect(new Headers(init?.headers).get('Accept-Language')).toBe('zh-CN, en;q=0.5');
      expect(downloads).toEqual([]);
      cleanup();
    }
  }, 30_000);
});

describe('a filter the server would refuse', () => {
  it('says at once that the hydrologic unit is not a code, as the server checks it, and offers no report', async () => {
    renderPages('/sts/report?huc=abc&stationType=lake');
    const note = await screen.findByText(
      'The hydrologic unit (HUC) of the filter, “abc”, is not valid: a hydrologic unit code has 2, 4, 6, 8, 10 or 12 digits.', { exact: false },
    );
    expect(within(note).getByRole('link', { name: 'Correct it in the explorer, then come back with its “PDF report” button.' }))
      .toHaveAttribute('href', '/sts/overview?huc=abc&stationType=lake');
    const create = screen.getByRole('button', { name: 'Create the PDF report' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription(/^The hydrologic unit \(HUC\) of the filter, “abc”, is not valid/);
    await userEvent.click(create);
    expect(server.calls.filter((c) => c.path === '/report' || c.path === '/statistic')).toEqual([]);
    cleanup();

    // Codes of 2, 4, 6, 8, 10 or 12 digits, comma separated, are codes (chalicelib/statistics/service.py).
    renderPages('/sts/report?huc=01,0203,123456789012');
    expect(await screen.findByText('The report covers 42 stations.')).toBeInTheDocument();
    expect(screen.queryByText(/is not valid/)).toBeNull();
    cleanup();

    for (const huc of ['123', '1234567890123', '12a4']) {
      renderPages(`/sts/report?huc=${huc}`);
      expect(await screen.findByText(`The hydrologic unit (HUC) of the filter, “${huc}”, is not valid`, { exact: false })).toBeInTheDocument();
      cleanup();
    }

    await changeLanguage('zh-CN');
    renderPages('/sts/report?huc=abc');
    expect(await screen.findByText('筛选条件中的水文单元（HUC）“abc”无效：水文单元代码为 2、4、6、8、10 或 12 位数字。', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '请在数据浏览器中更正，然后通过其中的“PDF 报告”按钮返回。' })).toHaveAttribute('href', '/sts/overview?huc=abc');
    expect(screen.getByRole('button', { name: '生成 PDF 报告' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('says at the date fields that the start is after the end, and offers no report', async () => {
    const user = userEvent.setup();
    renderPages('/sts/report?stationType=lake&from=2021-01-01');
    await screen.findByText('The report covers 42 stations.', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('To'), '2020-12-31');
    expect(screen.getByText('The start date must not be after the end date.')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    const create = screen.getByRole('button', { name: 'Create the PDF report' });
    expect(create).toHaveAttribute('aria-disabled', 'true');
    expect(create).toHaveAccessibleDescription('The start date must not be after the end date.');
    await user.click(create);
    expect(server.calls.filter((c) => c.path === '/report')).toEqual([]);
    cleanup();

    await changeLanguage('zh-CN');
    renderPages('/sts/report?from=2021-01-01&to=2020-12-31');
    expect(await screen.findByText('开始日期不能晚于结束日期。')).toBeInTheDocument();
  });
});
