import { RequestQueryBuilder } from '@dataui/crud-request';
import useSWR, { useSWRConfig } from 'swr';
import { del, get, patch, post } from '../../../api/client';
import { patchSeen } from '../../../api/versions';
import { stationSearch } from '../../projects/api/lists';
import type { Page, Station } from './types';

/** GET /station?filter=organizationId||$eq||{id} (a page of one organization's stations); POST, PATCH, DELETE /station. */
export const STATIONS_PATH = '/station';
export const STATION_PAGE_SIZE = 25;

/** One page of the organization's stations, by name; `search`: those whose name or identifier holds it (any case). */
function query(organizationId: string, page: number, search: string): string {
  return RequestQueryBuilder.create()
    .search(stationSearch(organizationId, search))
    .sortBy({ field: 'name', order: 'ASC' })
    .setLimit(STATION_PAGE_SIZE)
    .setPage(page)
    .query();
}

function toPage(body: unknown): Page<Station> {
  if (Array.isArray(body)) return { data: body as Station[], total: body.length, page: 1, pageCount: 1 };
  const page = (body ?? {}) as Partial<Page<Station>>;
  return { data: page.data ?? [], total: page.total ?? 0, page: page.page ?? 1, pageCount: Math.max(1, page.pageCount ?? 1) };
}

export function useOrganizationStations(organizationId: string, page: number, search = '') {
  return useSWR(
    [STATIONS_PATH, organizationId, page, search],
    async () => toPage(await get(`${STATIONS_PATH}?${query(organizationId, page, search)}`)),
    { keepPreviousData: true },
  );
}

export type StationFields = Pick<Station, 'identifier' | 'name' | 'latitude' | 'longitude' | 'horizontalDatum' | 'stationType' | 'description'>;

/** GET /keylist/horizontalDatums: the WQX datum codes a station's coordinates may name. */
export const DATUMS_PATH = '/keylist/horizontalDatums';

export function useHorizontalDatums() {
  return useSWR(DATUMS_PATH, () => get<{ value: string; description?: string }[]>(DATUMS_PATH), { revalidateOnFocus: false });
}

export function useStationActions(organizationId: string) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate((key) => Array.isArray(key) && key[0] === STATIONS_PATH && key[1] === organizationId);
  return {
    create: async (fields: StationFields) => {
      await post(STATIONS_PATH, { ...fields, organizationId });
      await refresh();
    },
    /** The fields changed from the station as shown, for its version (api/versions.ts). */
    update: async (station: Station, fields: StationFields) => {
      await patchSeen(`${STATIONS_PATH}/${encodeURIComponent(station.id)}`, station, fields);
      await refresh();
    },
    /** The same change to several stations, one PATCH each (there is no bulk update call). */
    updateMany: async (ids: string[], fields: Partial<StationFields>) => {
      for (const id of ids) await patch(`${STATIONS_PATH}/${encodeURIComponent(id)}`, fields);
      await refresh();
    },
    remove: async (id: string) => {
      await del(`${STATIONS_PATH}/${encodeURIComponent(id)}`);
      await refresh();
    },
  };
}
