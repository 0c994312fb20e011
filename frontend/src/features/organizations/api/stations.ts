import { RequestQueryBuilder } from '@dataui/crud-request';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError, del, get, patch, post, SessionEndedError } from '../../../api/client';
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

/** Read again when the person comes back to the browser tab: someone else may have changed the stations meanwhile. */
export function useOrganizationStations(organizationId: string, page: number, search = '') {
  return useSWR(
    [STATIONS_PATH, organizationId, page, search],
    async () => toPage(await get(`${STATIONS_PATH}?${query(organizationId, page, search)}`)),
    { keepPreviousData: true, revalidateOnFocus: true },
  );
}

export type StationFields = Pick<
  Station,
  | 'identifier'
  | 'name'
  | 'latitude'
  | 'longitude'
  | 'horizontalDatum'
  | 'stationType'
  | 'description'
  | 'elevation'
  | 'elevationUnit'
  | 'elevationMethod'
  | 'verticalDatum'
  | 'drainageArea'
  | 'drainageAreaUnit'
>;

/** GET /keylist/horizontalDatums: the WQX datum codes a station's coordinates may name. */
export const DATUMS_PATH = '/keylist/horizontalDatums';

export function useHorizontalDatums() {
  return useSWR(DATUMS_PATH, () => get<{ value: string; description?: string }[]>(DATUMS_PATH), { revalidateOnFocus: false });
}

/** A station deleted (by someone else) since the screen listed it: the server no longer knows it. */
export function isStationGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A station as a selection holds it: its id, and its name to say what became of it. */
export type NamedStation = Pick<Station, 'id' | 'name'>;

/** What a change to several stations came to, station by station. */
export interface BulkOutcome {
  saved: NamedStation[];
  /** Deleted meanwhile (404): skipped. */
  gone: NamedStation[];
  /** Refused for another reason, with the refusal. */
  failed: { station: NamedStation; error: unknown }[];
}

export function useStationActions(organizationId: string) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate((key) => Array.isArray(key) && key[0] === STATIONS_PATH && key[1] === organizationId);
  /** The change, then the list read again; also after a 404 (the station was deleted meanwhile: the list shows it gone). */
  const changing = async <T>(change: () => Promise<T>): Promise<T> => {
    try {
      const result = await change();
      await refresh();
      return result;
    } catch (error) {
      if (isStationGone(error)) await refresh();
      throw error;
    }
  };
  return {
    create: async (fields: StationFields) => {
      await post(STATIONS_PATH, { ...fields, organizationId });
      await refresh();
    },
    /** The fields changed from the station as shown, for its version (api/versions.ts). */
    update: (station: Station, fields: StationFields) =>
      changing(() => patchSeen(`${STATIONS_PATH}/${encodeURIComponent(station.id)}`, station, fields)),
    /**
     * The same change to several stations, one PATCH each (there is no bulk update call). Every station is tried:
     * one deleted meanwhile (404) or refused does not keep the others from being saved; the outcome says which were
     * saved, gone and refused. Only an ended session stops it (the sign-in dialog says so; the rest would fail too).
     * The list is read again in any case.
     */
    updateMany: async (stations: NamedStation[], fields: Partial<StationFields>): Promise<BulkOutcome> => {
      const outcome: BulkOutcome = { saved: [], gone: [], failed: [] };
      try {
        for (const station of stations) {
          try {
            await patch(`${STATIONS_PATH}/${encodeURIComponent(station.id)}`, fields);
            outcome.saved.push(station);
          } catch (error) {
            if (error instanceof SessionEndedError) throw error;
            if (isStationGone(error)) outcome.gone.push(station);
            else outcome.failed.push({ station, error });
          }
        }
      } finally {
        await refresh();
      }
      return outcome;
    },
    remove: (id: string) => changing(() => del(`${STATIONS_PATH}/${encodeURIComponent(id)}`)),
  };
}
