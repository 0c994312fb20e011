import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { post } from '../../../api/client';
import type { Dashboard } from '../types';
import { DASHBOARDS_PATH } from './getDashboards';
import { dashboardKey } from './getDashboard';

/** POST /dashboards {label, icon?}: the server sets the default icon and layout. */
export async function createDashboard(body: { label: string; icon?: string }): Promise<Dashboard | undefined> {
  return post<Dashboard>(DASHBOARDS_PATH, body);
}

/** Create a dashboard, then refresh the list (menu, management page, 'Add to dashboard'). */
export function useCreateDashboard() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (label: string) => {
      const dashboard = await createDashboard({ label: label.trim() });
      if (dashboard) await mutate(dashboardKey(dashboard.id), dashboard, { revalidate: false });
      await mutate(DASHBOARDS_PATH);
      return dashboard;
    },
    [mutate],
  );
}
