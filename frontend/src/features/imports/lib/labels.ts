import type { TFunction } from 'i18next';
import { FINISHED, hasSettled, type ImportLog } from '../api/types';

/**
 * The counts of an ended import, as the API gives them: rowsImported and rowsUnchanged count what was written
 * (values; stations for a station file), rowsRejected counts rows of the file, stationsCreated and
 * parametersCreated count what the import created.
 */
export const COUNTS = ['rowsImported', 'rowsUnchanged', 'rowsRejected', 'stationsCreated', 'parametersCreated'] as const;
export type Count = (typeof COUNTS)[number];

/** What an import's rowsImported and rowsUnchanged count: values, or the stations of a station file. */
export function recordsOf(log: Pick<ImportLog, 'format' | 'detectedFormat'>): 'values' | 'stations' {
  return (log.detectedFormat ?? log.format) === 'wqp-station' ? 'stations' : 'values';
}

/**
 * An import's status in words: a dry run says it was checked, never that it was imported. An ended import whose
 * worker is still on it (not settled) is still stopping (cancelled) or finishing: its counts are not final.
 */
export function statusLabel(t: TFunction, log: Pick<ImportLog, 'status' | 'dryRun' | 'settled'>): string {
  const status = FINISHED.includes(log.status) && !hasSettled(log) ? (log.status === 'cancelled' ? 'stopping' : 'finishing') : log.status;
  return log.dryRun ? t(`imports.checkStatus.${status}`) : t(`imports.status.${status}`);
}

/**
 * What an import does between its last row and its end (or, ended, until it has settled): a cancelled one
 * finishes the rows it was writing, then (values, not a dry run: the rows being written may add some) updates the
 * summaries of their stations, which takes a while and still raises the count; one that wrote values updates the
 * summaries of their stations; a dry run, or an import that wrote no values (every row rejected or unchanged, a
 * station file), has no summaries to update.
 */
export function finishingLabel(t: TFunction, log: Pick<ImportLog, 'status' | 'dryRun' | 'format' | 'detectedFormat' | 'rowsImported'>): string {
  if (log.status === 'cancelled') {
    if (log.dryRun) return t('imports.stopping.check');
    return recordsOf(log) === 'values' ? t('imports.stopping.summaries') : t('imports.stopping.other');
  }
  if (log.dryRun) return t('imports.finishing.check');
  return recordsOf(log) === 'values' && log.rowsImported > 0 ? t('imports.finishing.summaries') : t('imports.finishing.other');
}

/** The name of one of an import's counts: a dry run's counts are what an import would do. */
export function countLabel(t: TFunction, log: Pick<ImportLog, 'dryRun' | 'format' | 'detectedFormat'>, count: Count): string {
  if (recordsOf(log) === 'stations' && (count === 'rowsImported' || count === 'rowsUnchanged')) {
    return log.dryRun ? t(`imports.checkCounts.stations.${count}`) : t(`imports.counts.stations.${count}`);
  }
  return log.dryRun ? t(`imports.checkCounts.${count}`) : t(`imports.counts.${count}`);
}

/** The label of rowsReplaced: values (or a station file's stations) that replaced what was stored. */
export function replacedLabel(t: TFunction, log: Pick<ImportLog, 'dryRun' | 'format' | 'detectedFormat'>): string {
  const kind = recordsOf(log) === 'stations' ? 'stations.rowsReplaced' : 'rowsReplaced';
  return t(`imports.${log.dryRun ? 'checkCounts' : 'counts'}.${kind}`);
}

/**
 * The label of rowsConverted, with the units converted when the log names them: "Values converted to their
 * parameter's unit (mS/cm → uS/cm)"; a dry run's says they would be.
 */
export function convertedLabel(t: TFunction, log: Pick<ImportLog, 'dryRun' | 'unitsConverted'>): string {
  const label = t(log.dryRun ? 'imports.checkCounts.rowsConverted' : 'imports.counts.rowsConverted');
  const units = log.unitsConverted ?? [];
  return units.length ? t('imports.unitsConverted.label', { label, units: units.join(t('imports.unitsConverted.separator')) }) : label;
}

/**
 * An import's outcome in a line (the history): what was written, what was already stored, which rows were
 * rejected, e.g. "0 values imported · 5 unchanged · 0 rows rejected"; a dry run's in what it would do. Rows whose
 * time was read as UTC for want of a time zone are named when there are any, and so are the stored values (or
 * stations) an import corrected: "3 values imported (2 corrected) · 997 unchanged · 0 rows rejected", and the
 * values converted to their parameter's unit: "6 values imported · 0 unchanged · 0 rows rejected · 1 value converted
 * to its parameter's unit".
 */
export function outcomeLabel(t: TFunction, log: Pick<ImportLog, 'dryRun' | 'format' | 'detectedFormat' | 'rowsImported' | 'rowsUnchanged' | 'rowsRejected' | 'rowsWithoutTimeZone' | 'rowsReplaced' | 'rowsConverted'> & Partial<Pick<ImportLog, 'status' | 'rowsDone'>>): string {
  // Failed before its first row: "0 values imported · 0 unchanged · 0 rows rejected" read as a clean result.
  if (log.status === 'failed' && !log.rowsDone) return t(log.dryRun ? 'imports.outcome.checkedNoRow' : 'imports.outcome.readNoRow');
  const imported =
    recordsOf(log) === 'stations'
      ? t(log.dryRun ? 'imports.outcome.stationsToImport' : 'imports.outcome.stationsImported', { count: log.rowsImported })
      : t(log.dryRun ? 'imports.outcome.valuesToImport' : 'imports.outcome.valuesImported', { count: log.rowsImported });
  const replaced = log.rowsReplaced ?? 0;
  return [
    replaced > 0 ? t(log.dryRun ? 'imports.outcome.toCorrect' : 'imports.outcome.corrected', { imported, count: replaced }) : imported,
    t('imports.outcome.unchanged', { count: log.rowsUnchanged }),
    t(log.dryRun ? 'imports.outcome.rowsToReject' : 'imports.outcome.rowsRejected', { count: log.rowsRejected }),
    ...((log.rowsWithoutTimeZone ?? 0) > 0 ? [t('imports.outcome.withoutTimeZone', { count: log.rowsWithoutTimeZone })] : []),
    ...((log.rowsConverted ?? 0) > 0 ? [t(log.dryRun ? 'imports.outcome.toConvert' : 'imports.outcome.converted', { count: log.rowsConverted })] : []),
  ].join(' · ');
}

/**
 * A time left in words, from whole minutes rounded up (lib/pace: 1 stands for less than a minute): "about 3 min
 * left" (an upload's, an import's). `thenSummaries`: an import's rows', the station summaries being updated after them.
 */
export function timeLeftLabel(t: TFunction, minutes: number, number: (value: number) => string, thenSummaries = false): string {
  if (minutes <= 1) return t(thenSummaries ? 'imports.rowsLessThanAMinuteLeft' : 'imports.lessThanAMinuteLeft');
  return t(thenSummaries ? 'imports.rowsMinutesLeft' : 'imports.minutesLeft', { minutes: number(minutes) });
}

/** A file size for people: 2.5 KB, 1.2 MB. */
export function fileSize(size: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = size;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit ? 1 : 0 }).format(value)} ${units[unit]}`;
}

/** Whether the station summaries are updated once the rows are written: values written (or being written), not a dry run. */
export function summariesFollow(log: Pick<ImportLog, 'dryRun' | 'format' | 'detectedFormat' | 'rowsImported' | 'rowsDone'>): boolean {
  return !log.dryRun && recordsOf(log) === 'values' && (log.rowsImported > 0 || log.rowsDone === 0);
}
