import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { DEMO_ORG, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';

const PROJECT = `/userspace/organizations/${DEMO_ORG}/projects/p-creek`;
const SOURCES = `/organization/${DEMO_ORG}/projects/p-creek/import-sources`;
let sources: Record<string, unknown>[];
let calls: { method: string; path: string; body: unknown }[];

/** The time-series routes in front of the organizations' fake server (same paths and shapes as the API's). */
function withTimeSeries(server: ReturnType<typeof fakeOrganizationsServer>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    calls.push({ method, path, body });
    if (path === '/wapi/ts/list') {
      return json([{ id: 'ts-1', stationId: 's-1', stationIdentifier: 'MILL-1', parameterId: 'par-cond', parameterName: 'Specific conductance', statistic: null, sensor: null, unit: 'uS/cm', count: 35040, firstTime: '2023-01-01T00:00:00Z', lastTime: '2023-12-31T23:45:00Z' }]);
    }
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
  calls = [];
  vi.stubGlobal('fetch', vi.fn(withTimeSeries(fakeOrganizationsServer())));
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
});
