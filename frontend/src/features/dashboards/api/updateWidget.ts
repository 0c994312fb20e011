import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { patch } from '../../../api/client';
import type { Dashboard } from '../types';
import { dashboardKey } from './getDashboard';
import { readAgainIfGone } from './readAgainIfGone';
import { DASHBOARDS_PATH } from './getDashboards';

/** PATCH /dashboards/{id}/widgets/{widgetId} {config}: answers the dashboard with the changed widget. */
export async function updateWidget(id: string, widgetId: string, config: Record<string, unknown>): Promise<Dashboard | undefined> {
  return patch<Dashboard>(`${dashboardKey(id)}/widgets/${encodeURIComponent(widgetId)}`, { config });
}

export function useUpdateWidget() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, widgetId: string, config: Record<string, unknown>) => {
      const dashboard = await updateWidget(id, widgetId, config).catch((failure: unknown) => readAgainIfGone(mutate, id, failure));
      if (dashboard) await mutate(dashboardKey(id), dashboard, { revalidate: false });
      await mutate(DASHBOARDS_PATH);
      return dashboard;
    },
    [mutate],
  );
}
