/** Shapes of the import API (chalicelib/imports/routes.py). */
export type ImportStatus = 'queued' | 'running' | 'succeeded' | 'partial' | 'failed' | 'cancelled';
export type ImportFormat = 'auto' | 'wqp-result' | 'wqx3-result' | 'wqp-station' | 'template';

export interface ImportLog {
  logId: string;
  projectId: string;
  organizationId: string;
  fileName: string;
  format: ImportFormat;
  detectedFormat?: ImportFormat | null;
  dryRun: boolean;
  status: ImportStatus;
  rowsTotal: number | null;
  rowsDone: number;
  /** How much of the file is done, 0 to 1 (rows, or the bytes the rows took while their count is unknown). */
  progress?: number | null;
  rowsImported: number;
  rowsRejected: number;
  rowsUnchanged: number;
  stationsCreated: number;
  parametersCreated: number;
  feedbackFileId: string | null;
  message: string | null;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface UploadSlot {
  uploadKey: string;
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

export interface RejectedRow {
  row: number | null;
  column: string | null;
  value: string | null;
  message: string;
}

export interface Page<T> {
  data: T[];
  count: number;
  total: number;
  page: number;
  pageCount: number;
}

export const FINISHED: readonly ImportStatus[] = ['succeeded', 'partial', 'failed', 'cancelled'];
