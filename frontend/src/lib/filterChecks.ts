/**
 * Checks of filter values the browser can make before asking the server (the server checks the same
 * and answers 400): a user sees what is wrong at the field, in their language, and no request is sent.
 * The problems are keys of `validation` in the i18n resources.
 */
export type FilterProblem = 'invalidDate' | 'fromAfterTo' | 'invalidHuc';

export interface DateRangeProblems {
  from?: FilterProblem;
  to?: FilterProblem;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const HUC_LENGTHS = [2, 4, 6, 8, 10, 12];

/** A real calendar day written YYYY-MM-DD (2021-02-30 is not). */
export function isDay(text: string): boolean {
  if (!ISO_DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** What is wrong with a date range (empty ends are open); the start is blamed for an inverted range. */
export function dateRangeProblems(from: string, to: string): DateRangeProblems {
  const problems: DateRangeProblems = {};
  if (from && !isDay(from)) problems.from = 'invalidDate';
  if (to && !isDay(to)) problems.to = 'invalidDate';
  if (!problems.from && !problems.to && from && to && from > to) problems.from = 'fromAfterTo';
  return problems;
}

/** Hydrologic unit codes, comma separated: each 2, 4, 6, 8, 10 or 12 digits. */
export function hucProblem(huc: string): FilterProblem | undefined {
  const codes = huc.split(',').map((code) => code.trim()).filter(Boolean);
  return codes.every((code) => /^\d+$/.test(code) && HUC_LENGTHS.includes(code.length)) ? undefined : 'invalidHuc';
}
