import { ApiError, get } from '../../../api/client';
import { rowsOf } from './options';

/**
 * GET /statistic/sampleLocationList?snapshot=v&rows=r1,r2: the stations at row numbers of the
 * snapshot the map's points came from (a point's popup). Answers are kept, so a second hover is instant.
 * A snapshot rebuilt since (stations created, an import ended) is refused with 409: see isSnapshotGone.
 */
export const SAMPLE_LOCATION_LIST_PATH = '/statistic/sampleLocationList';

export interface StationDetails {
  id: string;
  identifier: string;
  name: string;
  latitude: number;
  longitude: number;
  stationType: string;
  /** WQX MonitoringLocationTypeName ('River/Stream', 'Well'…); '' when not recorded. */
  monitoringLocationType: string;
  organizationId: string;
  sampleCount: number;
  firstDate: string;
  lastDate: string;
  /** How many logger series the station has (its samples are counted apart); 0 when the answer says none. */
  loggerSeries?: number;
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
    monitoringLocationType: text(row.monitoringLocationType),
    organizationId: text(row.organizationId),
    sampleCount: Number(meta.sampleCount ?? row.sampleCount ?? 0),
    firstDate: text(meta.firstDate ?? row.firstDate).slice(0, 10),
    lastDate: text(meta.lastDate ?? row.lastDate).slice(0, 10),
    // Only where it has some (a station's details are compared and kept in the selection as they were).
    ...(Number(meta.loggerSeriesCount) > 0 ? { loggerSeries: Number(meta.loggerSeriesCount) } : {}),
  };
}

/** The stations at rows of a snapshot, in their order: those not looked up yet in one request (a spot of several). */
export function getStationsAt(snapshot: number, rows: number[]): Promise<(StationDetails | undefined)[]> {
  const keyOf = (row: number) => `${snapshot}:${row}`;
  const missing = [...new Set(rows)].filter((row) => !cache.has(keyOf(row)));
  if (missing.length) {
    const answer = get(SAMPLE_LOCATION_LIST_PATH, { params: { snapshot, rows: missing.join(',') } }).then((body) => rowsOf(body));
    missing.forEach((row, k) => {
      const one = answer.then((found) => (found[k] ? readStationDetails(found[k]) : undefined));
      one.catch(() => cache.delete(keyOf(row)));
      cache.set(keyOf(row), one);
    });
  }
  return Promise.all(rows.map((row) => cache.get(keyOf(row))!));
}

/** Whether a lookup was refused because its snapshot is no longer the current one (409 "Snapshot N is no longer
 * current"): its row numbers may name other stations now, so the map's stations are to be asked for again. */
export function isSnapshotGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
