import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { FakeUpload, fakeImportServer, importLog, type FakeImportOptions } from '../../imports/test/fakeImportServer';
import { DEMO_ORG, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';

const PROJECT = `/userspace/organizations/${DEMO_ORG}/projects/p-creek`;
const SOURCES = `/organization/${DEMO_ORG}/projects/p-creek/import-sources`;
const MILL_CREEK_SERIES = { id: 'ts-1', stationId: 's-1', stationIdentifier: 'MILL-1', parameterId: 'par-cond', parameterName: 'Specific conductance', statistic: null, sensor: null, unit: 'uS/cm', count: 35040, firstTime: '2023-01-01T00:00:00Z', lastTime: '2023-12-31T23:45:00Z' };
/** The series a USGS Water Services file brings once imported. */
const GAGE_SERIES = { id: 'ts-2', stationId: 's-9', stationIdentifier: 'USGS-01491000', parameterId: 'par-q', parameterName: 'Discharge', statistic: null, sensor: null, unit: 'ft3/s', count: 20, firstTime: '2019-02-14T05:00:00Z', lastTime: '2019-02-14T09:45:00Z' };
let sources: Record<string, unknown>[];
let series: Record<string, unknown>[];
let calls: { method: string; path: string; body: unknown }[];
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
    calls.push({ method, path, body });
    if (path === '/wapi/ts/list') return json(imports.ended() ? [...series, GAGE_SERIES] : series);
    const imported = await imports.handle(input, init);
    if (imported) return imported;
    if (path === SOURCES && method === 'GET') return json(sources);
    if (path === SOURCES && method === 'POST') {
      const created = { id: 'src-1', enabled: true, lastStatus: null, lastMessage: null, ...(body as object) };
      sources.push(created);
      return json(created, 201);
    }
    if (path === `${SOURCES}/src-1` && method === 'PATCH') {
      const url = (body as { url?: string }).url;
      if (url !== undefined && !/^https?:\/\//.test(url)) return json({ message: 'Only http and https URLs can be imported.' }, 400);
      Object.assign(sources[0]!, body as object);
      return json(sources[0]);
    }
    if (path === `${SOURCES}/src-1/run`) {
      Object.assign(sources[0]!, { lastStatus: 'failed', lastMessage: 'The source answered HTTP 503 instead of a file. Next try in 5 minutes.' });
      return json(sources[0]);
    }
    return server.fetch(input, init);
  };
}

beforeAll(async () => {
  await import('../../projects/routes/ProjectPage');
});

beforeEach(() => {
  setApiBase(undefined);
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
    expect(row).toHaveTextContent('Specific conductanceuS/cm35,0402023-01-01T00:00:00Z2023-12-31T23:45:00Z');
    const panel = screen.getByRole('region', { name: 'Import sources' });
    expect(within(panel).getByText('No import sources yet.')).toBeInTheDocument();
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
    await userEvent.type(url, 'ftp://example.org/a.csv');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The source could not be saved: Only http and https URLs can be imported.');
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
      fileName: 'gage.json', contentType: 'application/json', size: file.size, format: 'usgs-json' });
    expect(imports.calls.find((c) => c.method === 'POST' && c.path.endsWith('/import-ts-data'))!.body).toEqual({
      uploadKey: `uploads/${DEMO_ORG}/p-creek/k/gage.json`, format: 'usgs-json', dryRun: false });
    expect(imports.calls.some((c) => c.path.endsWith('/import-data'))).toBe(false);
    // Its history lists the time-series imports only (the Imports tab lists the others).
    expect(imports.calls.find((c) => c.path.endsWith('/import-history'))!.query.get('filter')).toBe('kind||$eq||timeseries');
  });

  it('offers a simple member neither a file import nor sources to add, and says the imports are not theirs to see', async () => {
    series = [];
    serveImports({ forbidden: true });
    renderWorkspace(`${PROJECT}/logger`, PROFILES.viewer);
    const list = await screen.findByRole('region', { name: 'Series of this project' });
    expect(await within(list).findByText('No logger data yet.')).toBeInTheDocument();
    expect(screen.queryByText(/add a source below/)).not.toBeInTheDocument();
    expect(await screen.findByText("You do not have access to this project's imports.")).toBeInTheDocument();
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
});
