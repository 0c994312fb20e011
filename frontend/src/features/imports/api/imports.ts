import useSWR from 'swr';
import { del, get, post } from '../../../api/client';
import { hasSettled, type ImportEndpoint, type ImportLog, type Page, type RejectedRow, type UploadSlot } from './types';

/** How often a queued or running import is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;
export const HISTORY_PAGE_SIZE = 10;
export const REJECTED_PAGE_SIZE = 50;
/** The home page asks each project for its few newest imports, of at most this many projects. */
export const LATEST_PER_PROJECT = 3;
export const LATEST_PROJECTS = 20;

const projectPath = (organizationId: string, projectId: string) =>
  `/organization/${encodeURIComponent(organizationId)}/projects/${encodeURIComponent(projectId)}`;

/**
 * POST .../import-uploads: a presigned S3 POST for one file. The format is announced as the import will be
 * queued with it: the slot takes a .json file only when told it is usgs-json.
 */
export function createUpload(organizationId: string, projectId: string, file: File, format: string) {
  return post<UploadSlot>(`${projectPath(organizationId, projectId)}/import-uploads`, {
    fileName: file.name,
    contentType: file.type || 'text/csv',
    size: file.size,
    format,
  });
}

/**
 * The file straight to S3 with the presigned POST (never through the API), reporting how many of the file's
 * bytes are sent. XMLHttpRequest, as fetch has no upload progress. The browser counts the whole form (the
 * policy's fields too), so the count is taken down to the file's share: the file's size stays the total.
 */
export function uploadToS3(slot: UploadSlot, file: File, onProgress: (sent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(slot.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      const formOverhead = Math.max(0, event.total - file.size);
      onProgress(Math.min(file.size, Math.max(0, event.loaded - formOverhead)));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.open('POST', slot.url);
    xhr.send(form);
  });
}

/** POST .../{endpoint} {uploadKey, format, dryRun}: answers {logId, status: "queued"}. */
export function queueImport(organizationId: string, projectId: string, endpoint: ImportEndpoint, uploadKey: string, format: string, dryRun: boolean) {
  return post<{ logId: string; status: string }>(`${projectPath(organizationId, projectId)}/${endpoint}`, {
    uploadKey,
    format,
    dryRun,
  });
}

/** DELETE .../queued-import/{logId}: cancel a queued or running import. */
export function cancelImport(organizationId: string, projectId: string, logId: string) {
  return del<ImportLog>(`${projectPath(organizationId, projectId)}/queued-import/${encodeURIComponent(logId)}`);
}

/**
 * GET .../queued-import/{logId}, asked again every second until the import has settled: ended, and no worker
 * still on it (a cancelled import's worker still counts the rows it was writing, so its counts are not final at
 * `cancelled`). A settled import is handed over only once `whenEnded` has settled (it refreshes what else shows
 * the end: history, rejected rows), so the result never shows an end the rest of the screen does not show yet.
 */
export function useImport(organizationId: string, projectId: string, logId: string | null, whenEnded: (log: ImportLog) => Promise<unknown>) {
  const path = logId ? `${projectPath(organizationId, projectId)}/queued-import/${encodeURIComponent(logId)}` : null;
  return useSWR(
    path,
    async (url: string) => {
      const log = await get<ImportLog>(url);
      if (log && hasSettled(log)) await whenEnded(log).catch(() => undefined);
      return log;
    },
    { refreshInterval: (log) => (log && hasSettled(log) ? 0 : PROGRESS_POLL_MS) },
  );
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
  const path = `${projectPath(organizationId, projectId)}/import-history`;
  const filter = `kind||$eq||${KIND_OF[endpoint]}`;
  // The page shown stays while the next one loads, so paging does not blank the table.
  return useSWR(
    allowed ? [path, page, filter] : null,
    async () => (await get<Page<ImportLog>>(path, { params: { page, limit: HISTORY_PAGE_SIZE, filter } })) ?? emptyPage<ImportLog>(),
    { keepPreviousData: true },
  );
}

/**
 * The newest imports across several projects (the home page): GET .../import-history of each, its first
 * LATEST_PER_PROJECT, newest first. A project whose history cannot be read is left out, not an error.
 */
export function useLatestImports(projects: { organizationId: string; id: string }[]) {
  const asked = projects.slice(0, LATEST_PROJECTS);
  const key = asked.length ? ['latest-imports', ...asked.map((p) => `${p.organizationId}/${p.id}`)] : null;
  return useSWR(key, async () => {
    const pages = await Promise.all(
      asked.map((p) =>
        get<Page<ImportLog>>(`${projectPath(p.organizationId, p.id)}/import-history`, { params: { page: 1, limit: LATEST_PER_PROJECT } }).catch(
          () => undefined,
        ),
      ),
    );
    return pages.flatMap((page) => page?.data ?? []).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  });
}

/** The cache key of a page of an import's rejected rows: the hook's and the preload's. */
export const rejectedRowsKey = (logId: string, page: number) => [`/Util/feedbacklog/${encodeURIComponent(logId)}`, page] as const;

/**
 * GET Util/feedbacklog/{logId}: a page of the rejected rows' problems with their reasons, one a problem (a row
 * with two bad cells is listed twice): `total` counts problems, the log's rowsRejected counts rows.
 */
export async function fetchRejectedRows(logId: string, page: number): Promise<Page<RejectedRow>> {
  const [path] = rejectedRowsKey(logId, page);
  return (await get<Page<RejectedRow>>(path, { params: { page, limit: REJECTED_PAGE_SIZE } })) ?? emptyPage<RejectedRow>();
}

export function useRejectedRows(logId: string | null, page: number) {
  // The page shown stays while the next one loads, so paging does not blank the table.
  return useSWR(logId ? rejectedRowsKey(logId, page) : null, () => fetchRejectedRows(logId!, page), { keepPreviousData: true });
}

/**
 * GET Util/feedback/{fileId}: the rejected rows as CSV (the file's columns plus message). Through the app's
 * client, which names the interface's language (Accept-Language): the server writes the message column in it.
 */
export async function fetchFeedbackCsv(fileId: string): Promise<string> {
  return (await get<string>(`/Util/feedback/${encodeURIComponent(fileId)}`, { headers: { Accept: 'text/csv' } })) ?? '';
}
