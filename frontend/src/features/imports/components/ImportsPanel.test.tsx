import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import type { Profile } from '../../../auth/profile';
import { ANONYMOUS_SESSION, SessionContext } from '../../../auth/session';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { renderWithProviders } from '../../../test/render';
import { FakeUpload, fakeImportServer, importLog, S3_URL, type FakeImportOptions } from '../test/fakeImportServer';
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

/** An import that runs, then ends with two rejected rows. */
const ENDING_WITH_REJECTED_ROWS = [
  // A quarter of the file's bytes done in the 50 s since it started: 150 s left, shown as about 3 min.
  importLog({ status: 'running', rowsDone: 1000, progress: 0.25, startedAt: new Date(Date.now() - 50_000).toISOString() }),
  // Every row written: the worker updates the summaries before the import ends.
  importLog({ status: 'running', rowsDone: 1500, rowsTotal: 1500, progress: 1 }),
  importLog({
    status: 'partial', rowsTotal: 1500, rowsDone: 1500, rowsImported: 1498, rowsRejected: 2, stationsCreated: 1,
    parametersCreated: 2, feedbackFileId: 'log-1',
    message: '2 rows were rejected (see the rejected rows); the others were imported.',
  }),
];

let server: ReturnType<typeof fakeImportServer>;

function serve(options: Partial<FakeImportOptions> = {}) {
  server = fakeImportServer({ organizationId: ORG, projectId: PROJECT, states: ENDING_WITH_REJECTED_ROWS, ...options });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
}

function renderPanel(profile: Profile) {
  return renderWithProviders(
    <SessionContext.Provider value={{ ...ANONYMOUS_SESSION, status: 'signed-in', profile }}>
      <ImportsPanel organizationId={ORG} projectId={PROJECT} />
    </SessionContext.Provider>,
  );
}

async function importFile(file = new File(['OrganizationIdentifier,ActivityIdentifier\nA,B\n'], 'results.csv', { type: 'text/csv' })) {
  await userEvent.upload(screen.getByLabelText('Choose a file'), file);
  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
}

beforeEach(() => {
  setApiBase(undefined);
  serve();
  FakeUpload.posted = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(async () => {
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
    expect(await screen.findByText('1,000 rows read · 25% done · about 3 min left', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import' })).toHaveAttribute('value', '0.25');
    expect(await screen.findByText('1,500 of 1,500 rows · 100% done · updating the summaries of the stations', {}, { timeout: 3000 }))
      .toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the import' })).toBeInTheDocument();
    expect(await screen.findByText('results.csv', { selector: 'strong' })).toBeInTheDocument();
    const counts = (await screen.findByText('Rows imported', {}, { timeout: 4000 })).closest('dl')!;
    expect(screen.getByText('results.csv', { selector: 'strong' }).parentElement).toHaveTextContent(
      'results.csv: Imported with rejected rows');
    expect(counts).toHaveAttribute('aria-label', 'Result');
    expect(within(counts).getByText('Rows imported').nextSibling).toHaveTextContent('1,498');
    expect(within(counts).getByText('Rows rejected').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('2 rows were rejected (see the rejected rows); the others were imported.')).toBeInTheDocument();
    const rejected = await screen.findByRole('table', { name: 'Rejected rows (2)' });
    expect(within(rejected).getByText("ActivityStartDate '2024-02-30' is not a date")).toBeInTheDocument();
    expect(within(rejected).getByText('abc')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the rejected rows (CSV)' })).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    expect(within(history).getByText('1,498 / 2')).toBeInTheDocument();

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
    expect(within(history).getByText('1,498 / 2')).toBeInTheDocument();
    const rejected = screen.getByRole('table', { name: 'Rejected rows (2)' });
    expect(within(rejected).getAllByRole('row')).toHaveLength(3);
    expect(screen.queryByRole('table', { name: 'Rejected rows (0)' })).not.toBeInTheDocument();
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
    await userEvent.click(screen.getByLabelText('Only check the file (write nothing)'));
    await importFile();
    const counts = (await screen.findByText('Rows that would be imported', {}, { timeout: 4000 })).closest('dl')!;
    expect(within(counts).getByText('Rows that would be imported').nextSibling).toHaveTextContent('5');
    expect(within(counts).getByText('Stations that would be created').nextSibling).toHaveTextContent('1');
    expect(within(counts).queryByText('Rows imported')).not.toBeInTheDocument();
    expect(screen.getByText('results.csv', { selector: 'strong' }).parentElement).toHaveTextContent('results.csv: Checked (nothing written)');
    const row = within(screen.getByRole('table', { name: 'Imports of this project' })).getByRole('row', { name: /results\.csv/ });
    expect(row).toHaveTextContent('Check only');
    expect(row).toHaveTextContent('Checked (nothing written)');
    expect(row).not.toHaveTextContent('Imported');
    expect(server.calls.find((c) => c.path.endsWith('/import-data'))!.body).toMatchObject({ dryRun: true });
  });

  it('says so when a cancel comes after the import ended, and shows how it ended', async () => {
    const refused = vi.spyOn(toast, 'error');
    serve({ endsBeforeCancel: true, states: [importLog({ status: 'running', rowsDone: 1000, progress: 0.5 }), importLog({
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
    expect(screen.getByRole('button', { name: '导入' })).toBeDisabled();
    expect(screen.getByLabelText('仅检查文件（不写入任何数据）')).not.toBeChecked();
  });
});
