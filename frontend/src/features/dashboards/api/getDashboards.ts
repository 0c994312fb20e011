import useSWR from 'swr';
import { get } from '../../../api/client';
import { sortByLabel } from '../lib/labels';
import type { Dashboard } from '../types';

/** GET /dashboards: the signed-in user's dashboards, by label ascending. */
export const DASHBOARDS_PATH = '/dashboards';

export async function getDashboards(): Promise<Dashboard[]> {
  const body = await get<Dashboard[] | { data?: Dashboard[] }>(DASHBOARDS_PATH);
  const list = Array.isArray(body) ? body : (body?.data ?? []);
  return sortByLabel(list);
}

/** The user's dashboards (null `enabled`: not fetched, e.g. while nobody is signed in). */
export function useDashboards(enabled = true) {
  return useSWR(enabled ? DASHBOARDS_PATH : null, getDashboards);
}
