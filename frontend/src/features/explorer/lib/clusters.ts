import type { StationSet } from '../api/statistic';
import type { StationFeatureProps } from './geojson';

/**
 * The map's clusters, made here from typed arrays instead of by maplibre's clustered GeoJSON source:
 * at 1,000,000 stations one feature object per station, its copy to maplibre's worker and supercluster's
 * index over all of them cost seconds and most of a gigabyte (decision 0013). Here the stations are
 * projected once per result into Web Mercator arrays; each view then bins the stations inside it (plus a
 * margin) into a grid of `radius`-pixel cells aligned to the world, so a pan keeps the cells where they
 * were. maplibre gets only the view's cells: a cluster (count, centre, extent, value sum) for a cell of
 * several stations, the station's own point for a cell of one.
 */

/** The stations with coordinates, in Web Mercator units ([0, 1] across the world), made once per result. */
export interface ProjectedStations {
  /** Index in the StationSet of each projected point. */
  station: Int32Array;
  x: Float64Array;
  y: Float64Array;
  /** Type colour index of each point (-1: another type), aligned with `station`. */
  typeCode: Int16Array;
}

export interface View {
  west: number;
  south: number;
  east: number;
  north: number;
  zoom: number;
}

export interface ClusterOptions {
  /** Cell size in pixels (maplibre's clusterRadius). */
  radius: number;
  /** Above this zoom stations are not clustered (unless more than `maxPoints` are in view). */
  maxZoom: number;
  /** Most single points given to the map at once. */
  maxPoints: number;
  /** Extra margin around the view, as a fraction of its size, so short pans find their cells ready. */
  margin: number;
}

export const DEFAULT_CLUSTER_OPTIONS: ClusterOptions = { radius: 45, maxZoom: 11, maxPoints: 20_000, margin: 0.5 };
// maplibre's tiles are 512 pixels: the world is 512 * 2^zoom pixels wide.
const WORLD_PIXELS = 512;

export interface ClusterProps {
  cluster: true;
  point_count: number;
  point_count_abbreviated: string;
  /** Sum and number of the values of the cluster's stations (colour by value). */
  vs: number;
  vn: number;
  /** One of the cluster's stations (its index in the StationSet): a cluster of one spot lists those at its place. */
  f: number;
  /** The extent of the cluster's stations: a click zooms to it. */
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface ViewFeature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: ClusterProps | StationFeatureProps;
}

export interface ViewFeatures {
  type: 'FeatureCollection';
  features: ViewFeature[];
}

const mercatorX = (lng: number) => (lng + 180) / 360;
const mercatorY = (lat: number) => {
  const clamped = Math.max(-85.05112878, Math.min(85.05112878, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
};
const longitude = (x: number) => x * 360 - 180;
const latitude = (y: number) => (360 / Math.PI) * Math.atan(Math.exp((1 - 2 * y) * Math.PI)) - 90;

/** The stations with coordinates projected, with their type colour index (`typeIndex`: type → index). */
export function projectStations(stations: StationSet, typeIndex: Map<string, number>): ProjectedStations {
  const n = stations.length;
  const station = new Int32Array(n);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const typeCode = new Int16Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const lng = stations.longitude[i];
    const lat = stations.latitude[i];
    if (!Number.isFinite(lng) || !Number.isFinite(lat)) continue;
    station[kept] = i;
    x[kept] = mercatorX(lng);
    y[kept] = mercatorY(lat);
    typeCode[kept] = typeIndex.get(stations.stationType[i]) ?? -1;
    kept += 1;
  }
  return { station: station.subarray(0, kept), x: x.subarray(0, kept), y: y.subarray(0, kept), typeCode: typeCode.subarray(0, kept) };
}

/** The stations at the very place of station `i` (its index in the StationSet), itself among them, in their
 * order: stations at one spot draw as one dot, so its popup lists them all. */
export function stationsAtSpot(points: ProjectedStations, stations: StationSet, i: number): number[] {
  const px = mercatorX(stations.longitude[i]);
  const py = mercatorY(stations.latitude[i]);
  const found: number[] = [];
  for (let k = 0; k < points.x.length; k++) if (points.x[k] === px && points.y[k] === py) found.push(points.station[k]);
  return found.length ? found : [i];
}

/** The stations of a set standing at a place (its very coordinates, as the set gives them), in their order: a spot
 * of another set of the same results found again here, where its stations' rows and indices may differ. */
export function stationsStandingAt(stations: StationSet, [lng, lat]: [number, number]): number[] {
  const found: number[] = [];
  for (let i = 0; i < stations.length; i++) if (stations.longitude[i] === lng && stations.latitude[i] === lat) found.push(i);
  return found;
}

/** Like supercluster's: 1234 → "1.2k", 23456 → "23k". */
export function abbreviate(count: number): string {
  if (count >= 10_000) return `${Math.round(count / 1000)}k`;
  if (count >= 1000) return `${Math.round(count / 100) / 10}k`;
  return String(count);
}

function pointFeature(points: ProjectedStations, k: number, stations: StationSet): ViewFeature {
  const i = points.station[k];
  const props: StationFeatureProps = { i, c: points.typeCode[k] };
  const value = stations.value?.[i];
  if (value !== null && value !== undefined) props.v = value;
  return { type: 'Feature', geometry: { type: 'Point', coordinates: [stations.longitude[i], stations.latitude[i]] }, properties: props };
}

/** The features of a view: clusters and single stations inside it (and its margin). */
export function clusterView(
  points: ProjectedStations,
  stations: StationSet,
  view: View,
  options: ClusterOptions = DEFAULT_CLUSTER_OPTIONS,
): ViewFeatures {
  // The view in Mercator units with its margin; a view across the antimeridian takes the whole width.
  let x0 = mercatorX(view.west);
  let x1 = mercatorX(view.east);
  let y0 = mercatorY(view.north);
  let y1 = mercatorY(view.south);
  const mx = (x1 - x0) * options.margin;
  const my = (y1 - y0) * options.margin;
  x0 -= mx;
  x1 += mx;
  y0 = Math.max(0, y0 - my);
  y1 = Math.min(1, y1 + my);
  if (x0 < 0 || x1 > 1) {
    x0 = 0;
    x1 = 1;
  }
  const { x, y } = points;
  const n = x.length;
  const zoom = Math.floor(view.zoom);

  if (view.zoom > options.maxZoom) {
    const inside: number[] = [];
    for (let k = 0; k < n && inside.length <= options.maxPoints; k++) {
      if (x[k] >= x0 && x[k] <= x1 && y[k] >= y0 && y[k] <= y1) inside.push(k);
    }
    if (inside.length <= options.maxPoints) {
      return { type: 'FeatureCollection', features: inside.map((k) => pointFeature(points, k, stations)) };
    }
  }

  // Cells aligned to the world grid of this zoom: a cell keeps its stations as the view pans.
  const cell = options.radius / (WORLD_PIXELS * 2 ** zoom);
  const firstCol = Math.floor(x0 / cell);
  const firstRow = Math.floor(y0 / cell);
  const cols = Math.floor(x1 / cell) - firstCol + 1;
  const rows = Math.floor(y1 / cell) - firstRow + 1;
  const cells = cols * rows;
  const count = new Int32Array(cells);
  const first = new Int32Array(cells);
  const sumX = new Float64Array(cells);
  const sumY = new Float64Array(cells);
  const minX = new Float64Array(cells).fill(Infinity);
  const maxX = new Float64Array(cells).fill(-Infinity);
  const minY = new Float64Array(cells).fill(Infinity);
  const maxY = new Float64Array(cells).fill(-Infinity);
  const valueSum = new Float64Array(cells);
  const valueCount = new Int32Array(cells);
  const values = stations.value;
  for (let k = 0; k < n; k++) {
    const px = x[k];
    const py = y[k];
    if (px < x0 || px > x1 || py < y0 || py > y1) continue;
    const c = (Math.floor(py / cell) - firstRow) * cols + (Math.floor(px / cell) - firstCol);
    if (count[c] === 0) first[c] = k;
    count[c] += 1;
    sumX[c] += px;
    sumY[c] += py;
    if (px < minX[c]) minX[c] = px;
    if (px > maxX[c]) maxX[c] = px;
    if (py < minY[c]) minY[c] = py;
    if (py > maxY[c]) maxY[c] = py;
    if (values) {
      const v = values[points.station[k]];
      if (v !== null && v !== undefined) {
        valueSum[c] += v;
        valueCount[c] += 1;
      }
    }
  }
  const features: ViewFeature[] = [];
  for (let c = 0; c < cells; c++) {
    const size = count[c];
    if (size === 0) continue;
    if (size === 1) {
      features.push(pointFeature(points, first[c], stations));
      continue;
    }
    features.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [longitude(sumX[c] / size), latitude(sumY[c] / size)] },
      properties: {
        cluster: true,
        point_count: size,
        point_count_abbreviated: abbreviate(size),
        vs: valueSum[c],
        vn: valueCount[c],
        f: points.station[first[c]],
        west: longitude(minX[c]),
        east: longitude(maxX[c]),
        north: latitude(minY[c]),
        south: latitude(maxY[c]),
      },
    });
  }
  return { type: 'FeatureCollection', features };
}
