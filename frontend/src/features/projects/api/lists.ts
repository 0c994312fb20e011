import { RequestQueryBuilder, type SCondition } from '@dataui/crud-request';
import useSWR, { useSWRConfig } from 'swr';
import { get, put } from '../../../api/client';
import { parameterMatches } from '../../../lib/parameterNames';
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
  // What the person changed, not the whole list: someone else's change saved meanwhile is kept (the server applies
  // this to the list as it is stored).
  return async (ids: string[], before: string[]) => {
    const chosen = new Set(ids);
    const held = new Set(before);
    const saved = await put(path, { add: ids.filter((id) => !held.has(id)), remove: before.filter((id) => !chosen.has(id)) });
    await mutate([path], saved, { revalidate: false });
  };
}

/** How many of the organization's stations one search shows (the filter narrows the rest down). */
export const STATION_CHOICES_LIMIT = 100;

/** What a search found: the first ones and how many match in all (`loading`: an answer is on its way). */
export interface Found<T> {
  data?: { data: T[]; total: number };
  error?: unknown;
  loading: boolean;
}

/** The organization's stations whose name or identifier contains the term (any case), as a search (`s`): it holds
 * the organization too, as the server ignores `filter` next to a search. */
export function stationSearch(organizationId: string, term: string): SCondition {
  return term ? { organizationId, $or: [{ name: { $contL: term } }, { identifier: { $contL: term } }] } : { organizationId };
}

/** The query of a station search: the organization's stations whose name or identifier contains the term (any case). */
export function stationChoicesQuery(organizationId: string, term: string): string {
  return RequestQueryBuilder.create()
    .select(['name', 'identifier'])
    .search(stationSearch(organizationId, term))
    .sortBy({ field: 'name', order: 'ASC' })
    .setLimit(STATION_CHOICES_LIMIT)
    .setPage(1)
    .query();
}

/**
 * The organization's stations to choose from, searched on the server by `term` (GET /station with
 * `s`): the first STATION_CHOICES_LIMIT by name, and how many match in all. The previous answer stays
 * while the next loads.
 */
export function useOrganizationStationChoices(organizationId: string, term: string): Found<ProjectStation> {
  const query = stationChoicesQuery(organizationId, term);
  const found = useSWR(
    ['/station', 'choices', organizationId, term],
    async () => {
      const body = await get<ProjectStation[] | { data: ProjectStation[]; total?: number }>(`/station?${query}`);
      const data = Array.isArray(body) ? body : (body?.data ?? []);
      return { data, total: Array.isArray(body) ? data.length : (body?.total ?? data.length) };
    },
    { keepPreviousData: true },
  );
  return { data: found.data, error: found.error as unknown, loading: found.isValidating };
}

/** Every parameter to choose from (GET /parameter/parameters), those whose label or unit contains `term` (any case), or
 * one of its Chinese names (lib/parameterNames), in either language. */
export function useParameterChoices(term: string): Found<ProjectParameter> {
  const all = useSWR(['/parameter/parameters', 'choices'], async () => {
    const body = await get<ProjectParameter[] | { data: ProjectParameter[] }>('/parameter/parameters', { params: { limit: 1000 } });
    return (Array.isArray(body) ? body : (body?.data ?? [])).slice().sort((a, b) => a.label.localeCompare(b.label));
  });
  const data = all.data?.filter((p) => parameterMatches(term, p));
  return { data: data && { data, total: data.length }, error: all.error as unknown, loading: all.isLoading };
}
