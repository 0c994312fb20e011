import { everyRowDone, type ImportLog } from '../api/types';

/**
 * How fast a running import goes, as the screen has seen it move on: its time left (smoothed) and whether it has
 * stopped moving (its worker died: the import waits for the queue to hand it to a new worker, which can take
 * minutes, then continues by itself from its last checkpoint).
 *
 * The import log does not answer its lease or when it last changed (chalicelib/imports/service.py keeps them to
 * itself), so "no progress" is the time since the screen last saw the log change. Should the API answer
 * `updatedAt` or `leaseUntil`, a change of either counts as a sign of life too (a worker renewing its lease while
 * it recounts the summaries); their times are not compared with the browser's clock, which may be off.
 *
 * The file's upload before the import has its time left too, in the same minutes (uploadMinutesLeft, at the end).
 */

/** Without any change for this long, a running import is said to make no progress. */
export const STALL_MS = 2 * 60_000;
/** The time left is from the pace over about this long (the newest changes seen, and the one just before). */
export const RATE_WINDOW_MS = 30_000;
/** No time left is said before this much of the file is done... */
export const MIN_PROGRESS = 0.1;
/** ...nor before the import has run this long (a first chunk's pace says little). */
export const MIN_RUNNING_MS = 15_000;
/** The pace is taken over the changes seen only once they span this long; before, over the whole run. */
const MIN_WINDOW_MS = 10_000;

interface Sample {
  at: number;
  progress: number;
}

export interface Pace {
  logId: string;
  /** What moves when the import does: its status, rows done, progress (and the lease or updatedAt if answered). */
  key: string;
  /** When the screen last saw the import change (ms, the browser's clock). */
  changedAt: number;
  /** The progress seen at each change, oldest first: over the last RATE_WINDOW_MS and the one before. */
  samples: Sample[];
  /** The time left shown, in whole minutes rounded up (1: "less than a minute"); null: none yet. */
  minutes: number | null;
  /** How long the rows took (ms), once every row is done: the summaries take about as long at most. */
  rowsTook: number | null;
  /** It moved on after a stall: its pace is taken from what is seen from now on only (the run's includes the stall). */
  resumed: boolean;
}

type Watched = Pick<ImportLog, 'logId' | 'status' | 'rowsDone' | 'rowsTotal' | 'progress' | 'startedAt'> & {
  updatedAt?: string | null;
  leaseUntil?: number | null;
};

/** How much of the file is done, 0 to 1 (rows when their count is known, else the server's estimate); null: unknown. */
export function progressOf(log: Pick<ImportLog, 'rowsTotal' | 'rowsDone' | 'progress'>): number | null {
  return log.rowsTotal ? log.rowsDone / log.rowsTotal : (log.progress ?? null);
}

const keyOf = (log: Watched) =>
  [log.status, log.rowsDone, log.rowsTotal, log.progress, log.updatedAt, log.leaseUntil].map((part) => part ?? '').join('|');

const startOf = (log: Watched) => (log.startedAt ? Date.parse(log.startedAt) : NaN);

/**
 * The pace after seeing `log` at `now`: the same object when nothing moved (nothing is recomputed meanwhile, so
 * a stalled import's time left does not grow), a new one when something did.
 */
export function observe(previous: Pace | null, log: Watched, now: number): Pace {
  const key = keyOf(log);
  if (previous && previous.logId === log.logId && previous.key === key) return previous;
  const same = previous && previous.logId === log.logId ? previous : null;
  const progress = progressOf(log);
  const running = log.status === 'running' && !everyRowDone(log);
  let samples = same ? same.samples : [];
  let minutes = same ? same.minutes : null;
  // Moving again after a stall: the pace from before it, and the time left said then, say nothing any more.
  const resumed = !!same && (same.resumed || now - same.changedAt >= STALL_MS);
  if (same && now - same.changedAt >= STALL_MS) {
    samples = [];
    minutes = null;
  }
  if (running && progress !== null) {
    samples = [...samples, { at: now, progress }];
    // Only the window, and the newest sample before it (the pace is measured from there).
    const inWindow = samples.findIndex((sample) => sample.at >= now - RATE_WINDOW_MS);
    samples = samples.slice(Math.max(0, inWindow - 1));
  }
  const rowsDone = everyRowDone(log);
  const rowsTook = rowsDone ? (same?.rowsTook ?? (Number.isFinite(startOf(log)) ? Math.max(0, now - startOf(log)) : null)) : null;
  const estimate = running && progress !== null ? minutesLeft(samples, progress, log, now, resumed) : null;
  return { logId: log.logId, key, changedAt: now, samples, rowsTook, resumed, minutes: shownMinutes(minutes, estimate) };
}

/** The time left in minutes (not rounded), from the pace over the window, else over the whole run; null: too early. */
function minutesLeft(samples: Sample[], progress: number, log: Watched, now: number, resumed: boolean): number | null {
  if (progress < MIN_PROGRESS || progress >= 1) return null;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const sinceStart = resumed ? NaN : now - startOf(log);
  const seen = first && last ? last.at - first.at : 0;
  // Run long enough: as seen here, or as the log says (its start may be long before the screen opened).
  if (!(seen >= MIN_RUNNING_MS || sinceStart >= MIN_RUNNING_MS)) return null;
  let rate: number | null = null; // of the file a millisecond
  if (first && last && seen >= MIN_WINDOW_MS && last.progress > first.progress) {
    rate = (last.progress - first.progress) / seen;
  } else if (sinceStart >= MIN_RUNNING_MS) {
    rate = progress / sinceStart;
  }
  if (!rate || !(rate > 0)) return null;
  return (1 - progress) / rate / 60_000;
}

/**
 * The minutes shown next: rounded up (at least 1, "less than a minute"); down by at most one step an update, up
 * only once the estimate is half a minute past the step shown (an estimate wavering about a minute stays put).
 */
export function shownMinutes(shown: number | null, estimate: number | null): number | null {
  if (estimate === null) return null;
  const target = Math.max(1, Math.ceil(estimate));
  if (shown === null) return target;
  if (target < shown) return shown - 1;
  if (estimate > shown + 0.5) return target;
  return shown;
}

/**
 * For how long (ms) a running import has made no progress, when that is long enough to say so; else null.
 * While the summaries are updated nothing of the log moves: it is said only once they have taken longer than the
 * rows took (they take less) and at least STALL_MS.
 */
export function stalledFor(pace: Pace | null, log: Watched, now: number): number | null {
  if (!pace || pace.logId !== log.logId || log.status !== 'running') return null;
  const still = now - pace.changedAt;
  const threshold = everyRowDone(log) ? Math.max(STALL_MS, pace.rowsTook ?? 0) : STALL_MS;
  return still >= threshold ? still : null;
}

/** An upload's time left is said once its try has sent for this long (its first moments say little of the link). */
export const UPLOAD_MIN_MS = 2_000;

/** Where an upload's try is measured from: when the server first said what it held, and how much that was. */
export interface UploadStart {
  at: number;
  sent: number;
}

/**
 * An upload's time left as shown (in whole minutes, as an import's: shownMinutes), at the pace of this try: the
 * bytes it sent since `start` over the time since. What the server held at its start (a resumed file's parts sent
 * by an earlier try) was not sent at this pace and counts for nothing. Null until the try has sent something for
 * UPLOAD_MIN_MS, and once every byte is sent.
 */
export function uploadMinutesLeft(shown: number | null, start: UploadStart, sent: number, size: number, now: number): number | null {
  const elapsed = now - start.at;
  const sentNow = sent - start.sent;
  if (elapsed < UPLOAD_MIN_MS || sentNow <= 0 || sent >= size) return null;
  return shownMinutes(shown, (size - sent) / (sentNow / elapsed) / 60_000);
}
