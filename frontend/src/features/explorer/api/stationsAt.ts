import { get } from '../../../api/client';
import { rowsOf } from './options';

/**
 * GET /statistic/sampleLocationList?snapshot=v&rows=r1,r2: the stations at row numbers of the
 * snapshot the map's points came from (a point's popup). Answers are kept, so a second hover is instant.
 */
export const SAMPLE_LOCATION_LIST_PATH = '/statistic/sampleLocationList';

export interface StationDetails {
  id: string;
  identifier: string;
  name: string;
  latitude: number;
  longitude: number;
  stationType: string;
  organizationId: string;
  sampleCount: number;
  firstDate: string;
  lastDate: string;
}

const cache = new Map<string, Promise<StationDetails | undefined>>();

export function readStationDetails(row: Record<string, unknown>): StationDetails {
  const meta = (row.meta && typeof row.meta === 'object' ? row.meta : {}) as Record<string, unknown>;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  return {
    id: text(row.id),
    identifier: text(row.identifier),
    name: text(row.name),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    stationType: text(row.stationType),
    organizationId: text(row.organizationId),
    sampleCount: Number(meta.sampleCount ?? row.sampleCount ?? 0),
    firstDate: text(meta.firstDate ?? row.firstDate).slice(0, 10),
    lastDate: text(meta.lastDate ?? row.lastDate).slice(0, 10),
  };
}

export function getStationAt(snapshot: number, row: number): Promise<StationDetails | undefined> {
  const key = `${snapshot}:${row}`;
  let answer = cache.get(key);
  if (!answer) {
    answer = get(SAMPLE_LOCATION_LIST_PATH, { params: { snapshot, rows: String(row) } }).then((body) => {
      const first = rowsOf(body)[0];
      return first ? readStationDetails(first) : undefined;
    });
    answer.catch(() => cache.delete(key));
    cache.set(key, answer);
  }
  return answer;
}
