import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { patch } from '../../../api/client';
import type { Dashboard, WidgetPosition } from '../types';
import { dashboardKey } from './getDashboard';
import { isRefused, readAgainIfGone } from './readAgainIfGone';

export type Positions = Record<string, WidgetPosition>;

/**
 * PATCH /dashboards/{id} {positions: {widgetId: {x, y, w, h}}}: save where the widgets are. Kept alive: a move
 * made just before a reload or a close is saved as the page goes.
 */
export async function saveLayout(id: string, positions: Positions): Promise<Dashboard | undefined> {
  return patch<Dashboard>(dashboardKey(id), { positions }, { keepalive: true });
}

export function useSaveLayout() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string, positions: Positions) => {
      const dashboard = await saveLayout(id, positions).catch((failure: unknown) => readAgainIfGone(mutate, id, failure, isRefused));
      if (dashboard) await mutate(dashboardKey(id), dashboard, { revalidate: false });
      return dashboard;
    },
    [mutate],
  );
}
