import useSWR from 'swr';
import { del, get, post } from '../../../api/client';
import { FINISHED, type ImportFormat, type ImportLog, type Page, type RejectedRow, type UploadSlot } from './types';

/** How often a queued or running import is asked for its progress. */
export const PROGRESS_POLL_MS = 1000;
export const HISTORY_PAGE_SIZE = 10;
export const REJECTED_PAGE_SIZE = 50;
/** The home page asks each project for its few newest imports, of at most this many projects. */
export const LATEST_PER_PROJECT = 3;
export const LATEST_PROJECTS = 20;

const projectPath = (organizationId: string, projectId: string) =>
  `/organization/${encodeURIComponent(organizationId)}/projects/${encodeURIComponent(projectId)}`;

/** POST .../import-uploads: a presigned S3 POST for one file. */
export function createUpload(organizationId: string, projectId: string, file: File) {
  return post<UploadSlot>(`${projectPath(organizationId, projectId)}/import-uploads`, {
    fileName: file.name,
    contentType: file.type || 'text/csv',
    size: file.size,
  });
}

/**
 * The file straight to S3 with the presigned POST (never through the API), reporting bytes sent.
 * XMLHttpRequest, as fetch has no upload progress.
 */
export function uploadToS3(slot: UploadSlot, file: File, onProgress: (sent: number, total: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(slot.fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`upload ${xhr.status}`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.open('POST', slot.url);
    xhr.send(form);
  });
}

/** POST .../import-data {uploadKey, format, dryRun}: answers {logId, status: "queued"}. */
export function queueImport(organizationId: string, projectId: string, uploadKey: string, format: ImportFormat, dryRun: boolean) {
  return post<{ logId: string; status: string }>(`${projectPath(organizationId, projectId)}/import-data`, {
    uploadKey,
    format,
    dryRun,
  });
}

/** DELETE .../queued-import/{logId}: cancel a queued or running import. */
export function cancelImport(organizationId: string, projectId: string, logId: string) {
  return del<ImportLog>(`${projectPath(organizationId, projectId)}/queued-import/${encodeURIComponent(logId)}`);
}

/** GET .../queued-import/{logId}, asked again every second until the import has ended. */
export function useImport(organizationId: string, projectId: string, logId: string | null) {
  const path = logId ? `${projectPath(organizationId, projectId)}/queued-import/${encodeURIComponent(logId)}` : null;
  return useSWR(path, (url: string) => get<ImportLog>(url), {
    refreshInterval: (log) => (log && FINISHED.includes(log.status) ? 0 : PROGRESS_POLL_MS),
  });
}

/** GET .../import-history: the project's imports, newest first. */
export function useImportHistory(organizationId: string, projectId: string, page: number) {
  const path = `${projectPath(organizationId, projectId)}/import-history`;
  return useSWR([path, page], async () =>
    (await get<Page<ImportLog>>(path, { params: { page, limit: HISTORY_PAGE_SIZE } })) ?? {
      data: [], count: 0, total: 0, page: 1, pageCount: 1,
    },
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

/** GET Util/feedbacklog/{logId}: the rejected rows with their reasons. */
export function useRejectedRows(logId: string | null, page: number) {
  const path = logId ? `/Util/feedbacklog/${encodeURIComponent(logId)}` : null;
  return useSWR(path ? [path, page] : null, async () =>
    (await get<Page<RejectedRow>>(path!, { params: { page, limit: REJECTED_PAGE_SIZE } })) ?? {
      data: [], count: 0, total: 0, page: 1, pageCount: 1,
    },
  );
}

/** GET Util/feedback/{fileId}: the rejected rows as CSV (the file's columns plus message). */
export async function fetchFeedbackCsv(fileId: string): Promise<string> {
  return (await get<string>(`/Util/feedback/${encodeURIComponent(fileId)}`, { headers: { Accept: 'text/csv' } })) ?? '';
}
