import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { renderWithProviders } from '../../../test/render';
import type { ImportLog } from '../api/types';
import { ImportsPanel } from './ImportsPanel';

const ORG = 'org-1';
const PROJECT = 'p-1';
const BASE = `/api/v1/organization/${ORG}/projects/${PROJECT}`;
const S3_URL = 'http://127.0.0.1:8003/owd-local-uploads';

function log(overrides: Partial<ImportLog>): ImportLog {
  return {
    logId: 'log-1', projectId: PROJECT, organizationId: ORG, fileName: 'results.csv', format: 'auto',
    detectedFormat: 'wqp-result', dryRun: false, status: 'queued', rowsTotal: null, rowsDone: 0, rowsImported: 0,
    rowsRejected: 0, rowsUnchanged: 0, stationsCreated: 0, parametersCreated: 0, feedbackFileId: null, message: null,
    createdBy: 'u-1', createdAt: '2026-11-24T03:00:00.000Z', startedAt: null, finishedAt: null, ...overrides,
  };
}

/** The import API as the server answers it: the import moves on each time it is asked for. */
function fakeImportServer() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const states = [
    // A quarter of the file's bytes done in the 50 s since it started: 150 s left, shown as about 3 min.
    log({ status: 'running', rowsDone: 1000, progress: 0.25, startedAt: new Date(Date.now() - 50_000).toISOString() }),
    // Every row written: the worker updates the summaries before the import ends.
    log({ status: 'running', rowsDone: 1500, rowsTotal: 1500, progress: 1 }),
    log({
      status: 'partial', rowsTotal: 1500, rowsDone: 1500, rowsImported: 1498, rowsRejected: 2, stationsCreated: 1,
      parametersCreated: 2, feedbackFileId: 'log-1',
      message: '2 rows were rejected (see the rejected rows); the others were imported.',
    }),
  ];
  let asked = 0;
  let queued = false;
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (method === 'POST' && url.pathname === `${BASE}/import-uploads`) {
      return json({ uploadKey: `uploads/${ORG}/${PROJECT}/k/results.csv`, url: S3_URL, fields: { key: 'k', policy: 'p' },
        expiresAt: '2026-11-24T04:00:00Z' }, 201);
    }
    if (method === 'POST' && url.pathname === `${BASE}/import-data`) {
      queued = true;
      return json({ logId: 'log-1', status: 'queued' }, 202);
    }
    if (url.pathname === `${BASE}/queued-import/log-1`) return json(states[Math.min(asked++, states.length - 1)]);
    if (url.pathname === `${BASE}/import-history`) {
      // The import as the server has it now: the history is asked again once the import has ended.
      const data = queued ? [states[Math.min(Math.max(asked - 1, 0), states.length - 1)]] : [];
      return json({ data, count: data.length, total: data.length, page: 1, pageCount: 1 });
    }
    if (url.pathname === '/api/v1/Util/feedbacklog/log-1') {
      return json({ data: [
        { row: 7, column: 'ActivityStartDate', value: '2024-02-30', message: "ActivityStartDate '2024-02-30' is not a date" },
        { row: 9, column: 'ResultMeasureValue', value: 'abc', message: "ResultMeasureValue 'abc' is not a number" },
      ], count: 2, total: 2, page: 1, pageCount: 1 });
    }
    if (url.pathname === '/api/v1/Util/feedback/log-1') {
      return new Response('A,message\r\n1,bad\r\n', { headers: { 'Content-Type': 'text/csv' } });
    }
    return json({ statusCode: 404, message: 'Not found' }, 404);
  };
  return { fetch, calls };
}

/** The browser's XMLHttpRequest, posting to S3: reports half the bytes, then all, then succeeds. */
class FakeUpload {
  static posted: { url: string; form: FormData }[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  private url = '';

  open(_method: string, url: string) {
    this.url = url;
  }

  send(form: FormData) {
    FakeUpload.posted.push({ url: this.url, form });
    const total = (form.get('file') as File).size;
    setTimeout(() => this.upload.onprogress?.({ loaded: total / 2, total, lengthComputable: true } as ProgressEvent), 0);
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: total, total, lengthComputable: true } as ProgressEvent);
      this.status = 204;
      this.onload?.();
    }, 400);
  }
}

let server: ReturnType<typeof fakeImportServer>;

beforeEach(() => {
  setApiBase(undefined);
  server = fakeImportServer();
  FakeUpload.posted = [];
  vi.stubGlobal('fetch', vi.fn(server.fetch));
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe('the imports panel of a project', () => {
  it('uploads a file to S3, follows the import and shows the result, the rejected rows and the history', async () => {
    renderWithProviders(<ImportsPanel organizationId={ORG} projectId={PROJECT} />);
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

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<ImportsPanel organizationId={ORG} projectId={PROJECT} />);
    expect(await screen.findByText('尚无导入记录。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '导入数据' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '导入' })).toBeDisabled();
    expect(screen.getByLabelText('仅检查文件（不写入任何数据）')).not.toBeChecked();
  });
});
