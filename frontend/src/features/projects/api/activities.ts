import useSWR from 'swr';
import { get } from '../../../api/client';
import type { ActivityDetail, ActivityPage } from './types';

export const ACTIVITY_PAGE_SIZE = 20;

function activitiesPath(organizationId: string, projectId: string): string {
  return `/organization/${encodeURIComponent(organizationId)}/projects/${encodeURIComponent(projectId)}/activities`;
}

/** GET /organization/{organizationId}/projects/{projectKey}/activities?page&pageSize&order&searchContent. */
export function useActivities(organizationId: string, projectId: string, page: number, search: string) {
  const path = activitiesPath(organizationId, projectId);
  return useSWR(
    [path, page, search],
    async () =>
      (await get<ActivityPage>(path, {
        params: { page, pageSize: ACTIVITY_PAGE_SIZE, order: 'DESC', searchContent: search.trim() || undefined },
      })) ?? { data: [], total: 0, page: 1, pageCount: 1 },
    { keepPreviousData: true },
  );
}

/**
 * GET /organization/{organizationId}/projects/{projectKey}/activities/{activityId}: one activity and the values it
 * measured (404 "Activity not found." when the project has no such activity); null when the session ended meanwhile.
 */
export function useActivity(organizationId: string, projectId: string, activityId: string) {
  const path = `${activitiesPath(organizationId, projectId)}/${encodeURIComponent(activityId)}`;
  return useSWR([path], async () => (await get<ActivityDetail>(path)) ?? null);
}
