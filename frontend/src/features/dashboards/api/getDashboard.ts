import useSWR from 'swr';
import { get } from '../../../api/client';
import type { Dashboard } from '../types';

/** GET /dashboards/{id}: one of the user's dashboards with its widgets. */
export const dashboardKey = (id: string) => `/dashboards/${encodeURIComponent(id)}`;

export async function getDashboard(id: string): Promise<Dashboard | undefined> {
  return get<Dashboard>(dashboardKey(id));
}

export function useDashboard(id: string | undefined) {
  return useSWR(id ? dashboardKey(id) : null, () => getDashboard(id as string));
}
