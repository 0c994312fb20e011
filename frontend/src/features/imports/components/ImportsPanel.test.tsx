import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import type { Profile } from '../../../auth/profile';
import { ANONYMOUS_SESSION, SessionContext } from '../../../auth/session';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { renderWithProviders } from '../../../test/render';
import { polling } from '../api/imports';
import type { ImportLog, RejectedRow } from '../api/types';
import { FakeUpload, fakeImportServer, importLog, S3_URL, TEMPLATE_CSV, type FakeImportOptions } from '../test/fakeImportServer';
import { resetUploads } from '../lib/uploads';
import { ImportResult } from './ImportResult';
import { ImportsPanel } from './ImportsPanel';

const ORG = 'org-1';
const PROJECT = 'p-1';

const member = (roleName: string): Profile => ({
  id: 'u-1', name: 'Someone', systemRoles: [], permissions: [],
  organizationRole: { organizationId: ORG, roleName }, organizationRoles: [{ organizationId: ORG, roleName }],
});
const CONTRIBUTOR = member('data-contributor');
const VIEWER = member('simple-user');
const OUTSIDER: Profile = { id: 'u-2', name: 'Otto', systemRoles: [], permissions: [], organizationRoles: [] };
const SYSTEM_ADMIN: Profile = { id: 'u-3', name: 'Ada', systemRoles: [{ id: 'system-admin', roleName: 'system-admin' }], permissions: [], organizationRoles: [] };

/**
 * An import that runs, then ends with two rejected rows (its logs without `settled`, as an older server's: a final
 * status is taken as settled). Made when served (its start 50 s before): a test that starts late under load still sees the same time left.
 */
const endingWithRejectedRows = () => [
  // A quarter of the file's bytes done in the 50 s since it started: 150 s left, shown as about 3 min.
  importLog({ status: 'running', rowsDone: 1000, rowsImported: 999, rowsRejected: 1, progress: 0.25, startedAt: new Date(Date.now() - 50_000).toISOString() }),
  // Every row written: the worker updates the summaries before the import ends.
  importLog({ status: 'running', rowsDone: 1500, rowsTotal: 1500, rowsImported: 1498, rowsRejected: 2, progress: 1 }),
  importLog({
    status: 'partial', rowsTotal: 1500, rowsDone: 1500, rowsImported: 1498, rowsRejected: 2, stationsCreated: 1,
    parametersCreated: 2, feedbackFileId: 'log-1',
    message: '2 rows were rejected (see the rejected rows); the others were imported.',
  }),
];

let server: ReturnType<typeof fakeImportServer>;

/**
 * Each state answered to this many polls, as a real import stays at one for many: what a test reads of a state
 * stays on the screen meanwhile, however fast the polls (FAST_POLLING).
 */
const POLLS_A_STATE = 3;
const held = (states: ImportLog[] | undefined) => states?.flatMap((state) => Array.from({ length: POLLS_A_STATE }, () => state));

function serve({ states = endingWithRejectedRows(), afterCancel, second, ...options }: Partial<FakeImportOptions> = {}) {
  server = fakeImportServer({ organizationId: ORG, projectId: PROJECT, states: held(states)!, afterCancel: held(afterCancel), second: held(second), ...options });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
}

function renderPanel(profile: Profile) {
  return renderWithProviders(
    <SessionContext.Provider value={{ ...ANONYMOUS_SESSION, status: 'signed-in', profile }}>
      <ImportsPanel organizationId={ORG} projectId={PROJECT} />
    </SessionContext.Provider>,
  );
}

async function importFile(file = new File(['OrganizationIdentifier,ActivityIdentifier\nA,B\n'], 'results.csv', { type: 'text/csv' }), start = 'Import') {
  await userEvent.upload(screen.getByLabelText('Choose a file'), file);
  await userEvent.click(screen.getByRole('button', { name: start }));
}

/** Tick "Only check the file", then send the file: the button says "Check file" while the box is ticked. */
async function checkFile() {
  await userEvent.click(screen.getByLabelText('Only check the file (write nothing)'));
  await importFile(undefined, 'Check file');
}

// The panel's polls as the real ones in proportion (the history a third as often), only faster: the tests follow
// an import through its states in a fraction of a second instead of waiting real seconds.
const REAL_POLLING = { ...polling };
const FAST_POLLING = { progressMs: 50, historyMs: 150 };
/** Waits as long as `n` of these polls. */
const polls = (n: number, ms: number) => new Promise((resolve) => setTimeout(resolve, n * ms));

beforeEach(() => {
  Object.assign(polling, FAST_POLLING);
  setApiBase(undefined);
  serve();
  FakeUpload.reset();
  resetUploads();
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(async () => {
  Object.assign(polling, REAL_POLLING);
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the imports panel of a project', () => {
  it('uploads a file to S3, follows the import and shows the result, the rejected rows and the history', async () => {
    renderPanel(CONTRIBUTOR);
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
    const file = new File(['OrganizationIdentifier,ActivityIdentifier\nA,B\n'], 'results.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Choose a file'), file);
    expect(screen.getByText(/^Chosen: results.csv/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Format'), 'wqp-result');
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('progressbar', { name: 'Upload' })).toBeInTheDocument();
    expect(await screen.findByText(/^Uploading: /)).toBeInTheDocument();
    // The rows' time left: the station summaries are updated after them, which takes a while more.
    expect(await screen.findByText('1,000 rows read · 25% done · about 3 min left for the rows, then the station summaries are updated', {}, { timeout: 3000 }))
      .toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import' })).toHaveAttribute('value', '0.25');
    expect(await screen.findByText('1,500 of 1,500 rows · 100% done · updating the summaries of the stations', {}, { timeout: 3000 }))
      .toBeInTheDocument();
    expect(await screen.findByText('results.csv', { selector: 'strong' })).toBeInTheDocument();
    const counts = (await screen.findByText('Values imported', {}, { timeout: 4000 })).closest('dl')!;
    expect(screen.getByText('results.csv', { selector: 'strong' }).parentElement).toHaveTextContent(
      'results.csv: Imported with rejected rows');
    expect(counts).toHaveAttribute('aria-label', 'Result');
    expect(within(counts).getByText('Values imported').nextSibling).toHaveTextContent('1,498');
    expect(within(counts).getByText('Rows rejected').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('2 rows were rejected (see the rejected rows); the others were imported.')).toBeInTheDocument();
    const rejected = await screen.findByRole('table', { name: '2 problems in 2 rejected rows' });
    expect(within(rejected).getByText("ActivityStartDate '2024-02-30' is not a date")).toBeInTheDocument();
    expect(within(rejected).getByText('abc')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the rejected rows (CSV)' })).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    expect(within(history).getByText('1,498 values imported · 0 unchanged · 2 rows rejected')).toBeInTheDocument();

    expect(FakeUpload.posted).toHaveLength(1);
    expect(FakeUpload.posted[0]!.url).toBe(S3_URL);
    expect(FakeUpload.posted[0]!.form.get('key')).toBe('k');
    const queued = server.calls.find((c) => c.method === 'POST' && c.path.endsWith('/import-data'));
    expect(queued!.body).toEqual({ uploadKey: `uploads/${ORG}/${PROJECT}/k/results.csv`, format: 'wqp-result', dryRun: false });
  });

  it('shows the end of an import only once the history and the rejected rows show it too', async () => {
    // A busy server: the history and the rejected rows take a while to answer.
    serve({ answerDelayMs: 300 });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    const status = await screen.findByText('results.csv', { selector: 'strong' });
    await waitFor(() => expect(status.parentElement).toHaveTextContent('results.csv: Imported with rejected rows'), { timeout: 5000 });
    // At the very moment the result shows the end, the history row and the rejected rows agree with it.
    const history = screen.getByRole('table', { name: 'Imports of this project' });
    expect(within(history).getByRole('row', { name: /results\.csv/ })).toHaveTextContent('Imported with rejected rows');
    expect(within(history).getByText('1,498 values imported · 0 unchanged · 2 rows rejected')).toBeInTheDocument();
    const rejected = screen.getByRole('table', { name: '2 problems in 2 rejected rows' });
    expect(within(rejected).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('table', { name: /^0 problems/ })).not.toBeInTheDocument();
  });

  it("shows the upload's progress against the file's own size, from start to end", async () => {
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile(new File(['x'.repeat(2560)], 'results.csv', { type: 'text/csv' }));
    const bar = await screen.findByRole('progressbar', { name: 'Upload' });
    expect(bar).toHaveAttribute('max', '2560');
    // The browser counts the whole form (its fields too): the bar still counts the file's bytes only.
    await waitFor(() => expect(Number(bar.getAttribute('value'))).toBeGreaterThan(0));
    expect(bar).toHaveAttribute('max', '2560');
    expect(Number(bar.getAttribute('value'))).toBeLessThanOrEqual(2560);
    expect(screen.getByText(/^Uploading: /)).toHaveTextContent(/^Uploading: 1\.2 KB of 2\.5 KB$/);
    // The upload ends and the import is queued before the next test.
    expect(await screen.findByText('results.csv', { selector: 'strong' })).toBeInTheDocument();
  });

  it('shows a dry run as checked, with what would be imported, and marks it in the history', async () => {
    serve({ states: [importLog({ dryRun: true, status: 'running', rowsDone: 2 }), importLog({
      dryRun: true, status: 'succeeded', rowsTotal: 5, rowsDone: 5, rowsImported: 5, stationsCreated: 1,
    })] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await checkFile();
    const counts = (await screen.findByText('Values that would be imported', {}, { timeout: 4000 })).closest('dl')!;
    expect(within(counts).getByText('Values that would be imported').nextSibling).toHaveTextContent('5');
    expect(within(counts).getByText('Stations that would be created').nextSibling).toHaveTextContent('1');
    expect(within(counts).queryByText('Values imported')).not.toBeInTheDocument();
    expect(screen.getByText('results.csv', { selector: 'strong' }).parentElement).toHaveTextContent('results.csv: Checked (nothing written)');
    const row = within(screen.getByRole('table', { name: 'Imports of this project' })).getByRole('row', { name: /results\.csv/ });
    expect(row).toHaveTextContent('Check only');
    expect(row).toHaveTextContent('Checked (nothing written)');
    expect(row).toHaveTextContent('5 values to import · 0 unchanged · 0 rows to reject');
    expect(row).not.toHaveTextContent('Imported');
    expect(server.calls.find((c) => c.path.endsWith('/import-data'))!.body).toMatchObject({ dryRun: true });
  });

  it('names the parameters a dry run would create, so a misspelt one is seen before anything is written', async () => {
    serve({ states: [importLog({
      dryRun: true, status: 'succeeded', rowsTotal: 3, rowsDone: 3, rowsImported: 3, parametersCreated: 22,
      newParameters: ['Nitrat', 'Dissolved oxygn', ...Array.from({ length: 18 }, (_, n) => `P${n}`)],
    })] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await checkFile();
    const named = await screen.findByText(/^New parameters this file would create: Nitrat, Dissolved oxygn, P0/, {}, { timeout: 4000 });
    expect(named).toHaveTextContent('correct the file before importing it. (and 2 more)');
  });

  it('says which new parameters a check finds are no WQX characteristic name, and the name a misspelt one likely meant', async () => {
    serve({ states: [importLog({
      dryRun: true, status: 'succeeded', rowsTotal: 3, rowsDone: 3, rowsImported: 3, parametersCreated: 3,
      newParameters: ['Chlorophyll a', 'Temprature, water', 'Unobtainium'],
      newParametersNotWqx: [{ parameter: 'Temprature, water', closest: 'Temperature, water' }, { parameter: 'Unobtainium' }],
    })] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await checkFile();
    const said = await screen.findByRole('list', { name: 'New parameters that are not WQX characteristic names' }, { timeout: 4000 });
    expect(within(said).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "New parameter 'Temprature, water' is not a WQX characteristic name this portal knows: did you mean 'Temperature, water'?",
      "New parameter 'Unobtainium' is not a WQX characteristic name this portal knows: check its spelling, or keep it as a parameter of your own.",
    ]);
    // What to do, before anything is written.
    expect(screen.getByText('Correct a misspelt name in the file before importing it.')).toBeInTheDocument();
    // Said, not refused: the rows can be imported all the same.
    expect(screen.getByRole('button', { name: 'Import results.csv' })).toBeInTheDocument();
  });

  it('says so when a cancel comes after the import ended, and shows how it ended', async () => {
    const refused = vi.spyOn(toast, 'error');
    // Seen running for a while (7 states' polls), time enough to press Cancel; the server ends it first.
    const running = importLog({ status: 'running', rowsDone: 1000, progress: 0.5 });
    serve({ endsBeforeCancel: true, states: [...Array.from({ length: 7 }, () => running), importLog({
      status: 'succeeded', rowsTotal: 1500, rowsDone: 1500, rowsImported: 1500 })] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the import' }));
    await waitFor(() => expect(refused).toHaveBeenCalled());
    expect((refused.mock.calls[0]![0] as Error).message).toBe(
      'This import has already ended (succeeded); only queued or running imports can be cancelled.');
    expect(await screen.findByText('results.csv', { selector: 'strong' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('results.csv', { selector: 'strong' }).parentElement).toHaveTextContent('results.csv: Imported'));
    refused.mockRestore();
  });

  it('pages through the history', async () => {
    const earlier = Array.from({ length: 25 }, (_, i) =>
      importLog({ logId: `old-${i}`, fileName: `old-${i + 1}.csv`, status: 'succeeded', createdAt: `2026-10-${String(25 - i).padStart(2, '0')}T03:00:00.000Z` }));
    serve({ earlier });
    renderPanel(CONTRIBUTOR);
    const pages = await screen.findByRole('navigation', { name: 'Pages of the imports' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('row', { name: /old-10\.csv/ })).toBeInTheDocument();
    // The columns as a phone needs them: the file and its status first, Show last.
    expect(within(screen.getByRole('table', { name: 'Imports of this project' })).getAllByRole('columnheader').map((h) => h.textContent))
      .toEqual(['File', 'Status', 'Result', 'Started', 'Show']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /old-11\.csv/ })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /old-10\.csv/ })).not.toBeInTheDocument();
    const asked = server.calls.filter((c) => c.path.endsWith('/import-history')).at(-1)!.query;
    expect([asked.get('page'), asked.get('filter')]).toEqual(['2', 'kind||$eq||data']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 3 of 3')).toBeInTheDocument();
    const next = within(pages).getByRole('button', { name: 'Next' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // The last page reached from the keyboard: focus stays on Next (a disabled button would drop it).
    expect(next).toHaveFocus();
  });

  it.each([
    ['a simple member', VIEWER],
    ['someone outside the organization', OUTSIDER],
  ])('shows %s no import form, and says so when the history is not theirs to read', async (_who, profile) => {
    serve({ forbidden: true });
    renderPanel(profile);
    expect(await screen.findByText("You do not have access to this project's imports.")).toBeInTheDocument();
    expect(screen.queryByText('No imports yet.')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a file')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    // The template is offered with the form, to those who may import.
    expect(screen.queryByRole('button', { name: 'Download the template (CSV)' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^One value per row\./)).not.toBeInTheDocument();
    // The history is for those who may import: it is not asked for (the server would answer 403 every visit).
    expect(server.calls.filter((c) => c.path.endsWith('/import-history'))).toEqual([]);
  });

  it('lets a system administrator import in any organization', async () => {
    renderPanel(SYSTEM_ADMIN);
    expect(await screen.findByText('No imports yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a file')).toBeInTheDocument();
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderPanel(CONTRIBUTOR);
    expect(await screen.findByText('尚无导入记录。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '导入数据' })).toBeInTheDocument();
    // No file yet: aria-disabled, not disabled (a disabled button drops keyboard focus to the page).
    expect(screen.getByRole('button', { name: '导入' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByLabelText('仅检查文件（不写入任何数据）')).not.toBeChecked();
  });
});

const en = (n: number) => new Intl.NumberFormat('en').format(n);
const columnsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const pollsOf = () => server.calls.filter((c) => c.method === 'GET' && c.path.endsWith('/queued-import/log-1')).length;

/** An ended import's result alone (no polling): its counts and rejected rows. */
function renderResult(log: ImportLog) {
  return renderWithProviders(<ImportResult log={log} number={en} />);
}

/** `rows` rejected rows, the first `twice` of them with two problems (a bad value and a bad date). */
function problems(rows: number, twice = 0): RejectedRow[] {
  return Array.from({ length: rows }, (_, i) => i + 1).flatMap((row) => [
    { row, column: 'ResultMeasureValue', value: `x${row}`, message: `ResultMeasureValue 'x${row}' is not a number` },
    ...(row <= twice ? [{ row, column: 'ActivityStartDate', value: '2024-02-30', message: "ActivityStartDate '2024-02-30' is not a date" }] : []),
  ]);
}

const ENDED_WITH_REJECTED = (rowsRejected: number) =>
  importLog({ status: 'partial', settled: true, rowsTotal: 500, rowsDone: 500, rowsImported: 500 - rowsRejected, rowsRejected, feedbackFileId: 'log-1' });

describe('an import as its user walks it', () => {
  it('goes on asking after a cancel until the import has settled, showing it as stopping, then the counts the history shows', async () => {
    serve({
      states: [importLog({ status: 'running', rowsDone: 6000, progress: 0.4 })],
      afterCancel: [
        // Cancelled, its worker still writing: the counts are not final.
        importLog({ status: 'cancelled', settled: false, rowsDone: 6000, progress: 0.4, rowsImported: 6000, message: 'Cancelled after 6,000 rows.' }),
        importLog({ status: 'cancelled', settled: true, rowsDone: 7000, progress: 0.47, rowsImported: 7000, message: 'Cancelled after 7,000 rows.' }),
      ],
    });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel the import' }, { timeout: 3000 }));

    const stopping = await screen.findByRole('heading', { name: 'results.csv: Stopping…' });
    // The Cancel button went with the end: focus is on the result's heading, not dropped to the page.
    expect(stopping).toHaveFocus();
    expect(screen.getByRole('progressbar', { name: 'Import' })).toBeInTheDocument();
    // The worker finishes the rows it was writing, then recounts the station summaries (the count still rises).
    expect(screen.getByText('6,000 rows read · 40% done · finishing the rows being written and updating the station summaries')).toBeInTheDocument();
    expect(screen.queryByText('Values imported')).not.toBeInTheDocument();
    expect(screen.queryByText('Cancelled after 6,000 rows.')).not.toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Imports of this project' });
    await waitFor(() => expect(within(history).getByRole('row', { name: /results\.csv/ })).toHaveTextContent('Stopping…'));

    expect(await screen.findByRole('heading', { name: 'results.csv: Cancelled' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Values imported').nextSibling).toHaveTextContent('7,000');
    expect(screen.getByText('Cancelled after 7,000 rows.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Import' })).not.toBeInTheDocument();
    const row = within(history).getByRole('row', { name: /results\.csv/ });
    expect(row).toHaveTextContent('Cancelled');
    expect(row).toHaveTextContent('7,000 values imported · 0 unchanged · 0 rows rejected');
    // Settled: it is not asked for any more.
    const asked = pollsOf();
    await polls(3, polling.progressMs);
    expect(pollsOf()).toBe(asked);
  }, 10_000);

  it('shows an ended import whose worker is still on it as finishing, its counts once it has settled', async () => {
    serve({ states: [
      importLog({ status: 'running', rowsDone: 1000, rowsTotal: 1500 }),
      importLog({ status: 'succeeded', settled: false, rowsDone: 1500, rowsTotal: 1500, rowsImported: 1000, progress: 1 }),
      importLog({ status: 'succeeded', settled: true, rowsDone: 1500, rowsTotal: 1500, rowsImported: 1500, progress: 1 }),
    ] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    expect(await screen.findByRole('heading', { name: 'results.csv: Finishing…' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('1,500 of 1,500 rows · 100% done · updating the summaries of the stations')).toBeInTheDocument();
    expect(screen.queryByText('Values imported')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel the import' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'results.csv: Imported' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByText('Values imported').nextSibling).toHaveTextContent('1,500');
  }, 10_000);

  it('keeps focus on the Import button (aria-disabled while it uploads) and announces the result in a live region that was there before', async () => {
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    const panel = screen.getByRole('region', { name: 'Import data' });
    const live = within(panel).getByRole('status');
    expect(live).toBeEmptyDOMElement();
    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['A,B\n1,2\n'], 'results.csv', { type: 'text/csv' }));
    const button = screen.getByRole('button', { name: 'Import' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveFocus();
    await waitFor(() => expect(live).toHaveTextContent('results.csv: Imported with rejected rows'), { timeout: 5000 });
    expect(live).toHaveTextContent('2 rows were rejected (see the rejected rows); the others were imported.');
    expect(within(panel).getByRole('status')).toBe(live);
    expect(button).toHaveFocus();
    expect(button).not.toHaveAttribute('aria-disabled');
  }, 10_000);

  it("moves focus to the result's heading when Show is pressed, without scrolling sideways", async () => {
    serve({ earlier: [importLog({ logId: 'old-1', fileName: 'old.csv', status: 'succeeded', rowsTotal: 3, rowsDone: 3, rowsImported: 3 })] });
    const scrollIntoView = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrollIntoView;
    const focus = vi.spyOn(HTMLElement.prototype, 'focus');
    try {
      renderPanel(CONTRIBUTOR);
      await userEvent.click(await screen.findByRole('button', { name: /^Show: old\.csv, / }));
      const heading = await screen.findByRole('heading', { name: 'old.csv: Imported' });
      await waitFor(() => expect(heading).toHaveFocus());
      expect(focus).toHaveBeenCalledWith({ preventScroll: true });
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it.each([
    ['en', 'No imports yet.', 'Choose a file', 'Import', 'The file is empty. Choose a file with a header row and data rows.'],
    ['zh-CN', '尚无导入记录。', '选择文件', '导入', '文件为空。请选择包含表头行和数据行的文件。'],
  ] as const)('says an empty file is empty before sending anything (%s)', async (language, empty, choose, start, said) => {
    await changeLanguage(language);
    renderPanel(CONTRIBUTOR);
    await screen.findByText(empty);
    await userEvent.upload(screen.getByLabelText(choose), new File([], 'empty.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: start }));
    expect(await screen.findByRole('alert')).toHaveTextContent(said);
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    expect(FakeUpload.posted).toHaveLength(0);
  });

  it("clears the previous file's result when an empty file is refused", async () => {
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    expect(await screen.findByText('Values imported', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('results.csv', { selector: 'strong' })).toBeInTheDocument();

    await importFile(new File([], 'empty.csv', { type: 'text/csv' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is empty. Choose a file with a header row and data rows.');
    expect(screen.queryByText('Values imported')).not.toBeInTheDocument();
    expect(screen.queryByText('results.csv', { selector: 'strong' })).not.toBeInTheDocument();
    expect(FakeUpload.posted).toHaveLength(1);
  });

  it('pages through the rejected rows, and names both their problems and the rows they are in', async () => {
    // 110 rows rejected, the first 10 with two problems each: 120 problems.
    serve({ rejections: problems(110, 10) });
    renderResult(ENDED_WITH_REJECTED(110));
    expect(screen.getByText('Rows rejected').nextSibling).toHaveTextContent('110');
    const table = await screen.findByRole('table', { name: '120 problems in 110 rejected rows' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 50);
    const pages = screen.getByRole('navigation', { name: 'Pages of the rejected rows' });
    expect(within(pages).getByText('Page 1 of 3')).toBeInTheDocument();
    // One line a problem: row 1 twice.
    expect(within(table).getAllByRole('row').slice(1, 3).map((row) => columnsOf(row)[0])).toEqual(['1', '1']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 2 of 3')).toBeInTheDocument();
    await waitFor(() => expect(columnsOf(within(table).getAllByRole('row')[1]!)[0]).toBe('41'));
    const asked = server.calls.filter((c) => c.path === '/api/v1/Util/feedbacklog/log-1').at(-1)!.query;
    expect([asked.get('page'), asked.get('limit')]).toEqual(['2', '50']);
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await within(pages).findByText('Page 3 of 3')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 20));
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveFocus();
  });

  it.each([
    [1, 0, 'en', '1 problem in 1 rejected row'],
    [5, 1, 'en', '6 problems in 5 rejected rows'],
    [5, 1, 'zh-CN', '被拒绝的 5 行中共有 6 个问题'],
  ] as const)('names %i rejected rows with %i of two problems as it reads (%s)', async (rows, twice, language, caption) => {
    await changeLanguage(language);
    serve({ rejections: problems(rows, twice) });
    renderResult(ENDED_WITH_REJECTED(rows));
    expect(await screen.findByRole('table', { name: caption })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: caption })).toBeInTheDocument();
  });

  it('lists a rejected row with its reason right after its number, and says how rows are counted', async () => {
    renderResult(ENDED_WITH_REJECTED(2));
    const table = await screen.findByRole('table', { name: '2 problems in 2 rejected rows' });
    // On a phone the first columns are the ones in view: the row and why it was rejected.
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Row', 'Reason', 'Column', 'Value']);
    expect(columnsOf(within(table).getAllByRole('row')[1]!)).toEqual(['7', "ActivityStartDate '2024-02-30' is not a date", 'ActivityStartDate', '2024-02-30']);
    expect(table).toHaveAccessibleDescription('Rows are counted from the first row after the header: row 1 here is row 2 in a spreadsheet.');
    expect(screen.getByText('Rows are counted from the first row after the header: row 1 here is row 2 in a spreadsheet.')).toBeVisible();
  });

  it('says in Chinese how rows are counted', async () => {
    await changeLanguage('zh-CN');
    renderResult(ENDED_WITH_REJECTED(2));
    const table = await screen.findByRole('table', { name: '被拒绝的 2 行中共有 2 个问题' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['行', '原因', '列', '值']);
    expect(table).toHaveAccessibleDescription('行号从表头之后的第一行开始计数：此处的第 1 行是电子表格中的第 2 行。');
  });

  it('names the parameters an import created, in Chinese with its own list separator', async () => {
    await changeLanguage('zh-CN');
    renderResult(importLog({ status: 'succeeded', settled: true, rowsTotal: 4, rowsDone: 4, rowsImported: 4,
      parametersCreated: 2, newParameters: ['Nitrat', '溶解氧'] }));
    expect(await screen.findByText('新建的参数：Nitrat、溶解氧。')).toBeInTheDocument();
  });

  it('says in Chinese which new parameters are no WQX characteristic name, with the name likely meant', async () => {
    await changeLanguage('zh-CN');
    renderResult(importLog({ status: 'succeeded', settled: true, rowsTotal: 2, rowsDone: 2, rowsImported: 2,
      parametersCreated: 2, newParameters: ['Temprature, water', 'Unobtainium'],
      newParametersNotWqx: [{ parameter: 'Temprature, water', closest: 'Temperature, water' }, { parameter: 'Unobtainium' }] }));
    const said = screen.getByRole('list', { name: '不是 WQX 特征名称的新参数' });
    expect(within(said).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '新参数“Temprature, water”不是本门户已知的 WQX 特征名称：您是否是指“Temperature, water”？',
      '新参数“Unobtainium”不是本门户已知的 WQX 特征名称：请检查其拼写，或将其保留为您自己的参数。',
    ]);
    // Imported: the parameter and its values exist, and how to correct them is said.
    expect(screen.getByText('要改正拼错的名称：请在组织的“参数”标签页中重命名该参数，或删除其数值（在站点图表上使用“删除数值”），改正文件中的名称后重新导入。')).toBeInTheDocument();
  });

  it('counts values imported and unchanged (a re-import writes none), stations for a station file', async () => {
    renderResult(importLog({ status: 'succeeded', settled: true, rowsTotal: 2, rowsDone: 2, rowsImported: 0, rowsUnchanged: 4 }));
    const counts = screen.getByText('Values imported').closest('dl')!;
    expect(within(counts).getByText('Values imported').nextSibling).toHaveTextContent('0');
    expect(within(counts).getByText('Values unchanged (already stored)').nextSibling).toHaveTextContent('4');
    expect(within(counts).getByText('Rows rejected').nextSibling).toHaveTextContent('0');
    expect(within(counts).queryByText(/^Rows imported/)).not.toBeInTheDocument();
  });

  it('names the counts of a station file as stations', async () => {
    renderResult(importLog({ status: 'succeeded', detectedFormat: 'wqp-station', settled: true, rowsTotal: 5, rowsDone: 5, rowsImported: 3, rowsUnchanged: 2, stationsCreated: 1 }));
    expect(screen.getByText('Stations imported (new or changed)').nextSibling).toHaveTextContent('3');
    expect(screen.getByText('Stations unchanged (already stored)').nextSibling).toHaveTextContent('2');
    expect(screen.queryByText('Values imported')).not.toBeInTheDocument();
  });

  it('shows in the history what each import wrote, left unchanged and rejected, in both languages', async () => {
    serve({ earlier: [
      importLog({ logId: 'again', fileName: 'again.csv', status: 'succeeded', rowsImported: 0, rowsUnchanged: 5 }),
      importLog({ logId: 'one', fileName: 'one.csv', status: 'partial', rowsImported: 1, rowsUnchanged: 1, rowsRejected: 1 }),
      importLog({ logId: 'sites', fileName: 'sites.csv', detectedFormat: 'wqp-station', status: 'succeeded', rowsImported: 3, rowsUnchanged: 2 }),
      importLog({ logId: 'check', fileName: 'check.csv', dryRun: true, status: 'partial', rowsImported: 1200, rowsUnchanged: 0, rowsRejected: 3 }),
    ] });
    renderPanel(CONTRIBUTOR);
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    const outcome = (file: string) => columnsOf(within(history).getByRole('row', { name: new RegExp(file) }))[2];
    expect(outcome('again')).toBe('0 values imported · 5 unchanged · 0 rows rejected');
    expect(outcome('one')).toBe('1 value imported · 1 unchanged · 1 row rejected');
    expect(outcome('sites')).toBe('3 stations imported · 2 unchanged · 0 rows rejected');
    expect(outcome('check')).toBe('1,200 values to import · 0 unchanged · 3 rows to reject');
    // Where the panel is narrow (a phone), the start is shown under the file's name and its column hidden (imports.css).
    const again = within(history).getByRole('row', { name: /again/ });
    const started = columnsOf(again)[3]!;
    expect(within(again).getAllByRole('cell')[0]!.querySelector('.imports-when-inline')).toHaveTextContent(started);
    expect(within(again).getAllByRole('cell')[3]).toHaveClass('imports-when');
    await changeLanguage('zh-CN');
    const chinese = await screen.findByRole('table', { name: '本项目的导入记录' });
    expect(columnsOf(within(chinese).getByRole('row', { name: /again/ }))[2]).toBe('已导入 0 个值 · 5 个未更改 · 被拒绝 0 行');
    expect(columnsOf(within(chinese).getByRole('row', { name: /check/ }))[2]).toBe('将导入 1,200 个值 · 0 个未更改 · 将拒绝 3 行');
    expect(within(chinese).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['文件', '状态', '结果', '开始时间', '查看']);
  });

  it('downloads the rejected rows in the language of the screen', async () => {
    await changeLanguage('zh-CN');
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:feedback');
    const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderResult(ENDED_WITH_REJECTED(2));
      // The table's reasons come in Chinese, and so does the file.
      const table = await screen.findByRole('table', { name: '被拒绝的 2 行中共有 2 个问题' });
      expect(within(table).getByText("ActivityStartDate '2024-02-30' 不是日期")).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: '下载被拒绝的行（CSV）' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      const asked = server.calls.find((c) => c.path === '/api/v1/Util/feedback/log-1')!;
      expect(asked.headers.get('Accept-Language')).toBe('zh-CN, en;q=0.5');
      const saved = createObjectURL.mock.calls[0]![0];
      expect(await saved.text()).toContain('不是日期');
      // UTF-8 with its byte-order mark, as the server sends it: Excel then reads the Chinese as Chinese.
      expect([...new Uint8Array(await saved.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('results-rejected-rows.csv');
    } finally {
      URL.createObjectURL = originals.create;
      URL.revokeObjectURL = originals.revoke;
    }
  });
});

describe('after a regression walk', () => {
  const REJECTED_MESSAGE = '2 rows were rejected (see the rejected rows); the others were imported.';
  const ENDED = importLog({
    status: 'partial', settled: true, rowsTotal: 1500, rowsDone: 1500, rowsImported: 1498, rowsRejected: 2, feedbackFileId: 'log-1', message: REJECTED_MESSAGE,
  });

  it("asks again in the new language when the language is switched: the import's message, the rejected rows' reasons, the history", async () => {
    serve({ states: [ENDED], chineseMessages: { [REJECTED_MESSAGE]: '2 行被拒绝（见被拒绝的行）；其他行已导入。' } });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    expect(await screen.findByText(REJECTED_MESSAGE, {}, { timeout: 4000 })).toBeInTheDocument();
    const heading = screen.getByRole('heading', { name: 'results.csv: Imported with rejected rows' });
    const rejected = await screen.findByRole('table', { name: '2 problems in 2 rejected rows' });
    expect(within(rejected).getByText("ActivityStartDate '2024-02-30' is not a date")).toBeInTheDocument();
    const before = server.calls.length;

    await act(() => changeLanguage('zh-CN'));
    // The server's words come again, in Chinese; the result stays on screen meanwhile (not blanked, focus kept).
    expect(await screen.findByText('2 行被拒绝（见被拒绝的行）；其他行已导入。')).toBeInTheDocument();
    expect(screen.queryByText(REJECTED_MESSAGE)).not.toBeInTheDocument();
    // Chinese punctuation between the file and its status, and in the history's Show button.
    expect(screen.getByRole('heading', { name: 'results.csv：已导入（有被拒绝的行）' })).toBe(heading);
    expect(await screen.findByRole('button', { name: /^查看：results\.csv，\d{4}年/ })).toBeInTheDocument();
    const chinese = screen.getByRole('table', { name: '被拒绝的 2 行中共有 2 个问题' });
    expect(await within(chinese).findByText("ActivityStartDate '2024-02-30' 不是日期")).toBeInTheDocument();
    expect(within(chinese).queryByText("ActivityStartDate '2024-02-30' is not a date")).not.toBeInTheDocument();
    const askedInChinese = (path: string) =>
      server.calls.slice(before).filter((c) => c.path === path && c.headers.get('Accept-Language') === 'zh-CN, en;q=0.5').length;
    const base = `/api/v1/organization/${ORG}/projects/${PROJECT}`;
    expect(askedInChinese(`${base}/queued-import/log-1`)).toBeGreaterThan(0);
    expect(askedInChinese('/api/v1/Util/feedbacklog/log-1')).toBeGreaterThan(0);
    expect(askedInChinese(`${base}/import-history`)).toBeGreaterThan(0);

    // And back: English again.
    await act(() => changeLanguage('en'));
    expect(await screen.findByText(REJECTED_MESSAGE)).toBeInTheDocument();
    expect(await within(screen.getByRole('table', { name: '2 problems in 2 rejected rows' })).findByText("ActivityStartDate '2024-02-30' is not a date"))
      .toBeInTheDocument();
  }, 10_000);

  it('shows a cancelled import whose worker is still on it as stopping in the history, as its result does, until it has settled', async () => {
    const stopping = importLog({ logId: 'old-1', fileName: 'stopped.csv', status: 'cancelled', settled: false, rowsDone: 6000, rowsImported: 6000 });
    const check = importLog({ logId: 'old-2', fileName: 'checked.csv', dryRun: true, status: 'cancelled', settled: false, rowsDone: 10 });
    const done = importLog({ logId: 'old-3', fileName: 'done.csv', status: 'cancelled', settled: true, rowsDone: 10, rowsImported: 10 });
    serve({ earlier: [stopping, check, done] });
    renderPanel(CONTRIBUTOR);
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    const statusOf = (file: string) => columnsOf(within(history).getByRole('row', { name: new RegExp(file) }))[1];
    expect(statusOf('stopped')).toBe('Stopping…');
    expect(statusOf('checked')).toBe('Stopping the check…');
    expect(statusOf('done')).toBe('Cancelled');
    // Its result says the same.
    await userEvent.click(within(history).getByRole('button', { name: /^Show: stopped\.csv, / }));
    expect(await screen.findByRole('heading', { name: 'stopped.csv: Stopping…' })).toBeInTheDocument();

    // The check's worker finishes: the history, asked again while a row on it has not settled, shows its end
    // (its result is not the one open, so nothing else would ask for it).
    Object.assign(check, { settled: true });
    await waitFor(() => expect(statusOf('checked')).toBe('Check cancelled'), { timeout: 5000 });
    expect(statusOf('stopped')).toBe('Stopping…');
    // Then the other's: its result and its history row show how it ended, with its final counts.
    Object.assign(stopping, { settled: true, rowsDone: 6500, rowsImported: 6500 });
    expect(await screen.findByRole('heading', { name: 'stopped.csv: Cancelled' }, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(statusOf('stopped')).toBe('Cancelled'));
    expect(columnsOf(within(history).getByRole('row', { name: /stopped/ }))[2]).toBe('6,500 values imported · 0 unchanged · 0 rows rejected');
    // Every row settled: the history is not asked again.
    const asked = server.calls.filter((c) => c.path.endsWith('/import-history')).length;
    await polls(3, polling.historyMs);
    expect(server.calls.filter((c) => c.path.endsWith('/import-history')).length).toBe(asked);
  }, 15_000);

  it('says of an import or check that failed before its first row that it read none, not "0 values imported" (both languages)', async () => {
    const earlier = [
      importLog({ logId: 'broken', fileName: 'broken.csv', status: 'failed', rowsDone: 0, rowsImported: 0, rowsUnchanged: 0, rowsRejected: 0 }),
      importLog({ logId: 'unchecked', fileName: 'unchecked.csv', dryRun: true, status: 'failed', rowsDone: 0, rowsImported: 0, rowsUnchanged: 0, rowsRejected: 0 }),
      importLog({ logId: 'later', fileName: 'later.csv', status: 'failed', rowsDone: 2000, rowsImported: 1000, rowsUnchanged: 0, rowsRejected: 0 }),
    ];
    serve({ earlier });
    renderPanel(CONTRIBUTOR);
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    const outcome = (file: string) => columnsOf(within(history).getByRole('row', { name: new RegExp(file) }))[2];
    expect(outcome('broken')).toBe('Failed before any row was read: nothing was written');
    expect(outcome('unchecked')).toBe('Failed before any row was checked');
    expect(outcome('later')).toBe('1,000 values imported · 0 unchanged · 0 rows rejected');
    cleanup();
    await changeLanguage('zh-CN');
    serve({ earlier });
    renderPanel(CONTRIBUTOR);
    const zh = await screen.findByRole('table', { name: '本项目的导入记录' });
    expect(columnsOf(within(zh).getByRole('row', { name: /broken/ }))[2]).toBe('在读取任何行之前失败：未写入任何内容');
    expect(columnsOf(within(zh).getByRole('row', { name: /unchecked/ }))[2]).toBe('在检查任何行之前失败');
  });

  it('says "正在停止…" in the history in Chinese', async () => {
    await changeLanguage('zh-CN');
    serve({ earlier: [importLog({ logId: 'old-1', fileName: 'stopped.csv', status: 'cancelled', settled: false })] });
    renderPanel(CONTRIBUTOR);
    const history = await screen.findByRole('table', { name: '本项目的导入记录' });
    expect(columnsOf(within(history).getByRole('row', { name: /stopped/ }))[1]).toBe('正在停止…');
  });

  it.each([
    ['en', 'The Open Water Data template', 'One value per row. StationIdentifier, Date, Parameter and Value are required; a station the organization does not have yet needs Latitude and Longitude (and StationName). Time, TimeZone (a WQX code such as EST, or an offset from UTC such as UTC+08:00 for China, where CST would be US Central; a time without one is read as UTC), Unit, Depth, DepthUnit, ActivityType, ActivityIdentifier (rows without one are grouped into an activity per station, date, time and type), DetectionCondition, AnalyticalMethod, Comment, DetectionLimit and DetectionLimitUnit (the limit of a result below detection) are optional.', 'Download the template (CSV)'],
    ['zh-CN', 'Open Water Data 模板', '每行一个值。StationIdentifier、Date、Parameter 和 Value 为必填列；组织中尚无的站点还需要 Latitude 和 Longitude（以及 StationName）。Time、TimeZone（WQX 时区代码，如 EST，或相对 UTC 的偏移，如中国填写 UTC+08:00——CST 会被读作美国中部时间；没有时区的时刻按 UTC 读取）、Unit、Depth、DepthUnit、ActivityType、ActivityIdentifier（未填写的行按站点、日期、时间和类型归入同一活动）、DetectionCondition、AnalyticalMethod、Comment、DetectionLimit 和 DetectionLimitUnit（低于检出限的结果的检出限）为可选列。', '下载模板（CSV）'],
  ] as const)('describes the template and saves it through the app\'s client, keeping its byte-order mark (%s)', async (language, title, description, button) => {
    await changeLanguage(language);
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:template');
    const originals = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      renderPanel(CONTRIBUTOR);
      const template = await screen.findByRole('group', { name: title });
      expect(within(template).getByText(description)).toBeInTheDocument();
      // Above the form it describes.
      expect(template.compareDocumentPosition(screen.getByLabelText(language === 'en' ? 'Choose a file' : '选择文件')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      await userEvent.click(within(template).getByRole('button', { name: button }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      const asked = server.calls.filter((c) => c.path === '/api/v1/import-template');
      expect(asked).toHaveLength(1);
      expect(asked[0]!.method).toBe('GET');
      // Through the app's client: it names the language as every call does.
      expect(asked[0]!.headers.get('Accept')).toBe('text/csv');
      expect(asked[0]!.headers.get('Accept-Language')).toBe(language === 'en' ? 'en' : 'zh-CN, en;q=0.5');
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('open-water-data-template.csv');
      const saved = createObjectURL.mock.calls[0]![0];
      expect(saved.type).toBe('text/csv;charset=utf-8');
      const bytes = new Uint8Array(await saved.arrayBuffer());
      // One byte-order mark (the answer's, which decoding it dropped), then the template as the server sent it.
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect([...bytes.slice(3, 6)]).not.toEqual([0xef, 0xbb, 0xbf]);
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(TEMPLATE_CSV);
    } finally {
      URL.createObjectURL = originals.create;
      URL.revokeObjectURL = originals.revoke;
    }
  });

  it('offers a system administrator the template too', async () => {
    renderPanel(SYSTEM_ADMIN);
    expect(await screen.findByRole('button', { name: 'Download the template (CSV)' })).toBeInTheDocument();
  });

  it("keeps a short column name whole in the rejected rows (a minimum width), a long one wrapping between its words", async () => {
    await changeLanguage('zh-CN');
    serve({ rejections: [
      { row: 3, column: 'Value', value: 'abc', message: "Value 'abc' 不是数字" },
      { row: 4, column: 'Date', value: '2024-02-30', message: "Date '2024-02-30' 不是日期" },
      { row: 7, column: 'ActivityStartDate', value: '2024-02-30', message: "ActivityStartDate '2024-02-30' 不是日期" },
      { row: 9, column: 'ResultMeasure/MeasureUnitCode', value: 'furlongs', message: '未知单位' },
    ] });
    renderResult(ENDED_WITH_REJECTED(4));
    const table = await screen.findByRole('table', { name: '被拒绝的 4 行中共有 4 个问题' });
    const cellsOf = (row: number) => within(table).getAllByRole('row')[row]!.querySelectorAll('td');
    // The row number and the column name have cells of their own kind (imports.css).
    expect(cellsOf(1)[0]).toHaveClass('imports-row');
    expect(cellsOf(1)[2]).toHaveClass('imports-column');
    // "Value" and "Date" as one piece (no break opportunity inside them); long names may break between their words only.
    // (The name in an element of its own: a phone's card lays the cell out as a grid, whose items its <wbr>s would be.)
    const nameOf = (cell: HTMLElement) => (cell.children.length === 1 && cell.firstElementChild!.tagName === 'SPAN' ? cell.firstElementChild!.innerHTML : cell.innerHTML);
    expect(nameOf(cellsOf(1)[2]!)).toBe('Value');
    expect(nameOf(cellsOf(2)[2]!)).toBe('Date');
    expect(nameOf(cellsOf(3)[2]!)).toBe('Activity<wbr>Start<wbr>Date');
    expect(nameOf(cellsOf(4)[2]!)).toBe('Result<wbr>Measure/<wbr>Measure<wbr>Unit<wbr>Code');
    // What is read and copied is the name as it is.
    expect(columnsOf(within(table).getAllByRole('row')[3]!)).toEqual(['7', "ActivityStartDate '2024-02-30' 不是日期", 'ActivityStartDate', '2024-02-30']);
    // The rules (jsdom lays nothing out): a row number never wraps; a column name keeps at least 4em (9em where the
    // panel is wide), so the one-character header "列" no longer lets the column shrink to a letter.
    const css = readFileSync(join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src', 'features', 'imports', 'imports.css'), 'utf-8');
    expect(css).toMatch(/\.imports-rejected \.imports-row \{\s*white-space: nowrap;/);
    expect(css).toMatch(/\.imports-rejected \.imports-column \{\s*min-width: 4em;/);
    expect(css.slice(css.indexOf('@container imports-panel (min-width: 40rem)'))).toMatch(/\.imports-rejected \.imports-column \{\s*min-width: 9em;/);
  });
});

describe('on a phone (390 px)', () => {
  const IMPORTS_CSS = () => readFileSync(join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src', 'features', 'imports', 'imports.css'), 'utf-8');

  it('shows each import of the history as a card, every value under its column’s name, in both languages', async () => {
    serve({ earlier: [importLog({ logId: 'again', fileName: 'again.csv', status: 'succeeded', rowsImported: 0, rowsUnchanged: 5 })] });
    renderPanel(CONTRIBUTOR);
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    // Cards on a phone (shell/workspace.css .card-table): four narrow columns had broken "unchange/d" mid-word.
    expect(history).toHaveClass('card-table');
    expect(history).toHaveAttribute('role', 'table');
    const row = within(history).getByRole('row', { name: /again/ });
    const labels = () => within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'));
    expect(labels()).toEqual([null, 'Status', 'Result', 'Started', null]);
    expect(within(row).getAllByRole('cell')[0]).toHaveClass('ws-card-title', 'imports-file');
    await changeLanguage('zh-CN');
    await waitFor(() => expect(labels()).toEqual([null, '状态', '结果', '开始时间', null]));
    // On a card the start is a line under its name, not the line under the file's name the narrow table has.
    const css = IMPORTS_CSS();
    const phone = css.slice(css.lastIndexOf('@media (max-width: 640px)'));
    expect(phone).toMatch(/\.imports-history td\.imports-when \{\s*display: grid;/);
    expect(phone).toMatch(/\.imports-history \.imports-when-inline \{\s*display: none;/);
  });

  it('shows each rejected row as a card, every value under its column’s name, in both languages', async () => {
    serve({ rejections: [{ row: 7, column: 'ResultDetectionConditionText', value: 'Not Detected', message: 'Unknown detection condition (DetectionCondition)' }] });
    renderResult(ENDED_WITH_REJECTED(1));
    const table = await screen.findByRole('table', { name: '1 problem in 1 rejected row' });
    expect(table).toHaveClass('card-table');
    expect(table).toHaveAttribute('role', 'table');
    const row = within(table).getAllByRole('row')[1]!;
    const labels = () => within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'));
    expect(labels()).toEqual(['Row', 'Reason', 'Column', 'Value']);
    expect(columnsOf(row)).toEqual(['7', 'Unknown detection condition (DetectionCondition)', 'ResultDetectionConditionText', 'Not Detected']);
    await changeLanguage('zh-CN');
    await waitFor(() => expect(labels()).toEqual(['行', '原因', '列', '值']));
  });

  it('breaks no word of a status, an outcome or a reason inside it; only file names and values, long tokens, may', () => {
    // Every rule (inside @container and @media too) whose selectors include this one: its last overflow-wrap.
    const css = IMPORTS_CSS().replace(/\/\*[\s\S]*?\*\//g, '');
    const wrapOf = (selector: string) => [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
      .filter(([, selectors]) => selectors!.split(',').map((s) => s.trim()).includes(selector))
      .map(([, , body]) => /overflow-wrap: ([\w-]+)/.exec(body!)?.[1])
      .filter(Boolean)
      .at(-1);
    expect(wrapOf('.imports-rejected td')).toBe('break-word');
    expect(wrapOf('.imports-history td')).toBe('break-word');
    for (const selector of ['.imports-history .imports-outcome', '.imports-history .imports-status', '.imports-rejected .imports-reason', '.imports-rejected .imports-column']) {
      expect(wrapOf(selector), selector).toBeUndefined();
    }
    expect(wrapOf('.imports-history .imports-file')).toBe('anywhere');
    expect(wrapOf('.imports-rejected .imports-value')).toBe('anywhere');
  });

  it('keeps Show as high as any button (it was compacted to 25 px), and the check-only box in a label a finger can tap', async () => {
    const css = IMPORTS_CSS();
    const narrow = css.slice(css.indexOf('@container imports-panel (max-width: 30rem)'));
    expect(narrow).toMatch(/\.imports-history \.button-small \{/);
    expect(css).not.toMatch(/min-height: 0/);
    serve();
    renderPanel(CONTRIBUTOR);
    const box = await screen.findByRole('checkbox', { name: 'Only check the file (write nothing)' });
    // .ws-check: the box 1.1rem (1.5rem on a touch screen), the label 44 px high there (shell/workspace.css).
    expect(box.closest('label')).toHaveClass('ws-check');
  });
});

describe('once every row is done (a large import walked)', () => {
  /** 1,500 rows, two of them rejected: at 1,000 rows, then every row written while the summaries are updated. */
  const AT_1000 = importLog({ status: 'running', rowsTotal: 1500, rowsDone: 1000, rowsImported: 999, rowsRejected: 1 });
  const EVERY_ROW = importLog({ status: 'running', rowsTotal: 1500, rowsDone: 1500, rowsImported: 1498, rowsRejected: 2 });

  it('offers no cancel while the summaries are updated (the server would refuse it), focus going to the heading', async () => {
    serve({ states: [AT_1000, EVERY_ROW] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    const cancel = await screen.findByRole('button', { name: 'Cancel the import' });
    expect(screen.getByText('1,000 of 1,500 rows · 67% done')).toBeInTheDocument();
    cancel.focus();

    expect(await screen.findByText('1,500 of 1,500 rows · 100% done · updating the summaries of the stations')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'results.csv: Importing' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Cancel the import' })).not.toBeInTheDocument();
    // Still not offered at any later poll while it finishes.
    await polls(POLLS_A_STATE + 1, polling.progressMs);
    expect(screen.queryByRole('button', { name: 'Cancel the import' })).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it("shows in the import's history row the counts its result shows while it runs, each poll", async () => {
    serve({ states: [AT_1000, EVERY_ROW] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    const rowOf = () => within(screen.getByRole('table', { name: 'Imports of this project' })).getByRole('row', { name: /results\.csv/ });
    await screen.findByText('1,000 of 1,500 rows · 67% done');
    await waitFor(() => expect(columnsOf(rowOf()).slice(1, 3)).toEqual(['Importing', '999 values imported · 0 unchanged · 1 row rejected']));
    await screen.findByText('1,500 of 1,500 rows · 100% done · updating the summaries of the stations');
    expect(columnsOf(rowOf()).slice(1, 3)).toEqual(['Importing', '1,498 values imported · 0 unchanged · 2 rows rejected']);
  });

  it('asks the history again while an import on it has not settled, however often the followed import moves on', async () => {
    // Another import stopping (not the one followed); the followed one moves on at every state, more often than
    // the history is asked: its renders must not hold the history's polls back.
    const stopping = importLog({ logId: 'old-1', fileName: 'stopped.csv', status: 'cancelled', settled: false, rowsDone: 600, rowsImported: 600 });
    const moving = Array.from({ length: 20 }, (_, i) => importLog({ status: 'running', rowsTotal: 5000, rowsDone: 100 * (i + 1), rowsImported: 100 * (i + 1) }));
    serve({ states: moving, earlier: [stopping] });
    polling.historyMs = 2 * POLLS_A_STATE * polling.progressMs;
    renderPanel(CONTRIBUTOR);
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    const statusOf = (file: string) => columnsOf(within(history).getByRole('row', { name: new RegExp(file) }))[1];
    await importFile();
    await screen.findByText('100 of 5,000 rows · 2% done');
    expect(statusOf('stopped')).toBe('Stopping…');
    Object.assign(stopping, { settled: true, rowsDone: 700, rowsImported: 700 });
    await waitFor(() => expect(statusOf('stopped')).toBe('Cancelled'), { timeout: 2000 });
    // The followed import was still moving on meanwhile.
    expect(screen.queryByText('2,000 of 5,000 rows · 40% done')).not.toBeInTheDocument();
  });

  const DRY_RUN = importLog({ dryRun: true, status: 'running', rowsTotal: 200, rowsDone: 200, rowsImported: 200 });
  const ALL_REJECTED = importLog({ status: 'running', rowsTotal: 9, rowsDone: 9, rowsRejected: 9 });
  it.each([
    ['a dry run', 'en', DRY_RUN, 'results.csv: Checking', '200 of 200 rows · 100% done · finishing the check'],
    ['an import whose every row was rejected', 'en', ALL_REJECTED, 'results.csv: Importing', '9 of 9 rows · 100% done · finishing'],
    ['an import that found every value stored', 'en', importLog({ status: 'running', rowsTotal: 9, rowsDone: 9, rowsUnchanged: 9 }), 'results.csv: Importing',
      '9 of 9 rows · 100% done · finishing'],
    ['a station file', 'en', importLog({ detectedFormat: 'wqp-station', status: 'running', rowsTotal: 3, rowsDone: 3, rowsImported: 3 }), 'results.csv: Importing',
      '3 of 3 rows · 100% done · finishing'],
    ['an import that wrote values', 'en', importLog({ status: 'running', rowsTotal: 9, rowsDone: 9, rowsImported: 8, rowsRejected: 1 }), 'results.csv: Importing',
      '9 of 9 rows · 100% done · updating the summaries of the stations'],
    ['a dry run', 'zh-CN', DRY_RUN, 'results.csv：正在检查', '200 / 200 行 · 已完成 100% · 正在完成检查'],
    ['an import whose every row was rejected', 'zh-CN', ALL_REJECTED, 'results.csv：正在导入', '9 / 9 行 · 已完成 100% · 正在收尾'],
  ] as const)('says what %s does once every row is done, naming summaries only where values were written (%s)', async (_what, language, log, heading, line) => {
    await changeLanguage(language);
    renderResult(log);
    expect(screen.getByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.getByText(line)).toBeInTheDocument();
  });
});

describe('an import whose rows give times without a time zone (read as UTC)', () => {
  const NOTICE = '2 rows give a time without a time zone: their times were read as UTC. If they are local times, delete those values, give their zone in TimeZone and import them again.';
  const NOTICE_ZH = '2 行给出了时刻但没有时区：其时刻已按 UTC 读取。如果这些是当地时间，请删除这些数值，在 TimeZone 中给出时区后重新导入。';
  const DRY_NOTICE = 'Dry run: nothing was written. 2 rows give a time without a time zone: their times would be read as UTC. If they are local times, give their zone in TimeZone before importing.';
  const ended = (overrides: Partial<ImportLog> = {}) => importLog({
    detectedFormat: 'template', status: 'succeeded', settled: true, rowsTotal: 3, rowsDone: 3, rowsImported: 3, rowsWithoutTimeZone: 2,
    message: NOTICE, ...overrides,
  });

  it('says so with the result and counts them, and in the history, in English and in Chinese', async () => {
    serve({ states: [ended()], chineseMessages: { [NOTICE]: NOTICE_ZH } });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    // The server's notice, under the status (announced with it), and the count among the result's counts.
    expect(await screen.findByText(NOTICE, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`results.csv: Imported${NOTICE}`);
    const counts = screen.getByText('Values imported').closest('dl')!;
    const utc = within(counts).getByText('Rows with a time but no time zone (read as UTC)');
    expect(utc.nextSibling).toHaveTextContent('2');
    expect(utc.parentElement).toHaveClass('imports-count-warning');
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    await waitFor(() => expect(columnsOf(within(history).getByRole('row', { name: /results\.csv/ }))[2])
      .toBe('3 values imported · 0 unchanged · 0 rows rejected · 2 rows without a time zone (read as UTC)'));

    await act(() => changeLanguage('zh-CN'));
    expect(await screen.findByText(NOTICE_ZH)).toBeInTheDocument();
    expect(screen.queryByText(NOTICE)).not.toBeInTheDocument();
    expect(screen.getByText('有时刻但无时区的行（按 UTC 读取）').nextSibling).toHaveTextContent('2');
    const chinese = await screen.findByRole('table', { name: '本项目的导入记录' });
    await waitFor(() => expect(columnsOf(within(chinese).getByRole('row', { name: /results\.csv/ }))[2])
      .toBe('已导入 3 个值 · 0 个未更改 · 被拒绝 0 行 · 2 行无时区（按 UTC 读取）'));
  }, 10_000);

  it('says what a dry run would read as UTC', async () => {
    serve({ states: [ended({ dryRun: true, message: DRY_NOTICE })] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await importFile();
    expect(await screen.findByText(DRY_NOTICE, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Rows with a time but no time zone (would be read as UTC)').nextSibling).toHaveTextContent('2');
    await act(() => changeLanguage('zh-CN'));
    expect(await screen.findByText('有时刻但无时区的行（将按 UTC 读取）')).toBeInTheDocument();
  });

  it('counts nothing of the kind when every time has its zone, or for an older server that does not count them', async () => {
    serve({ states: [ended({ rowsWithoutTimeZone: 0, message: null })], earlier: [ended({ logId: 'old', fileName: 'old.csv', rowsWithoutTimeZone: undefined, message: null })] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('old.csv');
    await importFile();
    expect(await screen.findByText('Values imported', {}, { timeout: 4000 })).toBeInTheDocument();
    // (The form's hint under its time zone field speaks of files with no time zone column: not of this import.)
    expect(screen.queryByText(/no time zone/, { ignore: '.ws-hint, script, style' })).not.toBeInTheDocument();
    const history = screen.getByRole('table', { name: 'Imports of this project' });
    expect(columnsOf(within(history).getByRole('row', { name: /old\.csv/ }))[2]).toBe('3 values imported · 0 unchanged · 0 rows rejected');
  });
});

describe('a file imported again with some of its values corrected', () => {
  const corrected = (overrides: Partial<ImportLog> = {}) => importLog({
    status: 'succeeded', settled: true, rowsTotal: 1000, rowsDone: 1000, rowsImported: 3, rowsUnchanged: 997, rowsReplaced: 2,
    finishedAt: '2026-11-24T03:01:00.000Z', ...overrides,
  });
  const pairs = () => [...screen.getByLabelText(/^(Result|结果)$/).querySelectorAll('div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]);

  it('says how many of the values imported corrected a stored one, right under them, in English and in Chinese', async () => {
    renderResult(corrected());
    expect(pairs().slice(0, 3)).toEqual([['Values imported', '3'], ['Of these, stored values corrected', '2'], ['Values unchanged (already stored)', '997']]);
    await act(() => changeLanguage('zh-CN'));
    expect(pairs().slice(0, 2)).toEqual([['已导入的值', '3'], ['其中更正了已存的值', '2']]);
  });

  it("names a station file's changed stations, and a dry run's values that would be corrected", async () => {
    const { unmount } = renderResult(corrected({ detectedFormat: 'wqp-station' }));
    expect(pairs()[1]).toEqual(['Of these, stored stations changed', '2']);
    unmount();
    renderResult(corrected({ dryRun: true }));
    expect(pairs()[1]).toEqual(['Of these, stored values that would be corrected', '2']);
  });

  it('says nothing of it when no stored value changed, or for an older server that does not count them', () => {
    const { unmount } = renderResult(corrected({ rowsReplaced: 0 }));
    expect(screen.queryByText(/^Of these/)).not.toBeInTheDocument();
    unmount();
    renderResult(corrected({ rowsReplaced: undefined }));
    expect(screen.queryByText(/^Of these/)).not.toBeInTheDocument();
  });
});

describe('the history of a file imported again with values corrected', () => {
  const corrected = (overrides: Partial<ImportLog> = {}) => importLog({
    logId: 'again', fileName: 'again.csv', detectedFormat: 'template', status: 'succeeded', settled: true, rowsTotal: 1000,
    rowsDone: 1000, rowsImported: 3, rowsUnchanged: 997, rowsReplaced: 2, finishedAt: '2026-11-24T03:01:00.000Z', ...overrides,
  });

  it('says how many of the values imported were corrections, in English and in Chinese, and a dry run likewise', async () => {
    serve({ states: [corrected()], earlier: [corrected(), corrected({ logId: 'check', fileName: 'check.csv', dryRun: true })] });
    renderPanel(CONTRIBUTOR);
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    await waitFor(() => expect(columnsOf(within(history).getByRole('row', { name: /again\.csv/ }))[2])
      .toBe('3 values imported (2 corrected) · 997 unchanged · 0 rows rejected'));
    expect(columnsOf(within(history).getByRole('row', { name: /check\.csv/ }))[2])
      .toBe('3 values to import (2 to correct) · 997 unchanged · 0 rows to reject');
    await act(() => changeLanguage('zh-CN'));
    const chinese = await screen.findByRole('table', { name: '本项目的导入记录' });
    await waitFor(() => expect(columnsOf(within(chinese).getByRole('row', { name: /again\.csv/ }))[2])
      .toBe('已导入 3 个值（其中更正 2 个） · 997 个未更改 · 被拒绝 0 行'));
  });
});

describe('a file checked, then imported (a walk: the check-only box stayed ticked, and the next "Import" only checked again)', () => {
  const CHECKED = importLog({ dryRun: true, status: 'succeeded', settled: true, rowsTotal: 6, rowsDone: 6, rowsImported: 6, message: 'Dry run: nothing was written.' });
  const IMPORTED = importLog({ logId: 'log-2', status: 'succeeded', settled: true, rowsTotal: 6, rowsDone: 6, rowsImported: 6 });
  const queuedBodies = () => server.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/import-data')).map((c) => c.body);

  it('says "Check file" while the box is ticked, clears it once the check is sent, and offers to import the file checked', async () => {
    const fileName = 'pbv3_results.csv';
    serve({
      states: [importLog({ fileName, dryRun: true, status: 'running', rowsDone: 2 }), { ...CHECKED, fileName }],
      second: [importLog({ fileName, logId: 'log-2', status: 'running', rowsDone: 3 }), { ...IMPORTED, fileName }],
    });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['OrganizationIdentifier,ActivityIdentifier\nA,B\n'], 'pbv3_results.csv', { type: 'text/csv' }));
    const box = screen.getByLabelText('Only check the file (write nothing)');
    await userEvent.click(box);
    // Ticked: the button says what it does (it writes nothing).
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    // A check is asked for once: the box is cleared, and the button imports again.
    expect(box).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Import' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'pbv3_results.csv: Checked (nothing written)' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByText('Checked: nothing written. Import it now?')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Import pbv3_results.csv' }));
    // The same file, for real this time; focus to the form's button (the offer went with the check's result).
    expect(await screen.findByRole('heading', { name: 'pbv3_results.csv: Imported' }, { timeout: 4000 })).toBeInTheDocument();
    expect(queuedBodies()).toEqual([
      { uploadKey: `uploads/${ORG}/${PROJECT}/k/pbv3_results.csv`, format: 'auto', dryRun: true },
      { uploadKey: `uploads/${ORG}/${PROJECT}/k/pbv3_results.csv`, format: 'auto', dryRun: false },
    ]);
    expect((FakeUpload.posted[1]!.form.get('file') as File).name).toBe('pbv3_results.csv');
    expect(screen.getByRole('button', { name: 'Import' })).toHaveFocus();
    expect(screen.queryByText('Checked: nothing written. Import it now?')).not.toBeInTheDocument();
  });

  it('imports for real on the next press of Import, the box cleared after the check', async () => {
    serve({ states: [CHECKED], second: [IMPORTED] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('No imports yet.');
    await checkFile();
    await screen.findByRole('heading', { name: 'results.csv: Checked (nothing written)' }, { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'results.csv: Imported' }, { timeout: 4000 })).toBeInTheDocument();
    expect(queuedBodies().map((body) => (body as { dryRun: boolean }).dryRun)).toEqual([true, false]);
  });

  it('offers no import of a check whose every row was rejected, nor of a check shown from the history (no file at hand)', async () => {
    const failed = importLog({ dryRun: true, status: 'failed', settled: true, rowsTotal: 2, rowsDone: 2, rowsRejected: 2 });
    serve({ states: [failed], earlier: [importLog({ ...CHECKED, logId: 'old', fileName: 'old.csv' })] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('old.csv');
    await checkFile();
    await screen.findByRole('heading', { name: 'results.csv: Check failed' }, { timeout: 4000 });
    expect(screen.queryByText('Checked: nothing written. Import it now?')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^Show: old\.csv/ }));
    await screen.findByRole('heading', { name: 'old.csv: Checked (nothing written)' });
    expect(screen.queryByRole('button', { name: /^Import old\.csv/ })).not.toBeInTheDocument();
  });

  it('says it in Chinese', async () => {
    await changeLanguage('zh-CN');
    serve({ states: [CHECKED] });
    renderPanel(CONTRIBUTOR);
    await screen.findByText('尚无导入记录。');
    await userEvent.upload(screen.getByLabelText('选择文件'), new File(['A,B\n1,2\n'], 'results.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByLabelText('仅检查文件（不写入任何数据）'));
    await userEvent.click(screen.getByRole('button', { name: '检查文件' }));
    expect(screen.getByRole('button', { name: '导入' })).toBeInTheDocument();
    expect(await screen.findByText('已检查：未写入任何数据。现在导入吗？', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导入 results.csv' })).toBeInTheDocument();
  });
});

describe("values converted to their parameter's unit (a walk: 0.75 mS/cm became 750 uS/cm without a word)", () => {
  const converted = (overrides: Partial<ImportLog> = {}) => importLog({
    fileName: 'pbv3_results.csv', status: 'succeeded', settled: true, rowsTotal: 6, rowsDone: 6, rowsImported: 6, rowsConverted: 1,
    unitsConverted: ['mS/cm → uS/cm'], finishedAt: '2026-11-24T03:01:00.000Z', ...overrides,
  });
  const pairs = () => [...screen.getByLabelText(/^(Result|结果)$/).querySelectorAll('div')].map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]);

  it('counts them among the result, naming the units, in English and in Chinese', async () => {
    renderResult(converted());
    expect(pairs()).toContainEqual(["Values converted to their parameter's unit (mS/cm → uS/cm)", '1']);
    await act(() => changeLanguage('zh-CN'));
    expect(pairs()).toContainEqual(['已换算为参数单位的值（mS/cm → uS/cm）', '1']);
  });

  it("says a dry run's would be converted; names several units; says nothing when none was, or for an older server", async () => {
    const { unmount } = renderResult(converted({ dryRun: true, rowsConverted: 3, unitsConverted: ['deg F → deg C', 'mS/cm → uS/cm'] }));
    expect(pairs()).toContainEqual(["Values that would be converted to their parameter's unit (deg F → deg C, mS/cm → uS/cm)", '3']);
    unmount();
    const again = renderResult(converted({ rowsConverted: 0, unitsConverted: [] }));
    expect(screen.queryByText(/converted/)).not.toBeInTheDocument();
    again.unmount();
    renderResult(converted({ rowsConverted: undefined, unitsConverted: undefined }));
    expect(screen.queryByText(/converted/)).not.toBeInTheDocument();
  });

  it('says it in the history, in English and in Chinese', async () => {
    serve({ states: [converted()], earlier: [converted({ logId: 'check', fileName: 'check.csv', dryRun: true })] });
    renderPanel(CONTRIBUTOR);
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    expect(columnsOf(within(history).getByRole('row', { name: /check\.csv/ }))[2])
      .toBe("6 values to import · 0 unchanged · 0 rows to reject · 1 value to convert to its parameter's unit");
    await importFile();
    await waitFor(() => expect(columnsOf(within(history).getByRole('row', { name: /pbv3_results\.csv/ }))[2])
      .toBe("6 values imported · 0 unchanged · 0 rows rejected · 1 value converted to its parameter's unit"));
    await act(() => changeLanguage('zh-CN'));
    const chinese = await screen.findByRole('table', { name: '本项目的导入记录' });
    await waitFor(() => expect(columnsOf(within(chinese).getByRole('row', { name: /pbv3_results\.csv/ }))[2])
      .toBe('已导入 6 个值 · 0 个未更改 · 被拒绝 0 行 · 1 个值已换算为参数的单位'));
  });
});
