import type { StationDetails } from '../api/stationsAt';
import type { StationSet } from '../api/statistic';

/**
 * A station's point on the map has the fewest properties that drawing needs (its index `i`, type
 * colour index `c`, value `v`); popups read the rest from the StationSet by index (lib/clusters).
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
