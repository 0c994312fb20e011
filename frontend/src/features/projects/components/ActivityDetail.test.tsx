import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { jsonResponse } from '../../../test/render';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';

const PROJECT = `/userspace/organizations/${DEMO_ORG}/projects/p-creek`;
const ACTIVITIES = `${PROJECT}/activities`;
const API = `/api/v1/organization/${DEMO_ORG}/projects/p-creek/activities`;

/** Activity WIDNR_WQX-45822640 of the Wisconsin results, as GET .../activities/{activityId} answers it. */
const MEASURED = {
  projectId: 'p-creek',
  id: 'WIDNR_WQX-45822640',
  organizationId: DEMO_ORG,
  typeCode: 'Sample-Routine',
  media: 'Water',
  mediaSubdivision: 'Surface Water',
  startDate: '2011-07-12',
  startTime: '12:20:00',
  timeZone: 'CDT',
  endDate: '2011-07-12',
  endTime: '12:50:00',
  endTimeZone: 'CDT',
  stationId: 's-1',
  monitoringLocationIdentifier: 'WIDNR_WQX-10032762',
  conductingOrganization: 'Wisconsin DNR',
  comment: 'Sampled from the bridge.',
  hydrologicCondition: 'Stable, normal stage',
  createdAt: '2026-11-20T10:00:00Z',
  results: [
    { parameterId: 'par-p', parameterName: 'Phosphorus', time: '2011-07-12T17:20:00Z', date: '2011-07-12', localTime: '12:20:00', timeZone: 'CDT', value: null, text: 'ND', unit: 'mg/L', detectionCondition: 'Not Detected', sampleFraction: 'Total', status: 'Final' },
    { parameterId: 'par-sc', parameterName: 'Specific conductance', time: '2011-07-12T17:20:00Z', date: '2011-07-12', localTime: '12:20:00', timeZone: 'CDT', value: 1000, unit: 'uS/cm', status: 'Final' },
  ],
};

/**
 * A sample taken on the evening of 4 July 2013 in CDT (01:30 on the 5th in UTC), a value whose file gave no zone
 * (UTC), and a lab value whose file gave a date alone.
 */
const EVENING = {
  projectId: 'p-creek', id: 'w22000-BC05999', organizationId: DEMO_ORG, typeCode: 'Sample-Routine', startDate: '2013-07-04', startTime: '20:30:00',
  timeZone: 'CDT', createdAt: '2026-11-20T10:00:00Z',
  results: [
    { parameterId: 'par-t', parameterName: 'Temperature, water', time: '2013-07-05T01:30:00Z', date: '2013-07-04', localTime: '20:30:00', timeZone: 'CDT', value: 24.5, unit: 'deg C' },
    { parameterId: 'par-do', parameterName: 'Dissolved oxygen (DO)', time: '2013-07-05T08:00:00Z', date: '2013-07-05', localTime: '08:00:00', timeZone: 'UTC', value: 7.9, unit: 'mg/L' },
    { parameterId: 'par-n', parameterName: 'Nitrate', time: '2013-07-06T00:00:00Z', date: '2013-07-06', localTime: null, timeZone: null, value: 0.4, unit: 'mg/L' },
  ],
};

/** An activity whose identifier needs encoding in a path, with nothing measured. */
/** An activity whose file gave a time without a zone: the server reads it as UTC. */
const NO_ZONE = { projectId: 'p-creek', id: 'HZ-QTJ-01-20260326-1100', organizationId: DEMO_ORG, typeCode: 'Sample-Routine', startDate: '2026-03-26', startTime: '11:00', timeZone: null, createdAt: '2026-11-20T10:00:00Z', results: [] };
const EMPTY = { projectId: 'p-creek', id: 'FIELD/7 A', organizationId: DEMO_ORG, typeCode: 'Field Msr/Obs', startDate: '2011-08-01', createdAt: '2026-11-20T10:00:00Z', results: [] };

/** 25 activities (two pages of 20), newest first: the three above among them. */
function listed() {
  const rows: Record<string, unknown>[] = [];
  for (let n = 1; n <= 22; n++) rows.push({ id: `ACT-${String(n).padStart(2, '0')}`, typeCode: 'Sample-Routine', monitoringLocationIdentifier: 'DEMO-1', startDate: `2012-01-${String(n).padStart(2, '0')}` });
  rows.push({ id: EMPTY.id, typeCode: EMPTY.typeCode, startDate: EMPTY.startDate });
  rows.push({ id: NO_ZONE.id, typeCode: NO_ZONE.typeCode, startDate: NO_ZONE.startDate, startTime: NO_ZONE.startTime, timeZone: NO_ZONE.timeZone });
  rows.push({ id: MEASURED.id, typeCode: MEASURED.typeCode, monitoringLocationIdentifier: MEASURED.monitoringLocationIdentifier, startDate: MEASURED.startDate, startTime: MEASURED.startTime, timeZone: MEASURED.timeZone });
  return rows.sort((a, b) => String(b.startDate).localeCompare(String(a.startDate)));
}

let server: ReturnType<typeof fakeOrganizationsServer>;
/** The activity paths asked for, as sent (encoded). */
let asked: string[];
/** The next answer of GET .../activities/{activityId}, when not the stored activity's. */
let failure: { status: number; message: string } | null;

/**
 * The organizations' fake server, with the project's activities paged and searched as the server does, and
 * GET .../activities/{activityId} answering an activity, or 404 "Activity not found." (in Chinese for zh-CN).
 */
function activitiesServer() {
  server = fakeOrganizationsServer();
  asked = [];
  failure = null;
  const rows = listed();
  const details: Record<string, unknown> = { [MEASURED.id]: MEASURED, [EMPTY.id]: EMPTY, [EVENING.id]: EVENING, [NO_ZONE.id]: NO_ZONE };
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === API) {
      const search = (url.searchParams.get('searchContent') ?? '').toLowerCase();
      const found = rows.filter((a) => !search || JSON.stringify(a).toLowerCase().includes(search));
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('pageSize') ?? 20);
      return jsonResponse(200, { data: found.slice((page - 1) * size, page * size), total: found.length, page, pageSize: size, pageCount: Math.max(1, Math.ceil(found.length / size)) });
    }
    if (url.pathname.startsWith(`${API}/`)) {
      asked.push(url.pathname.slice(API.length + 1));
      if (failure) return jsonResponse(failure.status, { message: failure.message });
      const found = details[decodeURIComponent(url.pathname.slice(API.length + 1))];
      const chinese = String((init?.headers as Record<string, string> | undefined)?.['Accept-Language']).startsWith('zh-CN');
      return found ? jsonResponse(200, found) : jsonResponse(404, { message: chinese ? '未找到活动。' : 'Activity not found.' });
    }
    return server.fetch(input, init);
  });
}

beforeAll(async () => {
  await import('../routes/ProjectPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  vi.stubGlobal('fetch', activitiesServer());
});

describe("a project's activity", () => {
  it('opens from the list with its details and values, and "Back to the activities" returns to the list as it was', async () => {
    const user = userEvent.setup();
    const { router } = renderWorkspace(ACTIVITIES, PROFILES.viewer);
    await screen.findByRole('table', { name: 'Activities (25)' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    // The start as the file wrote it, its zone too; a date alone as a date.
    const listedRow = (id: string) => within(screen.getByRole('link', { name: id }).closest('tr')!).getAllByRole('cell');
    expect(listedRow(MEASURED.id).at(-1)).toHaveTextContent(/^2011-07-12 12:20:00 CDT$/);
    expect(listedRow(EMPTY.id).at(-1)).toHaveTextContent(/^2011-08-01$/);

    await user.click(await screen.findByRole('link', { name: MEASURED.id }));
    const heading = await screen.findByRole('heading', { level: 3, name: `Activity ${MEASURED.id}` });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(router.state.location.pathname).toBe(ACTIVITIES);
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ page: '2', activity: MEASURED.id });
    expect(screen.queryByRole('table', { name: /^Activities/ })).not.toBeInTheDocument();

    const facts = screen.getByLabelText('Details of the activity');
    const fact = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent;
    expect(fact('Type')).toBe('Sample-Routine');
    expect(fact('Medium')).toBe('Water');
    expect(fact('Medium subdivision')).toBe('Surface Water');
    expect(fact('Start')).toBe('2011-07-12 12:20:00 CDT');
    expect(fact('End')).toBe('2011-07-12 12:50:00 CDT');
    expect(fact('Conducting organization')).toBe('Wisconsin DNR');
    expect(fact('Hydrologic condition')).toBe('Stable, normal stage');
    expect(fact('Comment')).toBe('Sampled from the bridge.');
    expect(within(facts).getByRole('link', { name: 'WIDNR_WQX-10032762' })).toHaveAttribute('href', '/sts/station/s-1');
    // What the activity does not have is not listed.
    expect(within(facts).queryByText('Hydrologic event')).not.toBeInTheDocument();
    await act(() => changeLanguage('zh-CN'));
    const chineseFacts = await screen.findByLabelText('活动详情');
    expect(within(chineseFacts).getByText('结束时间').nextElementSibling).toHaveTextContent('2011-07-12 12:50:00 CDT');
    await act(() => changeLanguage('en'));

    const values = screen.getByRole('table', { name: `Values of activity ${MEASURED.id} (2)` });
    const rows = within(values).getAllByRole('row').slice(1).map((row) => [...row.children].map((cell) => cell.textContent));
    const time = '2011-07-12 12:20:00 CDT';
    expect(rows).toEqual([
      ['Phosphorus', 'ND', 'mg/L', 'Not Detected', 'Total', 'Final', time],
      ['Specific conductance', '1000', 'uS/cm', '', '', 'Final', time],
    ]);
    expect(document.title).toMatch(/^Activity WIDNR_WQX-45822640 · Creek survey/);

    await user.click(screen.getByRole('link', { name: 'Back to the activities' }));
    expect(await screen.findByRole('table', { name: 'Activities (25)' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    // Back in history, not a new entry: the browser's Back leaves the project rather than reopening the activity.
    expect(router.state.historyAction).toBe('POP');
    await waitFor(() => expect(screen.getByRole('link', { name: MEASURED.id })).toHaveFocus());
  });

  it('shows when each value was measured as the file wrote it (date, time, zone), never in the viewer\'s zone', async () => {
    renderWorkspace(`${ACTIVITIES}?activity=${encodeURIComponent(EVENING.id)}`, PROFILES.viewer);
    const values = await screen.findByRole('table', { name: `Values of activity ${EVENING.id} (3)` });
    const timeOf = (parameter: string) => within(within(values).getByRole('row', { name: new RegExp(`^${parameter.replace(/[()]/g, '\\$&')}`) })).getAllByRole('cell').at(-1)!;
    // 20:30 CDT stays 20:30 CDT on the 4th (not "Jul 5, 2013, 1:30 AM", the instant in another zone).
    expect(timeOf('Temperature, water')).toHaveTextContent(/^2013-07-04 20:30:00 CDT$/);
    expect(timeOf('Temperature, water').querySelector('time')).toHaveAttribute('datetime', '2013-07-05T01:30:00Z');
    // A file that gave no zone: UTC, said so.
    expect(timeOf('Dissolved oxygen (DO)')).toHaveTextContent(/^2013-07-05 08:00:00 UTC$/);
    // A date alone is a date, with no time or zone made up.
    expect(timeOf('Nitrate')).toHaveTextContent(/^2013-07-06$/);
    expect(timeOf('Nitrate').querySelector('time')).toHaveAttribute('datetime', '2013-07-06');
    expect(screen.queryByText('Times are shown in your time zone.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Details of the activity')).toHaveTextContent('2013-07-04 20:30:00 CDT');

    await act(() => changeLanguage('zh-CN'));
    const chinese = await screen.findByRole('table', { name: `活动 ${EVENING.id} 的测量值（3）` });
    expect(within(chinese).getByText('2013-07-04 20:30:00 CDT')).toBeInTheDocument();
    expect(screen.queryByText('时间按您所在的时区显示。')).not.toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });

  it('says UTC after a start time the file gave without a zone (the server reads it as UTC), in the list and the activity', async () => {
    renderWorkspace(ACTIVITIES, PROFILES.viewer);
    await screen.findByRole('table', { name: 'Activities (25)' });
    const cells = within(screen.getByRole('link', { name: NO_ZONE.id }).closest('tr')!).getAllByRole('cell');
    expect(cells.at(-1)).toHaveTextContent(/^2026-03-26 11:00 UTC$/);
    await userEvent.click(screen.getByRole('link', { name: NO_ZONE.id }));
    const facts = await screen.findByLabelText('Details of the activity');
    expect(within(facts).getByText('Start').nextElementSibling).toHaveTextContent(/^2026-03-26 11:00 UTC$/);
  });

  it('names WQX activity types and media in Chinese beside their codes in the Chinese interface', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(ACTIVITIES, PROFILES.viewer);
    await screen.findByRole('table', { name: '活动（25）' });
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    const cells = within((await screen.findByRole('link', { name: EMPTY.id })).closest('tr')!).getAllByRole('cell');
    expect(cells[1]).toHaveTextContent(/^现场测量\/观测（Field Msr\/Obs）$/);
    expect(cells[0]!.querySelector('.activity-inline')).toHaveTextContent(/^现场测量\/观测（Field Msr\/Obs）$/);
    await userEvent.click(screen.getByRole('link', { name: MEASURED.id }));
    const facts = await screen.findByLabelText('活动详情');
    expect(within(facts).getByText('类型').nextElementSibling).toHaveTextContent(/^样品-常规（Sample-Routine）$/);
    expect(within(facts).getByText('介质').nextElementSibling).toHaveTextContent(/^水（Water）$/);
    // A code the table does not name is shown as it is.
    expect(within(facts).getByText('介质细分').nextElementSibling).toHaveTextContent(/^Surface Water$/);
    await changeLanguage('en');
  });

  it('keeps an id whole in the list where it fits: a minimum width, breaking inside a word only as a last resort; on a phone type and station go under it', async () => {
    renderWorkspace(ACTIVITIES, PROFILES.viewer);
    await screen.findByRole('table', { name: 'Activities (25)' });
    const cells = within(screen.getByRole('link', { name: 'ACT-22' }).closest('tr')!).getAllByRole('cell');
    expect(cells.map((cell) => cell.className)).toEqual(['activity-id', 'activity-type', 'activity-station', '']);
    // The line shown under the id where the Type and Station columns are hidden (a narrow list).
    expect(cells[0]!.querySelector('.activity-inline')).toHaveTextContent(/^Sample-Routine · DEMO-1$/);
    expect(within(cells[0]!).getByRole('link')).toHaveTextContent(/^ACT-22$/);
    // The rules that do it (jsdom lays nothing out): the id column keeps about 15 characters, wraps anywhere only
    // when an id is longer; below 30rem the type and station columns give their room to the id.
    const activitiesCss = readFileSync(join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src', 'features', 'projects', 'components', 'activities.css'), 'utf-8');
    const rule = (selector: string, css: string) => new RegExp(`${selector.replace(/[.]/g, '\\.')}\\s*\\{[^}]*${css}`).test(activitiesCss);
    expect(rule('.activities-table .activity-id', 'min-width: 10em;')).toBe(true);
    expect(rule('.activities-table .activity-id', 'overflow-wrap: anywhere;')).toBe(true);
    const narrow = activitiesCss.slice(activitiesCss.indexOf('@container activities-list (max-width: 30rem)'));
    expect(narrow).toMatch(/\.activities-table \.activity-type,\s*\.activities-table \.activity-station \{\s*display: none;/);
    expect(narrow).toMatch(/\.activities-table \.activity-inline \{\s*display: block;/);
  });

  it("closes with the browser's Back, keeping the list's search", async () => {
    const user = userEvent.setup();
    const { router } = renderWorkspace(ACTIVITIES, PROFILES.viewer);
    await screen.findByRole('table', { name: 'Activities (25)' });
    await user.type(screen.getByRole('searchbox', { name: 'Search activities' }), 'field');
    expect(await screen.findByRole('table', { name: 'Activities (1)' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=field');

    await user.click(screen.getByRole('link', { name: EMPTY.id }));
    expect(await screen.findByText('This activity has no values stored.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /^Values of activity/ })).not.toBeInTheDocument();
    // The identifier travels encoded in the API's path.
    expect(asked).toEqual(['FIELD%2F7%20A']);

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('table', { name: 'Activities (1)' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search activities' })).toHaveValue('field');
    await waitFor(() => expect(screen.getByRole('link', { name: EMPTY.id })).toHaveFocus());
  });

  it('opens from a link of its own; its Back link leads to the list', async () => {
    const user = userEvent.setup();
    const { router } = renderWorkspace(`${ACTIVITIES}?activity=${encodeURIComponent(MEASURED.id)}`, PROFILES.viewer);
    expect(await screen.findByRole('heading', { level: 3, name: `Activity ${MEASURED.id}` })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: `Values of activity ${MEASURED.id} (2)` })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: 'Back to the activities' });
    expect(back).toHaveAttribute('href', ACTIVITIES);
    await user.click(back);
    expect(await screen.findByRole('table', { name: 'Activities (25)' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when the project has no such activity, in both languages', async () => {
    renderWorkspace(`${ACTIVITIES}?activity=NO-SUCH-ACTIVITY`, PROFILES.viewer);
    expect(await screen.findByRole('alert')).toHaveTextContent('Activity not found.');
    expect(screen.getByRole('link', { name: 'Back to the activities' })).toBeInTheDocument();

    await act(() => changeLanguage('zh-CN'));
    expect(await screen.findByRole('heading', { level: 3, name: '活动 NO-SUCH-ACTIVITY' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回活动列表' })).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });

  it('shows the server message when the activity cannot be read', async () => {
    failure = { status: 500, message: 'The activities table is unavailable.' };
    renderWorkspace(`${ACTIVITIES}?activity=${encodeURIComponent(MEASURED.id)}`, PROFILES.viewer);
    expect(await screen.findByRole('alert')).toHaveTextContent('The activities table is unavailable.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('reads in Simplified Chinese, with the server\'s message in it', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`${ACTIVITIES}?activity=${encodeURIComponent(MEASURED.id)}`, PROFILES.viewer);
    const facts = await screen.findByLabelText('活动详情');
    expect(within(facts).getByText('介质').nextElementSibling).toHaveTextContent('水（Water）');
    expect(within(facts).getByText('站点').nextElementSibling).toHaveTextContent('WIDNR_WQX-10032762');
    const values = screen.getByRole('table', { name: `活动 ${MEASURED.id} 的测量值（2）` });
    expect(within(values).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['参数', '数值', '单位', '检出条件', '样品组分', '结果状态', '时间']);
    await changeLanguage('en');
  });

  it('404 comes in Chinese from the server when the interface is in Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`${ACTIVITIES}?activity=NO-SUCH-ACTIVITY`, PROFILES.viewer);
    expect(await screen.findByRole('alert')).toHaveTextContent('未找到活动。');
    await changeLanguage('en');
  });
});
