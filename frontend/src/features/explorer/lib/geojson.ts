import type { StationDetails } from '../api/stationsAt';
import type { StationSet } from '../api/statistic';

/**
 * The map's GeoJSON: one point per station with the fewest properties that drawing needs (its
 * index `i`, type colour index `c`, value `v`); popups read the rest from the StationSet by index.
 */
export interface StationFeatureProps {
  i: number;
  c: number;
  v?: number;
}

export interface PointFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: StationFeatureProps;
}

export interface PointCollection {
  type: 'FeatureCollection';
  features: PointFeature[];
}

/** The selected stations' points (the highlight layer). */
export function selectionFeatures(stations: StationDetails[]): PointCollection {
  return {
    type: 'FeatureCollection',
    features: stations
      .filter((s) => Number.isFinite(s.latitude) && Number.isFinite(s.longitude))
      .map((s, i) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] }, properties: { i, c: -1 } })),
  };
}

export function stationFeatures(stations: StationSet, typeIndex: Map<string, number>, indices?: number[]) {
  const features: PointFeature[] = [];
  const each = (i: number) => {
    const lng = stations.longitude[i];
    const lat = stations.latitude[i];
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) return;
    const props: StationFeatureProps = { i, c: typeIndex.get(stations.stationType[i]) ?? -1 };
    const value = stations.value?.[i];
    if (value !== null && value !== undefined) props.v = value;
    features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties: props });
  };
  if (indices) indices.forEach(each);
  else for (let i = 0; i < stations.length; i++) each(i);
  const collection: PointCollection = { type: 'FeatureCollection', features };
  return collection;
}

/** [west, south, east, north] of the stations with coordinates, or null when there are none. */
export function boundsOf(stations: StationSet): [number, number, number, number] | null {
  let w = Infinity, s = Infinity, e = -Infinity, n = -Infinity;
  for (let i = 0; i < stations.length; i++) {
    const lng = stations.longitude[i];
    const lat = stations.latitude[i];
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) continue;
    if (lng < w) w = lng;
    if (lng > e) e = lng;
    if (lat < s) s = lat;
    if (lat > n) n = lat;
  }
  return Number.isFinite(w) ? [w, s, e, n] : null;
}
