import useSWR from 'swr';
import { get } from '../../../api/client';
import { dateOnly, rowsOf, text } from './rows';

/** GET /station/{stationId}: one station with its metadata, projects and per-parameter summary. */
export const stationPath = (stationId: string) => `/station/${encodeURIComponent(stationId)}`;

export interface StationParameterSummary {
  parameterId: string;
  sampleCount: number | null;
  firstDate: string;
  lastDate: string;
}

export interface Station {
  id: string;
  identifier: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
  horizontalDatum: string;
  /** The station's elevation (WQX VerticalMeasure) as its source gave it: value, unit, method, vertical datum. */
  elevation: number | null;
  elevationUnit: string;
  elevationMethod: string;
  verticalDatum: string;
  /** Its drainage area and contributing drainage area (WQX DrainageAreaMeasure...): value and unit. */
  drainageArea: number | null;
  drainageAreaUnit: string;
  contributingDrainageArea: number | null;
  contributingDrainageAreaUnit: string;
  stationType: string;
  monitoringLocationType: string;
  huc8: string;
  huc12: string;
  stateFips: string;
  countyFips: string;
  organizationId: string;
  description: string;
  projects: string[];
  parameters: StationParameterSummary[];
  sampleCount: number | null;
  firstDate: string;
  lastDate: string;
  /** The station's logger series as its summary names them ("<parameterId>#<statistic>#<sensor>"; none: []). */
  loggerSeries: string[];
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

function ids(v: unknown): string[] {
  if (!Array.isArray(v)) return [];
  return v
    .map((p) => (p && typeof p === 'object' ? (p as Record<string, unknown>).projectId ?? (p as Record<string, unknown>).id : p))
    .filter((p) => p !== null && p !== undefined)
    .map(String);
}

/** The station's parameters: objects with counts and dates, or plain ids (counts then unknown). */
function parameterSummaries(raw: Record<string, unknown>): StationParameterSummary[] {
  const meta = (raw.meta && typeof raw.meta === 'object' ? raw.meta : raw.summary && typeof raw.summary === 'object' ? raw.summary : {}) as Record<string, unknown>;
  const source = raw.parameters ?? meta.parameters ?? raw.parameterIds ?? meta.parameterIds;
  const list = Array.isArray(source) ? source : source && typeof source === 'object' ? Object.entries(source).map(([parameterId, v]) => ({ parameterId, ...(v as object) })) : [];
  return list.map((p) => {
    if (!p || typeof p !== 'object') return { parameterId: String(p), sampleCount: null, firstDate: '', lastDate: '' };
    const o = p as Record<string, unknown>;
    return {
      parameterId: text(o.parameterId ?? o.id ?? o.label),
      sampleCount: num(o.sampleCount ?? o.count ?? o.samples),
      firstDate: dateOnly(o.firstDate ?? o.first),
      lastDate: dateOnly(o.lastDate ?? o.last),
    };
  });
}

export function readStation(body: unknown): Station | undefined {
  const raw = (Array.isArray(body) || (body && typeof body === 'object' && 'data' in (body as object)) ? rowsOf(body)[0] : body) as
    | Record<string, unknown>
    | undefined;
  if (!raw || typeof raw !== 'object') return undefined;
  const meta = (raw.meta && typeof raw.meta === 'object' ? raw.meta : {}) as Record<string, unknown>;
  return {
    id: text(raw.id ?? raw.stationId),
    identifier: text(raw.identifier ?? raw.monitoringLocationIdentifier),
    name: text(raw.name ?? raw.monitoringLocationName),
    latitude: num(raw.latitude ?? raw.lat),
    longitude: num(raw.longitude ?? raw.lng ?? raw.lon),
    horizontalDatum: text(raw.horizontalDatum ?? raw.horizontalCoordinateReferenceSystemDatumName),
    elevation: num(raw.elevation),
    elevationUnit: text(raw.elevationUnit),
    elevationMethod: text(raw.elevationMethod),
    verticalDatum: text(raw.verticalDatum),
    drainageArea: num(raw.drainageArea),
    drainageAreaUnit: text(raw.drainageAreaUnit),
    contributingDrainageArea: num(raw.contributingDrainageArea),
    contributingDrainageAreaUnit: text(raw.contributingDrainageAreaUnit),
    stationType: text(raw.stationType ?? raw.type),
    monitoringLocationType: text(raw.monitoringLocationType ?? raw.monitoringLocationTypeName),
    huc8: text(raw.huc8 ?? raw.hucEightDigitCode),
    huc12: text(raw.huc12 ?? raw.hucTwelveDigitCode),
    stateFips: text(raw.stateFips ?? raw.stateCode),
    countyFips: text(raw.countyFips ?? raw.countyCode),
    organizationId: text(raw.organizationId),
    description: text(raw.description),
    projects: ids(raw.projects ?? raw.projectIds),
    parameters: parameterSummaries(raw),
    sampleCount: num(raw.sampleCount ?? meta.sampleCount),
    firstDate: dateOnly(raw.firstDate ?? meta.firstDate),
    lastDate: dateOnly(raw.lastDate ?? meta.lastDate),
    loggerSeries: Array.isArray(raw.loggerSeries) ? raw.loggerSeries.map(String) : [],
  };
}

export async function getStation(stationId: string): Promise<Station | undefined> {
  return readStation(await get(stationPath(stationId)));
}

export function useStation(stationId: string | undefined) {
  return useSWR(stationId ? stationPath(stationId) : null, () => getStation(stationId as string));
}
