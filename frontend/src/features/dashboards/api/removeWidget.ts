import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { del } from '../../../api/client';
import type { Dashboard } from '../types';
import { dashboardKey } from './getDashboard';
import { readAgainIfGone } from './readAgainIfGone';
import { DASHBOARDS_PATH } from './getDashboards';

/** DELETE /dashboards/{id}/widgets/{widgetId}: answers the dashboard without it. */
export async function removeWidget(id: string, widgetId: string): Promise<Dashboard | undefined> {
  return del<Dashboard>(`${dashboardKey(id)}/widgets/${encodeURIComponent(widgetId)}`);
}

export function useRemoveWidget() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, widgetId: string) => {
      const dashboard = await removeWidget(id, widgetId).catch((failure: unknown) => readAgainIfGone(mutate, id, failure));
      if (dashboard) await mutate(dashboardKey(id), dashboard, { revalidate: false });
      await mutate(DASHBOARDS_PATH);
      return dashboard;
    },
    [mutate],
  );
}
