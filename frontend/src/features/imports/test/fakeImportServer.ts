/**
 * An in-memory stand-in for a project's import routes (chalicelib/imports/routes.py, import-ts-data of
 * chalicelib/timeseries/routes.py) behind a fetch, answering with the server's paths and shapes and recording
 * every call; and for the browser's upload of the file to S3.
 */
import type { ImportEndpoint, ImportLog, RejectedRow } from '../api/types';

export const S3_URL = 'http://127.0.0.1:8003/owd-local-uploads';

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

/** The two problems the rejected rows of log-1 have unless told otherwise, in the language asked for. */
export function twoProblems(chinese = false): RejectedRow[] {
  return [
    { row: 7, column: 'ActivityStartDate', value: '2024-02-30', message: chinese ? "ActivityStartDate '2024-02-30' 不是日期" : "ActivityStartDate '2024-02-30' is not a date" },
    { row: 9, column: 'ResultMeasureValue', value: 'abc', message: chinese ? "ResultMeasureValue 'abc' 不是数字" : "ResultMeasureValue 'abc' is not a number" },
  ];
}

export function importLog(overrides: Partial<ImportLog>): ImportLog {
  return {
    logId: 'log-1', projectId: 'p-1', organizationId: 'org-1', fileName: 'results.csv', format: 'auto',
    detectedFormat: 'wqp-result', dryRun: false, status: 'queued', rowsTotal: null, rowsDone: 0, rowsImported: 0,
    rowsRejected: 0, rowsUnchanged: 0, stationsCreated: 0, parametersCreated: 0, feedbackFileId: null, message: null,
    createdBy: 'u-1', createdAt: '2026-11-24T03:00:00.000Z', startedAt: null, finishedAt: null, ...overrides,
  };
}

export interface FakeImportOptions {
  organizationId: string;
  projectId: string;
  /** The route that queues the import. */
  endpoint?: ImportEndpoint;
  /** The queued import as it is each time it is asked for (the last one stays): it moves on with every poll. */
  states: ImportLog[];
  /** Imports made before, listed after the new one in the history (to page through). */
  earlier?: ImportLog[];
  /** How long the history and the rejected rows take to answer, in ms (a busy server). */
  answerDelayMs?: number;
  /** Every import route answers 403, as for someone who may not import (a simple member, an outsider). */
  forbidden?: boolean;
  /** A cancel reaches the server after the import's last state: it is refused (409), as the server does. */
  endsBeforeCancel?: boolean;
  /**
   * The import as it is each time it is asked for once cancelled (the DELETE answers the first; the last one
   * stays), e.g. cancelled while its worker still counts, then settled. Without: the state asked for, cancelled.
   */
  afterCancel?: ImportLog[];
  /** The rejected rows' problems (GET Util/feedbacklog/log-1, paged by ?page&limit); by default two. */
  rejections?: RejectedRow[];
  /**
   * The imports' messages in Chinese, by their English: a log is answered with its message in the language the
   * request asks for (Accept-Language), as the server localizes it.
   */
  chineseMessages?: Record<string, string>;
  /**
   * The import queued second (its logId log-2, e.g. a file checked, then imported for real), as it is each time it
   * is asked for (the last one stays). Without: every import queued is log-1.
   */
  second?: ImportLog[];
  /**
   * A file larger than this many bytes goes as a multipart upload (u-1) of parts this large, put to S3 by FakeUpload,
   * as the server makes them of files over 8 MB. Without: every file goes in one POST.
   */
  partBytes?: number;
}

/** GET import-template: every column of the template and two example rows, with the byte-order mark the server sends. */
export const TEMPLATE_CSV =
  '\ufeffStationIdentifier,StationName,Latitude,Longitude,Date,Time,TimeZone,Parameter,Value,Unit,Depth,DepthUnit,ActivityType,ActivityIdentifier,DetectionCondition,AnalyticalMethod,Comment\r\n' +
  'MY-CREEK-1,My creek at the bridge,40.1234,-75.5678,2024-05-01,09:30,EST,pH,7.2,std units,0.5,m,,,,,Clear water\r\n' +
  'MY-CREEK-1,,,,2024-05-01,09:30,EST,Nitrate,ND,mg/L,,,,,Not Detected,,\r\n';

/** GET keylist/timeZones: the WQX time zone codes with their offsets, as chalicelib/data/keylists.json lists them. */
export const WQX_TIME_ZONES = [
  ['UTC', 0], ['GMT', 0], ['AST', -4], ['ADT', -3], ['EST', -5], ['EDT', -4], ['CST', -6], ['CDT', -5], ['MST', -7], ['MDT', -6],
  ['PST', -8], ['PDT', -7], ['AKST', -9], ['AKDT', -8], ['HST', -10], ['SST', -11], ['ChST', 10],
].map(([value, offsetHours]) => ({ value: value as string, offsetHours: offsetHours as number }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function fakeImportServer({ organizationId, projectId, endpoint = 'import-data', states, earlier = [], answerDelayMs = 0, forbidden = false, endsBeforeCancel = false, afterCancel, rejections, chineseMessages = {}, second, partBytes }: FakeImportOptions) {
  const base = `/api/v1/organization/${organizationId}/projects/${projectId}`;
  const calls: Call[] = [];
  let asked = 0;
  let queued = false;
  /** The states the import goes through: `states`, then `afterCancel` from the cancel on. */
  let phase = states;
  /** The queued import as the server has it now. */
  const current = () => phase[Math.min(Math.max(asked - 1, 0), phase.length - 1)]!;
  /** The import queued second (log-2), once queued, as the server has it now. */
  let secondQueued = false;
  let askedSecond = 0;
  const currentSecond = () => second![Math.min(Math.max(askedSecond - 1, 0), second!.length - 1)]!;

  /** The answer to a call of these routes, or undefined for any other call. */
  async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response | undefined> {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const route = url.pathname.startsWith(`${base}/`) ? url.pathname.slice(base.length + 1).split('/')[0] : undefined;
    const isImportRoute = ['import-uploads', endpoint, 'queued-import', 'import-history'].includes(route ?? '');
    const isFeedback = url.pathname.startsWith('/api/v1/Util/feedback');
    const isTemplate = url.pathname === '/api/v1/import-template';
    // A public list the form asks for (not counted among the import calls).
    if (url.pathname === '/api/v1/keylist/timeZones') return json(WQX_TIME_ZONES);
    if (!isImportRoute && !isFeedback && !isTemplate) return undefined;
    const headers = new Headers(init?.headers);
    calls.push({ method, path: url.pathname, query: url.searchParams, headers, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
    // Any signed-in user may have the template.
    if (isTemplate) return new Response(TEMPLATE_CSV, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    if (forbidden) return json({ statusCode: 403, message: 'You do not have permission to do this.' }, 403);
    // The server's messages in the language the request asks for (Accept-Language), as chalicelib localizes them.
    const chinese = (headers.get('Accept-Language') ?? '').startsWith('zh');
    const inLanguage = (log: ImportLog): ImportLog =>
      chinese && log.message && chineseMessages[log.message] ? { ...log, message: chineseMessages[log.message]! } : log;
    if (method === 'POST' && url.pathname === `${base}/import-uploads`) {
      const { fileName, size, multipart } = JSON.parse(String(init!.body)) as { fileName: string; size: number; multipart?: boolean };
      const uploadKey = `uploads/${organizationId}/${projectId}/k/${fileName}`;
      if (partBytes && multipart && size > partBytes) {
        return json({ uploadKey, uploadId: 'u-1', partBytes, partCount: Math.ceil(size / partBytes), expiresAt: '2026-11-24T04:00:00Z' }, 201);
      }
      return json({ uploadKey, url: S3_URL, fields: { key: 'k', policy: 'p' }, expiresAt: '2026-11-24T04:00:00Z' }, 201);
    }
    if (method === 'POST' && url.pathname === `${base}/import-uploads/parts`) {
      // The parts S3 took (FakeUpload), and where to put the others.
      const { size } = JSON.parse(String(init!.body)) as { size: number };
      const numbers = Array.from({ length: Math.ceil(size / partBytes!) }, (_, index) => index + 1);
      const urlOf = (partNumber: number) => `${S3_URL}/u-1/${partNumber}`;
      const bytesOf = (partNumber: number) => Math.min(partBytes!, size - (partNumber - 1) * partBytes!);
      return json({
        partBytes,
        done: numbers.filter((n) => FakeUpload.stored.has(urlOf(n))).map((partNumber) => ({ partNumber, bytes: bytesOf(partNumber) })),
        parts: numbers.filter((n) => !FakeUpload.stored.has(urlOf(n))).map((partNumber) => ({ partNumber, bytes: bytesOf(partNumber), url: urlOf(partNumber) })),
      });
    }
    if (method === 'POST' && url.pathname === `${base}/import-uploads/complete`) {
      const { uploadKey, size } = JSON.parse(String(init!.body)) as { uploadKey: string; size: number };
      return json({ uploadKey, size });
    }
    if (method === 'POST' && url.pathname === `${base}/${endpoint}`) {
      if (queued && second) {
        secondQueued = true;
        return json({ logId: 'log-2', status: 'queued' }, 202);
      }
      queued = true;
      return json({ logId: 'log-1', status: 'queued' }, 202);
    }
    if (method === 'DELETE' && url.pathname === `${base}/queued-import/log-1`) {
      // As the server answers a cancel that comes after the end.
      const ended = endsBeforeCancel ? states.at(-1)! : current();
      if (endsBeforeCancel) asked = states.length;
      if (['succeeded', 'partial', 'failed', 'cancelled'].includes(ended.status)) {
        return json({ statusCode: 409, message: `This import has already ended (${ended.status}); only queued or running imports can be cancelled.` }, 409);
      }
      if (afterCancel) {
        phase = afterCancel;
        asked = 0;
        return json(inLanguage(current()));
      }
      return json(inLanguage({ ...ended, status: 'cancelled' }));
    }
    if (url.pathname === `${base}/queued-import/log-1`) {
      asked += 1;
      return json(inLanguage(current()));
    }
    if (second && url.pathname === `${base}/queued-import/log-2`) {
      askedSecond += 1;
      return json(inLanguage(currentSecond()));
    }
    const before = earlier.find((log) => url.pathname === `${base}/queued-import/${log.logId}`);
    if (before) return json(inLanguage(before));
    if (url.pathname === `${base}/import-history`) {
      await pause(answerDelayMs);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const all = [...(secondQueued ? [currentSecond()] : []), ...(queued ? [current()] : []), ...earlier];
      const data = all.slice((page - 1) * limit, page * limit).map(inLanguage);
      return json({ data, count: data.length, total: all.length, page, pageCount: Math.max(1, Math.ceil(all.length / limit)) });
    }
    if (url.pathname === '/api/v1/Util/feedbacklog/log-1') {
      await pause(answerDelayMs);
      const all = rejections ?? twoProblems(chinese);
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const data = all.slice((page - 1) * limit, page * limit);
      return json({ data, count: data.length, total: all.length, page, pageCount: Math.max(1, Math.ceil(all.length / limit)) });
    }
    if (url.pathname === '/api/v1/Util/feedback/log-1') {
      return new Response(`\ufeffA,message\r\n1,${chinese ? '不是日期' : 'not a date'}\r\n`, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    }
    return json({ statusCode: 404, message: 'Not found' }, 404);
  }

  return {
    calls,
    handle,
    /** A whole fetch: these routes, 404 for anything else. */
    fetch: async (input: RequestInfo | URL, init?: RequestInit) =>
      (await handle(input, init)) ?? json({ statusCode: 404, message: 'Not found' }, 404),
    /** Has the import been seen in its final state? */
    ended: () => queued && asked >= phase.length,
  };
}

/** The form's fields before the file and its closing boundary after it: what a browser counts besides the file. */
const FORM_HEAD_BYTES = 1200;
const FORM_TAIL_BYTES = 63;
/** How long the upload takes: time enough for a test to read its progress half way. */
const UPLOAD_MS = 100;

/**
 * The browser's XMLHttpRequest posting the form to S3 (or putting a part of a multipart upload): reports the form's
 * bytes (fields, half the file), then all of them UPLOAD_MS later, then succeeds, as a browser does (its total is the
 * form's, not the file's). `FakeUpload.failing` uploads (the next ones) lose the connection half way (the browser's
 * network error); while `FakeUpload.hanging`, they stop half way and wait (a flaky connection), until aborted.
 */
export class FakeUpload {
  static posted: { url: string; form: FormData }[] = [];
  /** The parts S3 has taken (their URLs): the server's multipart routes answer them done. */
  static stored = new Set<string>();
  static failing = 0;
  static hanging = false;
  static aborted = 0;
  /** How long an upload takes (ms). */
  static uploadMs = UPLOAD_MS;
  /** Set: the bytes are reported this often (ms), at an even pace over `uploadMs` (a slow link), not half at once. */
  static reportEveryMs: number | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  private url = '';
  private timers: ReturnType<typeof setTimeout>[] = [];

  /** The uploads not ended yet: a test's upload left going is stopped before the next test (it would post there). */
  static live = new Set<FakeUpload>();

  static reset() {
    for (const upload of FakeUpload.live) for (const timer of upload.timers) clearTimeout(timer);
    FakeUpload.live.clear();
    FakeUpload.posted = [];
    FakeUpload.stored.clear();
    FakeUpload.failing = 0;
    FakeUpload.hanging = false;
    FakeUpload.aborted = 0;
    FakeUpload.uploadMs = UPLOAD_MS;
    FakeUpload.reportEveryMs = null;
  }

  open(_method: string, url: string) {
    this.url = url;
  }

  abort() {
    FakeUpload.aborted += 1;
    for (const timer of this.timers) clearTimeout(timer);
  }

  send(body: FormData | Blob) {
    FakeUpload.live.add(this);
    // A form counts its fields besides the file; a part is its bytes alone.
    const isForm = body instanceof FormData;
    if (isForm) FakeUpload.posted.push({ url: this.url, form: body });
    const fileSize = isForm ? (body.get('file') as File).size : body.size;
    const head = isForm ? FORM_HEAD_BYTES : 0;
    const total = isForm ? FORM_HEAD_BYTES + fileSize + FORM_TAIL_BYTES : fileSize;
    const progress = (loaded: number) => this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
    const every = FakeUpload.reportEveryMs;
    if (every) {
      for (let at = 0; at < FakeUpload.uploadMs; at += every) {
        this.timers.push(setTimeout(() => progress(head + (fileSize * at) / FakeUpload.uploadMs), at));
      }
    } else {
      this.timers.push(setTimeout(() => progress(head + fileSize / 2), 0));
    }
    if (FakeUpload.hanging) return;
    if (FakeUpload.failing > 0) {
      FakeUpload.failing -= 1;
      this.timers.push(setTimeout(() => this.onerror?.(), FakeUpload.uploadMs));
      return;
    }
    this.timers.push(setTimeout(() => {
      progress(total);
      if (!isForm) FakeUpload.stored.add(this.url);
      this.status = isForm ? 204 : 200;
      this.onload?.();
    }, FakeUpload.uploadMs));
  }
}
