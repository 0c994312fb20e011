import { RequestQueryBuilder } from '@dataui/crud-request';
import useSWR, { useSWRConfig } from 'swr';
import { get, put } from '../../../api/client';
import type { ProjectParameter, ProjectStation } from './types';

/** GET and PUT /organization/{organizationId}/projects/{projectId}/stations and .../parameters (lists of ids). */
export function projectListPath(organizationId: string, projectId: string, list: 'stations' | 'parameters'): string {
  return `/organization/${encodeURIComponent(organizationId)}/projects/${encodeURIComponent(projectId)}/${list}`;
}

export function useProjectStations(organizationId: string, projectId: string) {
  const path = projectListPath(organizationId, projectId, 'stations');
  return useSWR([path], async () => (await get<ProjectStation[]>(path)) ?? []);
}

export function useProjectParameters(organizationId: string, projectId: string) {
  const path = projectListPath(organizationId, projectId, 'parameters');
  return useSWR([path], async () => (await get<ProjectParameter[]>(path)) ?? []);
}

export function useSetProjectList(organizationId: string, projectId: string, list: 'stations' | 'parameters') {
  const { mutate } = useSWRConfig();
  const path = projectListPath(organizationId, projectId, list);
  return async (ids: string[]) => {
    const saved = await put(path, ids);
    await mutate([path], saved, { revalidate: false });
  };
}

/** The organization's stations to choose from (GET /station filtered by organization, up to 1000). */
export function useOrganizationStationChoices(organizationId: string, enabled: boolean) {
  const query = RequestQueryBuilder.create()
    .setFilter({ field: 'organizationId', operator: '$eq', value: organizationId })
    .sortBy({ field: 'name', order: 'ASC' })
    .setLimit(1000)
    .query();
  return useSWR(enabled ? ['/station', 'choices', organizationId] : null, async () => {
    const body = await get<ProjectStation[] | { data: ProjectStation[] }>(`/station?${query}`);
    return Array.isArray(body) ? body : (body?.data ?? []);
  });
}

/** Every parameter to choose from (GET /parameter/parameters). */
export function useParameterChoices(enabled: boolean) {
  return useSWR(enabled ? ['/parameter/parameters', 'choices'] : null, async () => {
    const body = await get<ProjectParameter[] | { data: ProjectParameter[] }>('/parameter/parameters', { params: { limit: 1000 } });
    return (Array.isArray(body) ? body : (body?.data ?? [])).slice().sort((a, b) => a.label.localeCompare(b.label));
  });
}
