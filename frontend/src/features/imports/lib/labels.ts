import type { TFunction } from 'i18next';
import type { ImportLog } from '../api/types';

export const COUNTS = ['rowsImported', 'rowsUnchanged', 'rowsRejected', 'stationsCreated', 'parametersCreated'] as const;

/** An import's status in words: a dry run says it was checked, never that it was imported. */
export function statusLabel(t: TFunction, log: Pick<ImportLog, 'status' | 'dryRun'>): string {
  return log.dryRun ? t(`imports.checkStatus.${log.status}`) : t(`imports.status.${log.status}`);
}

/** The name of one of an import's counts: a dry run's counts are what an import would do. */
export function countLabel(t: TFunction, log: Pick<ImportLog, 'dryRun'>, count: (typeof COUNTS)[number]): string {
  return log.dryRun ? t(`imports.checkCounts.${count}`) : t(`imports.counts.${count}`);
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
