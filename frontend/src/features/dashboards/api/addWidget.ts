import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { post } from '../../../api/client';
import type { Dashboard, WidgetPosition, WidgetSpec } from '../types';
import { dashboardKey } from './getDashboard';
import { readAgainIfGone } from './readAgainIfGone';
import { DASHBOARDS_PATH } from './getDashboards';

/** POST /dashboards/{id}/widgets {component, config, position?}: answers the whole dashboard. */
export async function addWidget(id: string, widget: WidgetSpec & { position?: WidgetPosition }): Promise<Dashboard | undefined> {
  return post<Dashboard>(`${dashboardKey(id)}/widgets`, widget);
}

export function useAddWidget() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, widget: WidgetSpec & { position?: WidgetPosition }) => {
      const dashboard = await addWidget(id, widget).catch((failure: unknown) => readAgainIfGone(mutate, id, failure));
      if (dashboard) await mutate(dashboardKey(id), dashboard, { revalidate: false });
      await mutate(DASHBOARDS_PATH);
      return dashboard;
    },
    [mutate],
  );
}
