import type { Dashboard } from '../types';

/** The longest dashboard title the server takes (chalicelib/dashboards/service.py MAX_LABEL_LENGTH); every title field stops there. */
export const MAX_LABEL_LENGTH = 120;

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Dashboards by label ascending (case does not matter), the order of the menu and of every list. */
export function sortByLabel<T extends Pick<Dashboard, 'label' | 'id'>>(dashboards: readonly T[]): T[] {
  return [...dashboards].sort((a, b) => collator.compare(a.label, b.label) || a.id.localeCompare(b.id));
}

/** The server compares labels trimmed and case-insensitively; so does the form. */
export function sameLabel(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

export type LabelProblem = { kind: 'required' } | { kind: 'duplicate'; label: string };

/**
 * What is wrong with a dashboard title (spec section 5): nothing entered, or a label another of the
 * user's dashboards already has (`except`: the dashboard being renamed).
 */
export function labelProblem(value: string, dashboards: readonly Pick<Dashboard, 'id' | 'label'>[], except?: string): LabelProblem | null {
  if (!value.trim()) return { kind: 'required' };
  // Named as the dashboard that has it is ("Alpha river", not the "ALPHA RIVER" typed), so the user knows which.
  const holder = dashboards.find((d) => d.id !== except && sameLabel(d.label, value));
  return holder ? { kind: 'duplicate', label: holder.label } : null;
}
