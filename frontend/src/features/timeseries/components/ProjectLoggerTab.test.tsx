import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { FakeUpload, fakeImportServer, importLog, type FakeImportOptions } from '../../imports/test/fakeImportServer';
import { DEMO_ORG, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';
import { shownZone } from '../lib/zone';

const PROJECT = `/userspace/organizations/${DEMO_ORG}/projects/p-creek`;
const SOURCES = `/organization/${DEMO_ORG}/projects/p-creek/import-sources`;
const MILL_CREEK_SERIES = { id: 'ts-1', stationId: 's-1', stationIdentifier: 'MILL-1', parameterId: 'par-cond', parameterName: 'Specific conductance', statistic: null, sensor: null, unit: 'uS/cm', count: 35040, firstTime: '2023-01-01T00:00:00Z', lastTime: '2023-12-31T23:45:00Z' };
/** The series a USGS Water Services file brings once imported. */
const GAGE_SERIES = { id: 'ts-2', stationId: 's-9', stationIdentifier: 'USGS-01491000', parameterId: 'par-q', parameterName: 'Discharge', statistic: null, sensor: null, unit: 'ft3/s', count: 20, firstTime: '2019-02-14T05:00:00Z', lastTime: '2019-02-14T09:45:00Z' };
let sources: Record<string, unknown>[];
let series: Record<string, unknown>[];
let calls: { method: string; path: string; body: unknown; query?: string }[];
/** What the fake server waits for before it answers a Run now (a test holds it to press while a run is on its way). */
let runAnswered: Promise<void>;
let imports: ReturnType<typeof fakeImportServer>;

/** The project's import routes (a logger file through import-ts-data) as the server answers them. */
function serveImports(options: Partial<FakeImportOptions> = {}) {
  imports = fakeImportServer({
    organizationId: DEMO_ORG, projectId: 'p-creek', endpoint: 'import-ts-data',
    states: [
      importLog({ fileName: 'gage.json', status: 'running', rowsDone: 8, progress: 0.4, startedAt: new Date().toISOString() }),
      importLog({ fileName: 'gage.json', status: 'succeeded', detectedFormat: 'usgs-json', rowsTotal: 20, rowsDone: 20, rowsImported: 20, stationsCreated: 2, message: '20 values of 4 series read.' }),
    ],
    ...options,
  });
}

/** The time-series routes in front of the organizations' fake server (same paths and shapes as the API's). */
function withTimeSeries(server: ReturnType<typeof fakeOrganizationsServer>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    calls.push({ method, path, body, query: url.search });
    if (path === '/wapi/ts/list') return json(imports.ended() ? [...series, GAGE_SERIES] : series);
    // A series' values deleted: a period takes 96 of them (a day of 15-minute values), none the whole series.
    const deleting = /^\/wapi\/ts\/series\/([^/]+)$/.exec(path);
    if (deleting && method === 'DELETE') {
      const found = series.find((s) => s.id === deleting[1]);
      if (!found) return json({ message: 'Time series not found.' }, 404);
      const deleted = url.searchParams.has('from') || url.searchParams.has('to') ? 96 : (found.count as number);
      series = series.map((s) => (s === found ? { ...s, count: (s.count as number) - deleted } : s)).filter((s) => (s.count as number) > 0);
      return json({ deleted });
    }
    const imported = await imports.handle(input, init);
    if (imported) return imported;
    if (path === SOURCES && method === 'GET') return json(sources);
    if (path === SOURCES && method === 'POST') {
      const created = { id: 'src-1', enabled: true, lastStatus: null, lastMessage: null, ...(body as object) };
      sources.push(created);
      return json(created, 201);
    }
    const source = /^\/organization\/[^/]+\/projects\/p-creek\/import-sources\/([^/]+)/.exec(path);
    if (source) {
      // A source deleted (here or elsewhere) is not found, as the API answers (chalicelib/sources/service.py).
      const found = sources.find((s) => s.id === source[1]);
      if (!found) return json({ message: 'Import source not found.' }, 404);
      if (path.endsWith('/run') && method === 'POST') {
        await runAnswered;
        Object.assign(found, { lastStatus: 'failed', lastMessage: 'The source answered HTTP 503 instead of a file. Next try in 5 minutes.' });
        return json(found);
      }
      if (method === 'PATCH') {
        const url = (body as { url?: string }).url;
        if (url !== undefined && !/^https?:\/\//.test(url)) return json({ message: 'Only http and https URLs can be imported.' }, 400);
        if (url?.includes('127.0.0.1')) return json({ message: 'The URL points at a private, loopback or link-local address; only public addresses can be imported.' }, 400);
        Object.assign(found, body as object);
        return json(found);
      }
      if (method === 'DELETE') {
        sources = sources.filter((s) => s !== found);
        return json({ deleted: found.id });
      }
    }
    return server.fetch(input, init);
  };
}

beforeAll(async () => {
  await import('../../projects/routes/ProjectPage');
});

beforeEach(() => {
  runAnswered = Promise.resolve();
  setApiBase(undefined);
  toast.clear();
  sources = [];
  series = [MILL_CREEK_SERIES];
  calls = [];
  serveImports();
  vi.stubGlobal('fetch', vi.fn(withTimeSeries(fakeOrganizationsServer())));
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

describe("a project's logger data", () => {
  it('lists the series and lets a contributor add a source, run it and read its last result', async () => {
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const series = await screen.findByRole('region', { name: 'Series of this project' });
    const row = within(series).getByRole('row', { name: /MILL-1/ });
    expect(within(row).getByRole('link', { name: 'MILL-1' })).toHaveAttribute('href', '/sts/station/s-1/chart');
    // First and last as dates and times in the interface's language (in the browser's time zone), not UTC ISO strings.
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
    const [first, last] = [when.format(new Date('2023-01-01T00:00:00Z')), when.format(new Date('2023-12-31T23:45:00Z'))];
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['MILL-1', 'Specific conductance', 'uS/cm', '35,040', first, last, 'Delete values…']);
    expect(row).not.toHaveTextContent('2023-01-01T00:00:00Z');
    const panel = screen.getByRole('region', { name: 'Import sources' });
    expect(within(panel).getByText('No import sources yet.')).toBeInTheDocument();
    expect(within(panel).getByText(/^Each source is fetched on its schedule and imported when its answer has changed\. If a scheduled run starts failing, whoever added the source is emailed/)).toBeInTheDocument();
    await userEvent.type(within(panel).getByRole('textbox', { name: 'Name' }), 'Choptank gages');
    await userEvent.type(within(panel).getByRole('textbox', { name: 'URL' }), 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000&format=json');
    await userEvent.selectOptions(within(panel).getByRole('combobox', { name: 'Schedule' }), 'Hourly');
    await userEvent.click(within(panel).getByRole('button', { name: 'Add source' }));
    expect(await within(panel).findByText('Not run yet')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      name: 'Choptank gages', url: 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000&format=json', format: 'usgs-json', schedule: 'hourly',
    });
    await userEvent.click(within(panel).getByRole('button', { name: 'Run now' }));
    expect(await within(panel).findByText('Failed: The source answered HTTP 503 instead of a file. Next try in 5 minutes.')).toBeInTheDocument();
    const enabled = within(panel).getByRole('checkbox', { name: 'Choptank gages runs on its schedule' });
    expect(enabled).toBeChecked();
    await userEvent.click(enabled);
    await waitFor(() => expect(enabled).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ enabled: false });
  });

  it("follows a queued run until its import has ended, then lists the series it brought; Run now takes one press at a time", async () => {
    sources = [{ id: 'src-1', name: 'Choptank gages', url: 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000', format: 'usgs-json', schedule: 'hourly', enabled: true, lastStatus: 'queued', lastMessage: '12,345 bytes fetched; the import of iv.json is queued.' }];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: 'Import sources' });
    expect(await within(panel).findByText('Import queued: 12,345 bytes fetched; the import of iv.json is queued.')).toBeInTheDocument();
    const listsBefore = calls.filter((c) => c.path === '/wapi/ts/list').length;
    // The import ends on the server: the list asked again shows it (it had said "queued" until a reload).
    Object.assign(sources[0]!, { lastStatus: 'succeeded', lastMessage: '20 values imported.' });
    series.push(GAGE_SERIES);
    expect(await within(panel).findByText('Imported: 20 values imported.', {}, { timeout: 4000 })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/wapi/ts/list').length).toBeGreaterThan(listsBefore));
    expect(await screen.findByRole('link', { name: 'USGS-01491000' })).toBeInTheDocument();
    // Pressed twice quickly, while the first run is on its way: one run.
    let answerRun!: () => void;
    runAnswered = new Promise((resolve) => { answerRun = resolve; });
    const runNow = within(panel).getByRole('button', { name: 'Run now' });
    await userEvent.dblClick(runNow);
    answerRun();
    await within(panel).findByText(/^Failed: /);
    expect(calls.filter((c) => c.path.endsWith('/run'))).toHaveLength(1);
  });

  it('lets a contributor edit a source in a dialog, prefilled, and shows a refused URL in the server\'s words', async () => {
    sources = [{ id: 'src-1', name: 'Choptank gages', url: 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000', format: 'usgs-json', schedule: 'daily', enabled: true, lastStatus: null, lastMessage: null }];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: 'Import sources' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Edit Choptank gages' }));
    expect(within(panel).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit Choptank gages' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit import source Choptank gages' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Choptank gages');
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveDisplayValue('USGS Water Services (JSON)');
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    expect(url).toHaveValue('https://waterservices.usgs.gov/nwis/iv/?sites=01491000');

    await userEvent.clear(url);
    await userEvent.type(url, 'http://127.0.0.1/a.csv');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/^The source could not be saved: /)).toHaveTextContent(
      'The source could not be saved: The URL points at a private, loopback or link-local address; only public addresses can be imported.');
    expect(within(panel).getByRole('row', { name: /Choptank gages/ })).toHaveTextContent('https://waterservices.usgs.gov/nwis/iv/?sites=01491000');

    await userEvent.clear(url);
    await userEvent.type(url, 'https://waterservices.usgs.gov/nwis/iv/?sites=01491500');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Schedule' }), 'Weekly');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = within(panel).getByRole('row', { name: /Choptank gages/ });
    expect(row).toHaveTextContent('https://waterservices.usgs.gov/nwis/iv/?sites=01491500');
    expect(row).toHaveTextContent('Weekly');
    expect(calls.filter((c) => c.method === 'PATCH').at(-1)!.body).toEqual({
      name: 'Choptank gages', url: 'https://waterservices.usgs.gov/nwis/iv/?sites=01491500', format: 'usgs-json', schedule: 'weekly',
    });
  });

  it('checks a source itself (no browser bubble), in the interface language: each problem at its field, which takes the focus', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: '导入源' });
    const add = within(panel).getByRole('button', { name: '添加导入源' });
    expect(add.closest('form')).toHaveAttribute('novalidate');
    await user.click(add);
    const name = within(panel).getByRole('textbox', { name: '名称' });
    const url = within(panel).getByRole('textbox', { name: '网址' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('请输入名称，最多 100 个字符。');
    expect(url).toHaveAccessibleDescription('请输入要获取的网址。');
    await user.type(name, 'Choptank gages');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.type(url, 'waterservices.usgs.gov/nwis/iv/?sites=01491000');
    await user.click(add);
    await waitFor(() => expect(url).toHaveFocus());
    expect(url).toHaveAccessibleDescription('网址必须是 http(s) 地址，例如 https://waterservices.usgs.gov/nwis/iv/?sites=01491000&format=json。');
    expect(calls.filter((c) => c.method === 'POST' && c.path === SOURCES)).toHaveLength(0);
    await user.clear(url);
    await user.type(url, 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000');
    await user.click(add);
    expect(await within(panel).findByText('尚未运行')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === SOURCES)).toHaveLength(1);
  });

  it('says the same problems in English when the interface is in English', async () => {
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: 'Import sources' });
    await user.type(within(panel).getByRole('textbox', { name: 'Name' }), 'Choptank gages');
    const url = within(panel).getByRole('textbox', { name: 'URL' });
    await user.type(url, 'ftp://example.org/a.csv');
    await user.click(within(panel).getByRole('button', { name: 'Add source' }));
    await waitFor(() => expect(url).toHaveFocus());
    expect(url).toHaveAccessibleDescription('The URL must be an http(s) address, for example https://waterservices.usgs.gov/nwis/iv/?sites=01491000&format=json.');
    expect(within(panel).getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });

  it("says how a source's last import ended, in both languages", async () => {
    sources = [
      { id: 'src-1', name: 'Choptank gages', url: 'https://example.org/a.json', format: 'usgs-json', schedule: 'daily', enabled: true, lastStatus: 'partial', lastMessage: '20 values imported; 1 row was rejected.' },
      { id: 'src-2', name: 'Mill Creek logger', url: 'https://example.org/mill.csv', format: 'ts-wide', schedule: 'hourly', enabled: true, lastStatus: 'succeeded', lastMessage: '96 values imported.' },
    ];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: 'Import sources' });
    expect(await within(panel).findByText('Imported with rejected rows: 20 values imported; 1 row was rejected.')).toBeInTheDocument();
    expect(within(panel).getByText('Imported: 96 values imported.')).toBeInTheDocument();
    await act(() => changeLanguage('zh-CN'));
    expect(within(panel).getByText('已导入（部分行被拒绝）：20 values imported; 1 row was rejected.')).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });

  it('a simple member sees the series but not the sources', async () => {
    renderWorkspace(`${PROJECT}/logger`, PROFILES.viewer);
    await screen.findByRole('region', { name: 'Series of this project' });
    expect(screen.queryByRole('region', { name: 'Import sources' })).not.toBeInTheDocument();
  });

  it('lets a contributor import a USGS Water Services file, then lists its series', async () => {
    series = [];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const list = await screen.findByRole('region', { name: 'Series of this project' });
    expect(await within(list).findByText(/^No logger data yet: import a logger file/)).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Import a logger file' });
    expect(within(panel).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Recognise from the file', 'Logger CSV (wide)', 'Time-series CSV (long)', 'USGS Water Services (JSON)']);
    const file = new File(['{"value": {"timeSeries": []}}'], 'gage.json', { type: 'application/json' });
    await userEvent.upload(within(panel).getByLabelText('Choose a file'), file);
    await userEvent.click(within(panel).getByRole('button', { name: 'Import' }));

    expect(await within(list).findByRole('row', { name: /USGS-01491000/ }, { timeout: 4000 })).toHaveTextContent('Discharge');
    expect(within(panel).getByText('gage.json', { selector: 'strong' }).parentElement).toHaveTextContent('gage.json: Imported');
    // rowsImported counts the values written (a row of two parameter columns brings two).
    expect(within(panel).getByText('Values imported').nextSibling).toHaveTextContent('20');
    // A .json file is announced as usgs-json: the upload slot takes .json only so.
    expect(imports.calls.find((c) => c.path.endsWith('/import-uploads'))!.body).toEqual({
      fileName: 'gage.json', contentType: 'application/json', size: file.size, format: 'usgs-json', multipart: true });
    expect(imports.calls.find((c) => c.method === 'POST' && c.path.endsWith('/import-ts-data'))!.body).toEqual({
      uploadKey: `uploads/${DEMO_ORG}/p-creek/k/gage.json`, format: 'usgs-json', dryRun: false });
    expect(imports.calls.some((c) => c.path.endsWith('/import-data'))).toBe(false);
    // Its history lists the time-series imports only (the Imports tab lists the others).
    expect(imports.calls.find((c) => c.path.endsWith('/import-history'))!.query.get('filter')).toBe('kind||$eq||timeseries');
  });

  it('offers a simple member neither a file import nor sources to add: no import section at all, only the series', async () => {
    series = [];
    serveImports({ forbidden: true });
    renderWorkspace(`${PROJECT}/logger`, PROFILES.viewer);
    const list = await screen.findByRole('region', { name: 'Series of this project' });
    expect(await within(list).findByText('No logger data yet.')).toBeInTheDocument();
    expect(screen.queryByText(/add a source below/)).not.toBeInTheDocument();
    // Not a heading followed by "You do not have access…": the section is not there.
    expect(screen.queryByRole('heading', { name: 'Import a logger file' })).not.toBeInTheDocument();
    expect(screen.queryByText("You do not have access to this project's imports.")).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    // Not asked for: the history is for those who may import (the server would answer 403 on every visit).
    expect(imports.calls.some((c) => c.path.endsWith('/import-history'))).toBe(false);
  });

  it('keeps the import sources table in a scrolling region of its own, so it cannot widen the page on a phone', async () => {
    sources = [{ id: 'src-1', name: 'Choptank gages', url: 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000&parameterCd=00060,00065&format=json', format: 'usgs-json', schedule: 'daily', enabled: true, lastStatus: null, lastMessage: null }];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: 'Import sources' });
    const scroller = await within(panel).findByRole('region', { name: 'Import sources table' });
    expect(scroller).toHaveClass('ws-table-wrap');
    expect(within(scroller).getByRole('row', { name: /Choptank gages/ })).toBeInTheDocument();
  });

  it('on a phone each series is a card whose First, Last and Delete values… stay on screen; the times name the zone they are in', async () => {
    series = [MILL_CREEK_SERIES, GAGE_SERIES];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const region = await screen.findByRole('region', { name: 'Series table' });
    const table = within(region).getByRole('table');
    // The stylesheet lays out a .card-table as cards on a phone (shell/workspace.css): no sideways scroll that hides
    // the last columns and the button; the explicit roles keep it a table for assistive technology there.
    expect(table).toHaveClass('card-table');
    expect(table).toHaveAttribute('role', 'table');
    // The times are in the browser's zone (as the logger chart draws them): the headers name it, as the station
    // chart's axis does ("Time (EST)"): here the zone of the machine running the tests.
    const zone = { first: shownZone([MILL_CREEK_SERIES.firstTime, GAGE_SERIES.firstTime]), last: shownZone([MILL_CREEK_SERIES.lastTime, GAGE_SERIES.lastTime]) };
    expect(zone.first).not.toBe('');
    const headers = () => within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Station', 'Parameter', 'Unit', 'Values', `First (${zone.first})`, `Last (${zone.last})`, 'Actions']);
    const row = within(table).getByRole('row', { name: /MILL-1/ });
    const labels = () => within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'));
    expect(labels()).toEqual([null, 'Parameter', 'Unit', 'Values', `First (${zone.first})`, `Last (${zone.last})`, null]);
    expect(within(row).getAllByRole('cell')[0]).toHaveClass('ws-card-title');
    await changeLanguage('zh-CN');
    await waitFor(() => expect(labels()).toEqual([null, '参数', '单位', '数值个数', `最早（${zone.first}）`, `最晚（${zone.last}）`, null]));
    expect(headers()).toEqual(['站点', '参数', '单位', '数值个数', `最早（${zone.first}）`, `最晚（${zone.last}）`, '操作']);
    const css = readFileSync(join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src', 'shell', 'workspace.css'), 'utf-8');
    expect(css).toMatch(/@media \(max-width: 640px\)[\s\S]*\.card-table td\[data-label\]::before \{\s*content: attr\(data-label\)/);
  });

  it('offers no import section to someone outside the organization either', async () => {
    renderWorkspace(`${PROJECT}/logger`, PROFILES.outsider);
    await screen.findByRole('region', { name: 'Series of this project' });
    expect(screen.queryByRole('heading', { name: 'Import a logger file' })).not.toBeInTheDocument();
    expect(screen.queryByText("You do not have access to this project's imports.")).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Import sources' })).not.toBeInTheDocument();
  });

  it('lets a system administrator import a logger file', async () => {
    renderWorkspace(`${PROJECT}/logger`, PROFILES.admin);
    const panel = await screen.findByRole('region', { name: 'Import a logger file' });
    expect(within(panel).getByLabelText('Choose a file')).toBeInTheDocument();
  });

  it('lets a contributor delete a source after confirming: a toast says so, and focus goes to the heading of the sources', async () => {
    const user = userEvent.setup();
    sources = [
      { id: 'src-1', name: 'Choptank gages', url: 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000', format: 'usgs-json', schedule: 'daily', enabled: true, lastStatus: null, lastMessage: null },
      { id: 'src-2', name: 'Mill Creek logger', url: 'https://example.org/mill.csv', format: 'ts-wide', schedule: 'hourly', enabled: true, lastStatus: null, lastMessage: null },
    ];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: 'Import sources' });
    const remove = await within(panel).findByRole('button', { name: 'Delete Choptank gages' });
    expect(remove).toHaveTextContent('Delete');

    // Cancel: nothing is deleted, focus returns to the button.
    await user.click(remove);
    let dialog = screen.getByRole('dialog', { name: 'Delete import source' });
    expect(dialog).toHaveTextContent('Delete the import source Choptank gages? It is no longer fetched; the values it imported stay.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(remove);
    dialog = screen.getByRole('dialog', { name: 'Delete import source' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`${SOURCES}/src-1`]);
    expect(within(panel).queryByRole('row', { name: /Choptank gages/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('row', { name: /Mill Creek logger/ })).toBeInTheDocument();
    expect(screen.getByText('Import source Choptank gages deleted.').closest('[role="status"]')).toHaveClass('toast-success');
    // Not the page: the Delete button left with its row (focus moves once the list is read again).
    await waitFor(() => expect(within(panel).getByRole('heading', { name: 'Import sources' })).toHaveFocus());
  });

  it('says why Run now failed when the source was deleted elsewhere, and shows the list without it', async () => {
    const user = userEvent.setup();
    const uncaught = vi.fn();
    window.addEventListener('unhandledrejection', uncaught);
    sources = [{ id: 'src-1', name: 'Choptank gages', url: 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000', format: 'usgs-json', schedule: 'daily', enabled: true, lastStatus: null, lastMessage: null }];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: 'Import sources' });
    const runNow = await within(panel).findByRole('button', { name: 'Run now' });
    sources = []; // deleted in another tab
    await user.click(runNow);
    expect(await screen.findByRole('alert')).toHaveTextContent('Import source not found.');
    expect(await within(panel).findByText('No import sources yet.')).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Import sources' })).toHaveFocus();
    window.removeEventListener('unhandledrejection', uncaught);
    expect(uncaught).not.toHaveBeenCalled();
  });

  it('says why switching a source off failed, and shows the list as the server has it', async () => {
    const user = userEvent.setup();
    sources = [
      { id: 'src-1', name: 'Choptank gages', url: 'https://waterservices.usgs.gov/nwis/iv/?sites=01491000', format: 'usgs-json', schedule: 'daily', enabled: true, lastStatus: null, lastMessage: null },
      { id: 'src-2', name: 'Mill Creek logger', url: 'https://example.org/mill.csv', format: 'ts-wide', schedule: 'hourly', enabled: true, lastStatus: null, lastMessage: null },
    ];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const panel = await screen.findByRole('region', { name: 'Import sources' });
    const enabled = await within(panel).findByRole('checkbox', { name: 'Choptank gages runs on its schedule' });
    sources = sources.filter((s) => s.id !== 'src-1');
    await user.click(enabled);
    expect(await screen.findByRole('alert')).toHaveTextContent('Import source not found.');
    await waitFor(() => expect(within(panel).queryByRole('row', { name: /Choptank gages/ })).not.toBeInTheDocument());
    expect(within(panel).getByRole('row', { name: /Mill Creek logger/ })).toBeInTheDocument();
  });
});

describe("deleting a project's logger values", () => {
  it('lets a contributor delete a whole series: the dialog warns so, a toast says how many went, the row leaves the table', async () => {
    const user = userEvent.setup();
    series = [MILL_CREEK_SERIES, { ...GAGE_SERIES, stationId: 's-1', stationIdentifier: 'MILL-1' }];
    renderWorkspace(`${PROJECT}/logger`, PROFILES.twoOrgs);
    const table = await screen.findByRole('region', { name: 'Series of this project' });
    const button = await within(table).findByRole('button', { name: 'Delete values of Specific conductance at MILL-1…' });
    expect(button).toHaveTextContent('Delete values…');

    // Cancel: nothing goes, focus is back on the button.
    await user.click(button);
    let dialog = screen.getByRole('dialog', { name: 'Delete values of Specific conductance' });
    expect(within(dialog).getByLabelText('From')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.click(button);
    dialog = screen.getByRole('dialog', { name: 'Delete values of Specific conductance' });
    expect(dialog).toHaveTextContent(
      'The whole logger series Specific conductance at MILL-1 will be deleted, every value of it: it then leaves the list of series. This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path + c.query)).toEqual(['/wapi/ts/series/ts-1']);
    expect(screen.getByText('35,040 values deleted.').closest('[role="status"]')).toHaveClass('toast-success');
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Specific conductance/ })).not.toBeInTheDocument());
    expect(within(table).getByRole('row', { name: /Discharge/ })).toBeInTheDocument();
    // The button left with its row: focus is on the heading of the series, not the page.
    expect(screen.getByRole('heading', { name: 'Series of this project' })).toHaveFocus();
  });

  it('deletes a period of a series, and shows its count read again', async () => {
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const table = await screen.findByRole('region', { name: 'Series of this project' });
    const button = await within(table).findByRole('button', { name: 'Delete values of Specific conductance at MILL-1…' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Delete values of Specific conductance' });
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '2023-03-01' } });
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '2023-03-01' } });
    fireEvent.blur(within(dialog).getByLabelText('To'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path + c.query)).toEqual([`/wapi/ts/series/ts-1?${localDay(`2023-03-01`)}`]);
    expect(screen.getByText('96 values deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getByRole('row', { name: /MILL-1/ })).toHaveTextContent('34,944'));
    expect(button).toHaveFocus();
  });

  it.each([
    ['a simple member', PROFILES.viewer],
    ['someone outside the organization', PROFILES.outsider],
  ])('offers %s no Delete values', async (_who, profile) => {
    renderWorkspace(`${PROJECT}/logger`, profile);
    const table = await screen.findByRole('region', { name: 'Series of this project' });
    await within(table).findByRole('row', { name: /MILL-1/ });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: /Delete values/ })).not.toBeInTheDocument();
  });

  it('names the button and the dialog in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderWorkspace(`${PROJECT}/logger`, PROFILES.orgadmin);
    const button = await screen.findByRole('button', { name: '删除站点 MILL-1 上 Specific conductance 的数值…' });
    expect(button).toHaveTextContent('删除数值…');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: '删除 Specific conductance 的数值' });
    expect(dialog).toHaveTextContent('将删除站点 MILL-1 上的整个记录仪序列 Specific conductance 及其全部数值，该序列随后将从序列列表中移除。 此操作无法撤销。');
    expect(within(dialog).getByRole('button', { name: '删除数值' })).toBeInTheDocument();
  });
});

/** The query of a day of the browser's time zone, as deleting a logger series' values sends it. */
function localDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const iso = (ms: number) => encodeURIComponent(new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z'));
  return `from=${iso(new Date(year, month - 1, date).getTime())}&to=${iso(new Date(year, month - 1, date + 1).getTime() - 1)}`;
}
