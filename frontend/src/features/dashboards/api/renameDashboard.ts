import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { patch } from '../../../api/client';
import type { Dashboard } from '../types';
import { dashboardKey } from './getDashboard';
import { DASHBOARDS_PATH } from './getDashboards';

/** PATCH /dashboards/{id} {label}: rename. */
export async function renameDashboard(id: string, label: string): Promise<Dashboard | undefined> {
  return patch<Dashboard>(dashboardKey(id), { label });
}

export function useRenameDashboard() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, label: string) => {
      const dashboard = await renameDashboard(id, label.trim());
      if (dashboard) await mutate(dashboardKey(id), dashboard, { revalidate: false });
      await mutate(DASHBOARDS_PATH);
      return dashboard;
    },
    [mutate],
  );
}
