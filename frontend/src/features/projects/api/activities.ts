import useSWR from 'swr';
import { get } from '../../../api/client';
import type { ActivityPage } from './types';

export const ACTIVITY_PAGE_SIZE = 20;

/** GET /organization/{organizationId}/projects/{projectKey}/activities?page&pageSize&order&searchContent. */
export function useActivities(organizationId: string, projectId: string, page: number, search: string) {
  const path = `/organization/${encodeURIComponent(organizationId)}/projects/${encodeURIComponent(projectId)}/activities`;
  return useSWR(
    [path, page, search],
    async () =>
      (await get<ActivityPage>(path, {
        params: { page, pageSize: ACTIVITY_PAGE_SIZE, order: 'DESC', searchContent: search.trim() || undefined },
      })) ?? { data: [], total: 0, page: 1, pageCount: 1 },
    { keepPreviousData: true },
  );
}
