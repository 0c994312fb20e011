/** Shapes of the import API (chalicelib/imports/routes.py). */
export type ImportStatus = 'queued' | 'running' | 'succeeded' | 'partial' | 'failed' | 'cancelled';
/** The routes that queue a project's file import: samples and stations (import-data), logger data (import-ts-data). */
export type ImportEndpoint = 'import-data' | 'import-ts-data';

export interface ImportLog {
  logId: string;
  projectId: string;
  organizationId: string;
  fileName: string;
  /** As asked: auto or a format of the route that queued it (import-data's or import-ts-data's). */
  format: string;
  detectedFormat?: string | null;
  /** Only checked: nothing was (or will be) written. */
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
  /** The names of the parameters created (in a dry run: that would be), at most 20: a misspelt one shows here. */
  newParameters?: string[];
  /**
   * Of newParameters, those whose names are no WQX characteristic name the portal knows, each with the closest known
   * name (a WQX name or one of the project's parameters) when one is close. Absent from an older server's logs.
   */
  newParametersNotWqx?: ParameterNameNotWqx[];
  /**
   * Rows taken (written, unchanged, or in a dry run that would be) that give a time of day without a time zone: their
   * times were read as UTC, and the log's message says what to do. Absent from an older server's logs.
   */
  rowsWithoutTimeZone?: number;
  /**
   * The zone the rows that give a time without one were read in (a WQX code or an offset such as UTC+08:00), as
   * chosen with the file; null (or absent, an older server) when none was chosen: they were read as UTC.
   */
  timeZone?: string | null;
  /** Of rowsImported, those that replaced what was stored (a corrected value, a station's changed fields). Absent from an older server's logs. */
  rowsReplaced?: number;
  /**
   * Values taken (written, unchanged, or in a dry run that would be) given in another unit than their parameter's and
   * converted to it; and from which unit to which, e.g. "mS/cm → uS/cm" (at most 20). Absent from an older server's logs.
   */
  rowsConverted?: number;
  unitsConverted?: string[];
  feedbackFileId: string | null;
  message: string | null;
  createdBy: string;
  createdAt: string;
  /** What started it: "schedule" (an import source's run), "manual" (its Run now); none for an upload. */
  trigger?: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /**
   * Ended, and no worker on it any more: its counts are final. A cancelled (or otherwise ended) import whose
   * worker still counts the rows it was writing is not settled yet. Absent from an older server's logs.
   */
  settled?: boolean;
}

/** A new parameter whose name is no WQX characteristic name, and the known name closest to it (if one is close). */
export interface ParameterNameNotWqx {
  parameter: string;
  closest?: string | null;
}

/** POST .../import-uploads: a presigned POST of the whole file, or a multipart upload sent in parts. */
export type UploadSlot = PostSlot | MultipartSlot;

export interface PostSlot {
  uploadKey: string;
  url: string;
  fields: Record<string, string>;
  expiresAt: string;
}

export interface MultipartSlot {
  uploadKey: string;
  uploadId: string;
  partBytes: number;
  partCount: number;
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

/**
 * Has the import ended for good, its counts final? Its status is final and no worker is still on it; a log
 * without `settled` (an older server) is settled once its status is final.
 */
export const hasSettled = (log: Pick<ImportLog, 'status' | 'settled'>): boolean =>
  FINISHED.includes(log.status) && log.settled !== false;

/**
 * Is every row of the running import done (written, or only checked)? Its worker then finishes (updates the
 * summaries of what it wrote, writes the rejected rows' file); the API no longer takes a cancel (409).
 */
export const everyRowDone = (log: Pick<ImportLog, 'status' | 'rowsTotal' | 'rowsDone'>): boolean =>
  log.status === 'running' && log.rowsTotal !== null && log.rowsDone >= log.rowsTotal;
