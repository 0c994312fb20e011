import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { del } from '../../../api/client';
import { dashboardKey } from './getDashboard';
import { DASHBOARDS_PATH } from './getDashboards';

/** DELETE /dashboards/{id}. */
export async function deleteDashboard(id: string): Promise<void> {
  await del(dashboardKey(id));
}

export function useDeleteDashboard() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string) => {
      await deleteDashboard(id);
      await mutate(dashboardKey(id), undefined, { revalidate: false });
      await mutate(DASHBOARDS_PATH);
    },
    [mutate],
  );
}
