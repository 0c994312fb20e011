import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { del, get, post } from '../../../api/client';
import { hasSettled, type ImportEndpoint, type ImportLog, type Page, type PostSlot, type RejectedRow, type UploadSlot } from './types';

/**
 * How often (ms) a queued or running import is asked for its progress, and the history again while an import on
 * its page has not settled. Read at each poll: tests shorten them instead of waiting seconds.
 */
export const polling = { progressMs: 1000, historyMs: 3000 };
export const HISTORY_PAGE_SIZE = 10;
export const REJECTED_PAGE_SIZE = 50;
/**
 * The home page asks each organization for this many of its newest imports (the route's most): it lists the 5
 * newest of projects it knows, and an import of a project since deleted is left out, so a few more are asked.
 */
export const LATEST_PER_ORGANIZATION = 20;

export const projectPath = (organizationId: string, projectId: string) =>
  `/organization/${encodeURIComponent(organizationId)}/projects/${encodeURIComponent(projectId)}`;

/**
 * POST .../import-uploads: a presigned S3 POST for one file, or with `multipart` (a file larger than a part) a
 * multipart upload (resumableUpload.ts). The format is announced as the import will be queued with it: the slot
 * takes a .json file only when told it is usgs-json.
 */
export function createUpload(organizationId: string, projectId: string, file: File, format: string, multipart = false) {
  return post<UploadSlot>(`${projectPath(organizationId, projectId)}/import-uploads`, {
    fileName: file.name,
    contentType: file.type || 'text/csv',
    size: file.size,
    format,
    ...(multipart ? { multipart } : {}),
  });
}

/** The connection went while the file was sent to S3 (the browser's network error, or it went offline). */
export class ConnectionLost extends Error {
  constructor() {
    super('The connection was lost.');
    this.name = 'ConnectionLost';
  }
}

/**
 * The same file is being sent to the same project from another tab or window of this browser: sending it here too
 * would send its parts twice at once, and the file, once joined there, would be sent and imported again from here.
 */
export class UploadElsewhere extends Error {
  constructor() {
    super('The file is being uploaded from another tab or window.');
    this.name = 'UploadElsewhere';
  }
}

/**
 * A request straight to S3 (never through the API) reporting the bytes sent as the browser counts them: XMLHttpRequest,
 * as fetch has no upload progress. Rejects with ConnectionLost on a network error, or as soon as the browser says it
 * is offline (a request may otherwise hang for minutes before failing).
 */
export function sendToS3(method: 'POST' | 'PUT', url: string, body: FormData | Blob, onSent: (loaded: number, total: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const settle = (failure?: Error) => {
      window.removeEventListener('offline', offline);
      if (failure) reject(failure);
      else resolve();
    };
    const offline = () => {
      xhr.abort();
      settle(new ConnectionLost());
    };
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onSent(event.loaded, event.total);
    };
    xhr.onload = () => settle(xhr.status >= 200 && xhr.status < 300 ? undefined : new Error(`upload ${xhr.status}`));
    xhr.onerror = () => settle(new ConnectionLost());
    xhr.ontimeout = () => settle(new ConnectionLost());
    window.addEventListener('offline', offline);
    xhr.open(method, url);
    xhr.send(body);
  });
}

/**
 * The file to S3 with the presigned POST, reporting how many of the file's bytes are sent. The browser counts the
 * whole form (the policy's fields too), so the count is taken down to the file's share: the file's size stays the
 * total.
 */
export function uploadToS3(slot: PostSlot, file: File, onProgress: (sent: number) => void): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(slot.fields)) form.append(name, value);
  form.append('file', file);
  return sendToS3('POST', slot.url, form, (loaded, total) => {
    const formOverhead = Math.max(0, total - file.size);
    onProgress(Math.min(file.size, Math.max(0, loaded - formOverhead)));
  });
}

/**
 * POST .../{endpoint} {uploadKey, format, dryRun, timeZone?}: answers {logId, status: "queued"}. `timeZone` (a WQX
 * code or an offset such as UTC+08:00) is the zone of the rows that give a time without one; none: read as UTC.
 */
export function queueImport(
  organizationId: string,
  projectId: string,
  endpoint: ImportEndpoint,
  uploadKey: string,
  format: string,
  dryRun: boolean,
  timeZone?: string,
) {
  return post<{ logId: string; status: string }>(`${projectPath(organizationId, projectId)}/${endpoint}`, {
    uploadKey,
    format,
    dryRun,
    ...(timeZone ? { timeZone } : {}),
  });
}

/** DELETE .../queued-import/{logId}: cancel a queued or running import. */
export function cancelImport(organizationId: string, projectId: string, logId: string) {
  return del<ImportLog>(`${projectPath(organizationId, projectId)}/queued-import/${encodeURIComponent(logId)}`);
}

/** When (ms) each import was last answered: an import not heard of (offline) is not said to make no progress. */
const answeredAt = new Map<string, number>();

/** When the import was last answered by the server (undefined: never through useImport). */
export const lastAnswered = (logId: string): number | undefined => answeredAt.get(logId);

// Defined once: SWR restarts its timer whenever the option changes, so a new function each render would restart
// the wait each time the screen renders.
const progressInterval = (log: ImportLog | undefined) => (log && hasSettled(log) ? 0 : polling.progressMs);

/**
 * The interface's language, part of the cache key of every import answer the server words in it (an import's
 * message, the rejected rows' reasons: it follows Accept-Language): switching the language asks for them again.
 */
function useLanguage(): string {
  return useTranslation().i18n.language;
}

/**
 * GET .../queued-import/{logId}, asked again every second until the import has settled: ended, and no worker
 * still on it (a cancelled import's worker still counts the rows it was writing, so its counts are not final at
 * `cancelled`). A settled import is handed over only once `whenEnded` has settled (it refreshes what else shows
 * the end: history, rejected rows), so the result never shows an end the rest of the screen does not show yet.
 * Asked again in the new language when the interface's changes (its message is in it); meanwhile the import
 * stays shown as it was (never another import's).
 */
export function useImport(organizationId: string, projectId: string, logId: string | null, whenEnded: (log: ImportLog) => Promise<unknown>) {
  const language = useLanguage();
  const path = logId ? `${projectPath(organizationId, projectId)}/queued-import/${encodeURIComponent(logId)}` : null;
  const answer = useSWR(
    path ? [path, language] : null,
    async ([url]: readonly [string, string]) => {
      const log = await get<ImportLog>(url);
      if (log) answeredAt.set(log.logId, Date.now());
      if (log && hasSettled(log)) await whenEnded(log).catch(() => undefined);
      return log;
    },
    { refreshInterval: progressInterval, keepPreviousData: true },
  );
  // The previous answer is kept only while the same import is asked for again (in another language).
  const data = answer.data && logId && answer.data.logId === logId ? answer.data : undefined;
  return { data, mutate: answer.mutate, error: answer.error };
}

function emptyPage<T>(): Page<T> {
  return { data: [], count: 0, total: 0, page: 1, pageCount: 1 };
}

/** The kind of import each route queues, as the import log names it (the history lists one kind at a time). */
const KIND_OF: Record<ImportEndpoint, string> = { 'import-data': 'data', 'import-ts-data': 'timeseries' };

/**
 * GET .../import-history: the project's imports of one kind (samples and stations, or logger data), newest first,
 * a page at a time. Not asked at all unless `allowed` (the route is for those who may import: anyone else would
 * only get a 403).
 */
export function useImportHistory(organizationId: string, projectId: string, page: number, endpoint: ImportEndpoint, allowed = true) {
  const language = useLanguage();
  const path = `${projectPath(organizationId, projectId)}/import-history`;
  const filter = `kind||$eq||${KIND_OF[endpoint]}`;
  // While an import on the page shown has not settled (queued, running, stopping), the page is asked again now
  // and then: a row says "Stopping…" only until its import has settled, also when its result is not the one
  // followed. The interval is a number that changes only when that turns: SWR restarts its timer whenever the
  // option changes (a function made each render never let 3 s pass while the followed import re-rendered the
  // panel every second), and does not ask a function of the answer again once it has said 0.
  const [waiting, setWaiting] = useState(false);
  const answer = useSWR(
    allowed ? [path, page, filter, language] : null,
    async () => (await get<Page<ImportLog>>(path, { params: { page, limit: HISTORY_PAGE_SIZE, filter } })) ?? emptyPage<ImportLog>(),
    // The page shown stays while the next one (or the same in another language) loads, so the table never blanks.
    { keepPreviousData: true, refreshInterval: waiting ? polling.historyMs : 0 },
  );
  const unsettled = !!answer.data?.data.some((log) => !hasSettled(log));
  useEffect(() => setWaiting(unsettled), [unsettled]);
  return answer;
}

/**
 * The newest imports of the projects of several organizations (the home page): GET organization/{id}/import-history
 * of each organization (the newest of all its projects, LATEST_PER_ORGANIZATION of them), together newest first. An
 * organization whose imports cannot be read is left out, not an error.
 */
export function useLatestImports(organizationIds: readonly string[]) {
  const language = useLanguage();
  const asked = [...new Set(organizationIds)].sort();
  return useSWR(asked.length ? ['latest-imports', language, ...asked] : null, async () => {
    const answers = await Promise.all(
      asked.map((id) =>
        get<ImportLog[]>(`/organization/${encodeURIComponent(id)}/import-history`, { params: { limit: LATEST_PER_ORGANIZATION } }).catch(
          () => undefined,
        ),
      ),
    );
    return answers.flatMap((logs) => (Array.isArray(logs) ? logs : [])).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    // The list shown stays while it is asked again (in another language): the home page does not blink.
  }, { keepPreviousData: true });
}

/** The cache key of a page of an import's rejected rows in a language: the hook's and the preload's. */
export const rejectedRowsKey = (logId: string, page: number, language: string) =>
  [`/Util/feedbacklog/${encodeURIComponent(logId)}`, page, language] as const;

/**
 * GET Util/feedbacklog/{logId}: a page of the rejected rows' problems with their reasons, one a problem (a row
 * with two bad cells is listed twice): `total` counts problems, the log's rowsRejected counts rows. The reasons
 * come in the interface's language (Accept-Language).
 */
export async function fetchRejectedRows(logId: string, page: number): Promise<Page<RejectedRow>> {
  const path = `/Util/feedbacklog/${encodeURIComponent(logId)}`;
  return (await get<Page<RejectedRow>>(path, { params: { page, limit: REJECTED_PAGE_SIZE } })) ?? emptyPage<RejectedRow>();
}

export function useRejectedRows(logId: string | null, page: number) {
  const language = useLanguage();
  // The page shown stays while the next one (or the same in another language) loads, so the table never blanks.
  return useSWR(logId ? rejectedRowsKey(logId, page, language) : null, () => fetchRejectedRows(logId!, page), { keepPreviousData: true });
}

/**
 * GET Util/feedback/{fileId}: the rejected rows as CSV (the file's columns plus message). Through the app's
 * client, which names the interface's language (Accept-Language): the server writes the message column in it.
 */
export async function fetchFeedbackCsv(fileId: string): Promise<string> {
  return (await get<string>(`/Util/feedback/${encodeURIComponent(fileId)}`, { headers: { Accept: 'text/csv' } })) ?? '';
}

/** The name the template is saved under (as the server's Content-Disposition names it). */
export const TEMPLATE_FILE_NAME = 'open-water-data-template.csv';

/**
 * GET import-template: the Open Water Data template to fill in, every column it takes and two example rows, as
 * CSV. Undefined when there is nothing to save (the session ended: the sign-in dialog says so).
 */
export async function fetchImportTemplate(): Promise<string | undefined> {
  return get<string>('/import-template', { headers: { Accept: 'text/csv' } });
}
