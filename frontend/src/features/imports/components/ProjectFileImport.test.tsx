import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import type { Profile } from '../../../auth/profile';
import { ANONYMOUS_SESSION, SessionContext } from '../../../auth/session';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { renderWithProviders } from '../../../test/render';
import { polling } from '../api/imports';
import type { ImportLog } from '../api/types';
import { resetUploads } from '../lib/uploads';
import { FakeUpload, fakeImportServer, importLog, type FakeImportOptions } from '../test/fakeImportServer';
import { ImportsPanel } from './ImportsPanel';

/**
 * The project's file import on a flaky connection: an upload that loses the connection, a page left or reloaded
 * mid-upload, the screen left and opened again while an import runs.
 */
const ORG = 'org-1';
const PROJECT = 'p-1';
const CONTRIBUTOR: Profile = {
  id: 'u-1', name: 'Someone', systemRoles: [], permissions: [],
  organizationRole: { organizationId: ORG, roleName: 'data-contributor' }, organizationRoles: [{ organizationId: ORG, roleName: 'data-contributor' }],
};

const RUNNING = importLog({ status: 'running', rowsDone: 1000, rowsImported: 1000, progress: 0.25 });
const ENDED = importLog({ status: 'succeeded', settled: true, rowsTotal: 1500, rowsDone: 1500, rowsImported: 1500 });

let server: ReturnType<typeof fakeImportServer>;

function serve(options: Partial<FakeImportOptions> = {}) {
  server = fakeImportServer({ organizationId: ORG, projectId: PROJECT, states: [RUNNING, RUNNING, RUNNING, ENDED], ...options });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
}

function renderPanel() {
  return renderWithProviders(
    <SessionContext.Provider value={{ ...ANONYMOUS_SESSION, status: 'signed-in', profile: CONTRIBUTOR }}>
      <ImportsPanel organizationId={ORG} projectId={PROJECT} />
    </SessionContext.Provider>,
  );
}

const FILE = () => new File(['OrganizationIdentifier,ActivityIdentifier\nA,B\n'], 'results.csv', { type: 'text/csv' });

async function importFile(choose = 'Choose a file', start = 'Import') {
  await userEvent.upload(screen.getByLabelText(choose), FILE());
  await userEvent.click(screen.getByRole('button', { name: start }));
}

/** Would leaving (or reloading) the page now ask first? */
function leavingAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

const REAL_POLLING = { ...polling };

beforeEach(() => {
  Object.assign(polling, { progressMs: 50, historyMs: 150 });
  setApiBase(undefined);
  serve();
  FakeUpload.reset();
  resetUploads();
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(async () => {
  // A test on the fake clock that failed (or timed out) leaves it: the next tests run on the real one.
  vi.useRealTimers();
  Object.assign(polling, REAL_POLLING);
  resetUploads();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await changeLanguage('en');
});

describe('an upload on a flaky connection', () => {
  it('says in plain words that the connection was lost, and sends the same file again on Try again', async () => {
    FakeUpload.failing = 1;
    renderPanel();
    await screen.findByText('No imports yet.');
    await importFile();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The connection was lost while results.csv was uploading, so it was not imported. Once you are back online, try again: the same file is sent again, a large one from where it stopped.');
    expect(alert).not.toHaveTextContent(/fetch|upload failed/i);
    expect(screen.queryByRole('progressbar', { name: 'Upload' })).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.path.endsWith('/import-data'))).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    // The button went with the failure: focus is on Import (aria-disabled while the file is sent), not the page.
    expect(screen.getByRole('button', { name: 'Import' })).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'results.csv: Importing' })).toBeInTheDocument();
    expect(FakeUpload.posted).toHaveLength(2);
    expect((FakeUpload.posted[1]!.form.get('file') as File).name).toBe('results.csv');
    expect(server.calls.filter((c) => c.path.endsWith('/import-uploads'))).toHaveLength(2);
  });

  it('stops waiting as soon as the browser is offline, instead of a bar that hangs', async () => {
    FakeUpload.hanging = true;
    renderPanel();
    await screen.findByText('No imports yet.');
    await importFile();
    await screen.findByRole('progressbar', { name: 'Upload' });
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The connection was lost while results\.csv was uploading/);
    expect(FakeUpload.aborted).toBe(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("says the connection was lost when the API cannot be reached either (not the browser's \"Failed to fetch\")", async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/import-uploads')) throw new TypeError('Failed to fetch');
      return server.fetch(input, init);
    }));
    renderPanel();
    await screen.findByText('No imports yet.');
    await importFile();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^The connection was lost while results\.csv was uploading/);
    expect(alert).not.toHaveTextContent('Failed to fetch');
  });

  it('says it in Chinese', async () => {
    await changeLanguage('zh-CN');
    FakeUpload.failing = 1;
    renderPanel();
    await screen.findByText('尚无导入记录。');
    await importFile('选择文件', '导入');
    expect(await screen.findByRole('alert')).toHaveTextContent('上传 results.csv 时网络连接中断，文件未导入。恢复联网后请重试：将重新发送同一文件，较大的文件从中断处继续。');
    expect(screen.getByRole('button', { name: '重试' })).toBeInTheDocument();
  });

  it('says the file is being uploaded from another tab, sends nothing and offers no Try again (it would import it twice)', async () => {
    // The browser's Web Locks with this file's lock held by another tab.
    Object.defineProperty(navigator, 'locks', {
      value: { request: (_name: string, _options: unknown, callback: (lock: null) => unknown) => Promise.resolve().then(() => callback(null)) },
      configurable: true,
    });
    try {
      renderPanel();
      await screen.findByText('No imports yet.');
      await importFile();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'results.csv is being uploaded to this project from another tab or window of this browser, so it was not sent from here too. Follow it there: its import shows in the history once it is uploaded.');
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(server.calls.some((c) => c.path.includes('/import-uploads'))).toBe(false);

      await changeLanguage('zh-CN');
      expect(await screen.findByRole('alert')).toHaveTextContent('results.csv 正在此浏览器的另一个标签页或窗口中上传到本项目，因此未从此处重复发送。');
    } finally {
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it('shows no byte count until the server has said what it holds: never "0 B" before a resumed file\'s parts', async () => {
    // The server answers the upload's slot only when let: until then nothing is known of what it holds.
    let answer = () => {};
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/import-uploads')) await new Promise<void>((resolve) => (answer = resolve));
      return server.fetch(input, init);
    }));
    FakeUpload.failing = 1;
    renderPanel();
    await screen.findByText('No imports yet.');
    await importFile();
    for (const attempt of ['first', 'after a lost connection']) {
      const bar = await screen.findByRole('progressbar', { name: 'Upload' });
      expect(bar, attempt).not.toHaveAttribute('value');
      expect(bar.parentElement, attempt).toHaveTextContent('Uploading 46 B: preparing…');
      act(() => answer());
      await waitFor(() => expect(bar.parentElement).toHaveTextContent(/^Uploading: \d+ B of 46 B$/));
      if (attempt === 'first') await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    }
    // Its import queued within the test: an upload left going would queue it into the next test's server.
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path.endsWith('/import-data'))).toBe(true));
  });

  it('keeps the history shown when asking for it again fails (the connection coming back flaky)', async () => {
    renderPanel();
    await screen.findByText('No imports yet.');
    const unreachable = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/import-history')) throw new TypeError('Failed to fetch');
      return server.fetch(input, init);
    });
    vi.stubGlobal('fetch', unreachable);
    // The browser back online, the history asked again does not reach the server: what was shown stays.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(unreachable.mock.calls.some(([input]) => String(input).includes('/import-history'))).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('No imports yet.')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
  });

  it('says in plain words why the history cannot be shown when it never came (not "Failed to fetch")', async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/import-history')) throw new TypeError('Failed to fetch');
      return server.fetch(input, init);
    }));
    renderPanel();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The imports of this project could not be loaded.');
    expect(alert).not.toHaveTextContent(/^Failed to fetch$/);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    await changeLanguage('zh-CN');
    expect(await screen.findByText('无法加载本项目的导入记录。')).toBeInTheDocument();
  });

  it('offers no Try again when the server refused the file (sending it again would not help)', async () => {
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/import-uploads')
        ? new Response(JSON.stringify({ statusCode: 400, message: 'Unsupported file type.' }), { status: 400, headers: { 'Content-Type': 'application/json' } })
        : server.fetch(input, init)));
    renderPanel();
    await screen.findByText('No imports yet.');
    await importFile();
    expect(await screen.findByRole('alert')).toHaveTextContent('The file could not be uploaded: Unsupported file type.');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('asks before the page is left or reloaded while the file is being sent, and only then', async () => {
    FakeUpload.hanging = true;
    renderPanel();
    await screen.findByText('No imports yet.');
    expect(leavingAsks()).toBe(false);
    await importFile();
    await screen.findByRole('progressbar', { name: 'Upload' });
    expect(leavingAsks()).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await screen.findByRole('alert');
    expect(leavingAsks()).toBe(false);

    // Sent again, to the end: once the import is queued, leaving loses nothing.
    FakeUpload.hanging = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(leavingAsks()).toBe(true);
    await screen.findByRole('heading', { name: 'results.csv: Importing' });
    expect(leavingAsks()).toBe(false);
  });
});

describe("an upload's time left", () => {
  it("is said from this try's pace: after a lost connection, the parts already on S3 do not count as sent at it", async () => {
    // A slow link: a file of ten parts of 1,000 bytes, each taking a minute, its bytes reported every second.
    serve({ partBytes: 1000 });
    FakeUpload.uploadMs = 60_000;
    FakeUpload.reportEveryMs = 1000;
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const later = (seconds: number) => act(() => vi.advanceTimersByTimeAsync(seconds * 1000));
    const line = () => screen.getByText(/^(Uploading: |正在上传：)/);
    renderPanel();
    await screen.findByText('No imports yet.');
    await user.upload(screen.getByLabelText('Choose a file'), new File(['x'.repeat(10_000)], 'results.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await screen.findByText(/^Uploading: /);
    // Its first seconds say little of the link: no time left yet.
    await later(1);
    expect(line()).toHaveTextContent(/^Uploading: \d+ B of 9\.8 KB$/);
    // 1,500 bytes in 90 s: 8,500 left, 8.5 min.
    await later(89.5);
    expect(line()).toHaveTextContent('Uploading: 1.5 KB of 9.8 KB · about 9 min left');

    // The connection goes during the third part: the first two stay on S3.
    await later(60);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await later(1);
    expect(line()).toHaveTextContent(/^Uploading: 2 KB of 9\.8 KB$/);
    // This try sent 1,500 bytes in 90 s: 6,500 left, 6.5 min (the 2,000 sent before counted too: 2.8 min).
    await later(89.5);
    expect(line()).toHaveTextContent('Uploading: 3.4 KB of 9.8 KB · about 7 min left');
    await act(() => changeLanguage('zh-CN'));
    expect(line()).toHaveTextContent('正在上传：3.4 KB / 9.8 KB · 约剩 7 分钟');
    // 500 bytes left, half a minute.
    await later(360);
    expect(line()).toHaveTextContent('正在上传：9.3 KB / 9.8 KB · 剩余不到一分钟');

    // Its import queued within the test: an upload left going would queue it into the next test's server.
    await later(30);
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path.endsWith('/import-data'))).toBe(true));
    // One upload, resumed: no second one was made.
    expect(server.calls.filter((c) => c.path.endsWith('/import-uploads'))).toHaveLength(1);
  }, 30_000);
});

describe('leaving the screen and coming back', () => {
  it('goes on uploading when the user goes elsewhere in the app, tells them the import is queued, and shows it when they are back', async () => {
    const queued = vi.spyOn(toast, 'success');
    const view = renderPanel();
    await screen.findByText('No imports yet.');
    await importFile();
    await screen.findByRole('progressbar', { name: 'Upload' });
    view.unmount();

    await waitFor(() => expect(queued).toHaveBeenCalledWith("results.csv is uploaded and its import is queued. Open the project's imports to follow it."));
    expect(server.calls.filter((c) => c.path.endsWith('/import-data'))).toHaveLength(1);

    // Back: the running import's progress, at once (not only its history row).
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'results.csv: Importing' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import' })).toBeInTheDocument();
    expect(within(await screen.findByRole('table', { name: 'Imports of this project' })).getByRole('row', { name: /results\.csv/ })).toBeInTheDocument();
  });

  it('shows the upload still under way when the user comes back before it ends, then follows its import', async () => {
    const queued = vi.spyOn(toast, 'success');
    FakeUpload.uploadMs = 1500;
    const view = renderPanel();
    await screen.findByText('No imports yet.');
    await importFile();
    await screen.findByRole('progressbar', { name: 'Upload' });
    view.unmount();

    renderPanel();
    expect(await screen.findByRole('progressbar', { name: 'Upload' })).toBeInTheDocument();
    expect(screen.getByText(/^Uploading: /)).toBeInTheDocument();
    expect(leavingAsks()).toBe(true);
    // It ends here: its import is followed on the screen (no toast: the user is looking at it).
    expect(await screen.findByRole('heading', { name: 'results.csv: Importing' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Upload' })).not.toBeInTheDocument();
    expect(queued).not.toHaveBeenCalled();
    expect(leavingAsks()).toBe(false);
  });

  it('tells the user when an upload fails while they are elsewhere, and offers it again when they are back', async () => {
    const failed = vi.spyOn(toast, 'error');
    FakeUpload.failing = 1;
    const view = renderPanel();
    await screen.findByText('No imports yet.');
    await importFile();
    await screen.findByRole('progressbar', { name: 'Upload' });
    view.unmount();
    await waitFor(() => expect(failed).toHaveBeenCalled());
    expect(failed).toHaveBeenCalledWith("The connection was lost while results.csv was uploading, so it was not imported. Open the project's imports to try again.");

    renderPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^The connection was lost while results\.csv was uploading/);
    // The file is kept: no need to choose it again.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'results.csv: Importing' })).toBeInTheDocument();
  });

  it("shows the progress of the project's running import as soon as the screen opens (after a reload), without taking focus", async () => {
    const earlier: ImportLog[] = [
      importLog({ logId: 'old-1', fileName: 'big.csv', status: 'running', rowsDone: 41_000, rowsImported: 41_000, progress: 0.42, createdAt: '2026-11-24T02:00:00.000Z' }),
      importLog({ logId: 'old-2', fileName: 'done.csv', status: 'succeeded', settled: true, rowsTotal: 5, rowsDone: 5, createdAt: '2026-11-23T02:00:00.000Z' }),
    ];
    serve({ earlier });
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'big.csv: Importing' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import' })).toHaveAttribute('value', '0.42');
    expect(screen.getByText('41,000 rows read · 42% done')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel the import' })).toBeInTheDocument();
    expect(document.body).toHaveFocus();
  });

  it('shows no progress panel when no import of the project runs', async () => {
    serve({ earlier: [importLog({ logId: 'old-2', fileName: 'done.csv', status: 'succeeded', settled: true, rowsTotal: 5, rowsDone: 5 })] });
    renderPanel();
    await screen.findByRole('table', { name: 'Imports of this project' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('heading', { name: /done\.csv/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('another project opened on the same screen (its address pasted, a bookmark)', () => {
  const OTHER = 'p-2';
  const PARTIAL = importLog({
    fileName: 'pbv3_results.csv', status: 'partial', settled: true, rowsTotal: 12, rowsDone: 12, rowsImported: 9, rowsRejected: 3,
    feedbackFileId: 'log-1', message: '3 rows were rejected (see the rejected rows); the others were imported.',
  });
  let other: ReturnType<typeof fakeImportServer>;
  let openProject: (projectId: string) => void = () => undefined;

  /** The project page's panel: the same component, its project changed as the router changes it. */
  function Switching() {
    const [projectId, setProjectId] = useState(PROJECT);
    openProject = setProjectId;
    return (
      <SessionContext.Provider value={{ ...ANONYMOUS_SESSION, status: 'signed-in', profile: CONTRIBUTOR }}>
        <ImportsPanel organizationId={ORG} projectId={projectId} />
      </SessionContext.Provider>
    );
  }

  it("shows nothing of the previous project's import, and does not ask the new project for it", async () => {
    server = fakeImportServer({ organizationId: ORG, projectId: PROJECT, states: [RUNNING, PARTIAL] });
    other = fakeImportServer({
      organizationId: ORG, projectId: OTHER, states: [importLog({ projectId: OTHER })],
      earlier: [importLog({ logId: 'b-1', projectId: OTHER, fileName: 'b_stations.csv', status: 'succeeded', settled: true, rowsTotal: 4, rowsDone: 4, rowsImported: 4 })],
    });
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      (await server.handle(input, init)) ?? (await other.handle(input, init)) ?? new Response('{}', { status: 404 })));
    // Online again (a test above went offline: SWR's polls wait for the browser to be back online).
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    renderWithProviders(<Switching />);
    await screen.findByText('No imports yet.');
    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['A,B\n1,2\n'], 'pbv3_results.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'pbv3_results.csv: Imported with rejected rows' }, { timeout: 4000 })).toBeInTheDocument();

    act(() => openProject(OTHER));
    // The other project's own history, and nothing of the import of the first one (nor its file chosen).
    const history = await screen.findByRole('table', { name: 'Imports of this project' });
    await waitFor(() => expect(within(history).getByRole('row', { name: /b_stations\.csv/ })).toBeInTheDocument());
    expect(within(history).queryByRole('row', { name: /pbv3_results\.csv/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /pbv3_results\.csv/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Chosen: pbv3_results\.csv/)).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('heading', { name: /pbv3_results\.csv/ })).not.toBeInTheDocument();
    expect(other.calls.filter((c) => c.path.includes('/queued-import/'))).toEqual([]);
  });
});

describe('the time zone of times without one (a spreadsheet with a date and a time column, no zone column)', () => {
  const CHECKED = importLog({ dryRun: true, status: 'succeeded', settled: true, rowsTotal: 1, rowsDone: 1, rowsImported: 1, timeZone: 'CST' });
  const IMPORTED = importLog({ logId: 'log-2', status: 'succeeded', settled: true, rowsTotal: 1, rowsDone: 1, rowsImported: 1, timeZone: 'CST' });
  const zoneField = () => screen.getByRole('combobox', { name: 'Time zone of times without one' });
  const queuedBodies = () => server.calls.filter((c) => c.method === 'POST' && c.path.endsWith('/import-data')).map((c) => c.body);

  /** The zone list has come (the WQX codes follow None). */
  const codesShown = () => screen.findByRole('option', { name: 'CST (UTC−06:00)' });

  it('offers None first, then the WQX codes with their offsets, then the whole-hour offsets no code has, with its hint', async () => {
    renderPanel();
    await screen.findByText('No imports yet.');
    await codesShown();
    const labels = within(zoneField()).getAllByRole('option').map((option) => option.textContent);
    expect(labels.slice(0, 4)).toEqual(['None: read as UTC', 'UTC (UTC+00:00)', 'GMT (UTC+00:00)', 'AST (UTC−04:00)']);
    expect(labels).toContain('ChST (UTC+10:00)');
    // The offsets no WQX code has, in order: UTC+08:00 for China (where CST would be US Central).
    expect(labels.slice(18)).toEqual([
      'UTC−12:00', 'UTC−02:00', 'UTC−01:00', 'UTC+01:00', 'UTC+02:00', 'UTC+03:00', 'UTC+04:00', 'UTC+05:00', 'UTC+06:00',
      'UTC+07:00', 'UTC+08:00', 'UTC+09:00', 'UTC+11:00', 'UTC+12:00', 'UTC+13:00', 'UTC+14:00',
    ]);
    expect(zoneField()).toHaveValue('');
    expect(zoneField()).toHaveAccessibleDescription(
      'For files whose times have no time zone column, such as most spreadsheets. Rows that give their own zone keep it.');
  });

  it('sends the zone chosen with the file', async () => {
    renderPanel();
    await screen.findByText('No imports yet.');
    await codesShown();
    await userEvent.selectOptions(zoneField(), 'CST');
    await importFile();
    await waitFor(() => expect(queuedBodies()).toHaveLength(1));
    expect(queuedBodies()[0]).toEqual({ uploadKey: `uploads/${ORG}/${PROJECT}/k/results.csv`, format: 'auto', dryRun: false, timeZone: 'CST' });
  });

  it('sends an offset chosen with a large file (sent in parts) in the same way', async () => {
    serve({ partBytes: 1000 });
    renderPanel();
    await screen.findByText('No imports yet.');
    await codesShown();
    await userEvent.selectOptions(zoneField(), 'UTC+08:00');
    await userEvent.upload(screen.getByLabelText('Choose a file'), new File(['x'.repeat(2500)], 'results.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(queuedBodies()).toHaveLength(1), { timeout: 3000 });
    expect(server.calls.some((c) => c.path.endsWith('/import-uploads/complete'))).toBe(true);
    expect(queuedBodies()[0]).toMatchObject({ timeZone: 'UTC+08:00' });
  });

  it('sends no zone when None is chosen (times without one are read as UTC, as before)', async () => {
    renderPanel();
    await screen.findByText('No imports yet.');
    await codesShown();
    await userEvent.selectOptions(zoneField(), 'CST');
    await userEvent.selectOptions(zoneField(), 'None: read as UTC');
    await importFile();
    await waitFor(() => expect(queuedBodies()).toHaveLength(1));
    expect(queuedBodies()[0]).not.toHaveProperty('timeZone');
  });

  it('imports a checked file in the zone it was checked in ("Import it now"), and says the zone in the result', async () => {
    serve({ states: [CHECKED], second: [IMPORTED] });
    renderPanel();
    await screen.findByText('No imports yet.');
    await codesShown();
    await userEvent.selectOptions(zoneField(), 'CST');
    await userEvent.upload(screen.getByLabelText('Choose a file'), FILE());
    await userEvent.click(screen.getByLabelText('Only check the file (write nothing)'));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await screen.findByRole('heading', { name: 'results.csv: Checked (nothing written)' }, { timeout: 4000 });
    expect(screen.getByText('Times without a zone read as: CST')).toBeInTheDocument();
    // The zone chosen meanwhile is the next file's: the file checked is imported as it was checked.
    await userEvent.selectOptions(zoneField(), 'None: read as UTC');
    await userEvent.click(screen.getByRole('button', { name: 'Import results.csv' }));
    await screen.findByRole('heading', { name: 'results.csv: Imported' }, { timeout: 4000 });
    expect(queuedBodies().map((body) => body as { dryRun: boolean; timeZone?: string })).toEqual([
      expect.objectContaining({ dryRun: true, timeZone: 'CST' }),
      expect.objectContaining({ dryRun: false, timeZone: 'CST' }),
    ]);
  });

  it('is labelled in Chinese', async () => {
    await changeLanguage('zh-CN');
    renderPanel();
    await screen.findByText('尚无导入记录。');
    await codesShown();
    const field = screen.getByRole('combobox', { name: '无时区的时间所在时区' });
    expect(within(field).getAllByRole('option')[0]).toHaveTextContent('无：按 UTC 读取');
    expect(field).toHaveAccessibleDescription('适用于时间没有时区列的文件，例如大多数电子表格。自带时区的行仍按其自身时区读取。');
  });
});
