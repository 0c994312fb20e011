import { describe, expect, it } from 'vitest';
import type { StationSet } from '../api/statistic';
import { abbreviate, clusterView, projectStations, stationsAtSpot, type ClusterProps, type ViewFeature } from './clusters';

/** A map answer's set (no texts: the map looks stations up by row) of the given points. */
function points(coordinates: [number, number][], types: string[] = [], value?: (number | null)[]): StationSet {
  return {
    length: coordinates.length, id: [], identifier: [], name: [], organizationId: [], monitoringLocationType: [], firstDate: [], lastDate: [],
    longitude: coordinates.map((c) => c[0]), latitude: coordinates.map((c) => c[1]),
    stationType: coordinates.map((_, i) => types[i] ?? 'Lake'), sampleCount: coordinates.map(() => 1),
    value, total: coordinates.length, totalSamples: coordinates.length,
  };
}

const clusters = (features: ViewFeature[]) => features.filter((f) => 'cluster' in f.properties).map((f) => f.properties as ClusterProps);
const singles = (features: ViewFeature[]) => features.filter((f) => !('cluster' in f.properties));
const US = { west: -125, south: 24, east: -66, north: 50 };

describe('the map clusters', () => {
  // 300 stations near Denver, 3 near Boston (close together), one alone in Texas.
  const denver = Array.from({ length: 300 }, (_, k): [number, number] => [-105 + (k % 20) * 0.001, 39.7 + Math.floor(k / 20) * 0.001]);
  const boston: [number, number][] = [[-71.06, 42.36], [-71.05, 42.35], [-71.07, 42.37]];
  const set = points([...denver, ...boston, [-99, 31], [NaN, NaN]], [], [
    ...denver.map((_, k) => (k < 100 ? 2 : null)), 1, 2, 3, 7.5, null,
  ]);
  const projected = projectStations(set, new Map([['Lake', 0]]));

  it('groups the stations of a country-wide view into clusters with their count, centre, extent and values', () => {
    const features = clusterView(projected, set, { ...US, zoom: 3 }).features;
    const found = clusters(features).sort((a, b) => b.point_count - a.point_count);
    expect(found.map((c) => c.point_count)).toEqual([300, 3]);
    expect(found[0]).toMatchObject({ point_count_abbreviated: '300', vs: 200, vn: 100 });
    expect(found[0].west).toBeCloseTo(-105, 6);
    expect(found[0].east).toBeCloseTo(-104.981, 6);
    expect(found[0].south).toBeCloseTo(39.7, 6);
    expect(found[0].north).toBeCloseTo(39.714, 6);
    expect(found[1]).toMatchObject({ vs: 6, vn: 3 });
    const centre = features.find((f) => (f.properties as ClusterProps).point_count === 3)!.geometry.coordinates;
    expect(centre[0]).toBeCloseTo(-71.06, 6);
    expect(centre[1]).toBeCloseTo(42.36, 2);
    // The lone station is its own point: its index, type colour and value, as the popups read them.
    expect(singles(features)).toEqual([{ type: 'Feature', geometry: { type: 'Point', coordinates: [-99, 31] }, properties: { i: 303, c: 0, v: 7.5 } }]);
  });

  it('shows every station in view as its own point past the clusters\' last zoom, and none far outside it', () => {
    const features = clusterView(projected, set, { west: -71.1, south: 42.3, east: -71.0, north: 42.4, zoom: 12 }).features;
    expect(clusters(features)).toEqual([]);
    expect(singles(features).map((f) => f.properties)).toEqual([{ i: 300, c: 0, v: 1 }, { i: 301, c: 0, v: 2 }, { i: 302, c: 0, v: 3 }]);
  });

  it('still clusters past that zoom when more stations are in view than the map is given at once', () => {
    const view = { west: -105.01, south: 39.69, east: -104.97, north: 39.72, zoom: 13 };
    expect(clusters(clusterView(projected, set, view, { radius: 45, maxZoom: 11, maxPoints: 100, margin: 0.5 }).features).length).toBeGreaterThan(0);
    expect(singles(clusterView(projected, set, view, { radius: 45, maxZoom: 11, maxPoints: 1000, margin: 0.5 }).features)).toHaveLength(300);
  });

  it('keeps a cluster as it was when the view pans (cells aligned to the world, not to the view)', () => {
    const denverCluster = (west: number) =>
      clusters(clusterView(projected, set, { west, south: 30, east: west + 30, north: 48, zoom: 5 }).features).find((c) => c.point_count === 300);
    expect(denverCluster(-115)).toBeDefined();
    expect(denverCluster(-110)).toEqual(denverCluster(-115));
  });

  it('leaves out stations without coordinates, and writes counts as supercluster did', () => {
    expect(projected.station.length).toBe(304);
    expect([abbreviate(999), abbreviate(1234), abbreviate(23_456)]).toEqual(['999', '1.2k', '23k']);
  });

  it("finds the stations at one station's very place, and a cluster of one place names one of them", () => {
    const spot = points([[-74.6228, 39.795], [-74.6, 39.795], [-74.6228, 39.795], [NaN, NaN], [-74.6228, 39.795]]);
    const at = projectStations(spot, new Map());
    expect(stationsAtSpot(at, spot, 2)).toEqual([0, 2, 4]);
    expect(stationsAtSpot(at, spot, 1)).toEqual([1]);
    const [cluster] = clusters(clusterView(at, spot, { west: -75, south: 39, east: -74, north: 40, zoom: 8 }).features);
    expect(cluster).toMatchObject({ point_count: 4 });
    const [one] = clusters(clusterView(at, spot, { west: -74.7, south: 39.7, east: -74.5, north: 39.9, zoom: 11 }).features);
    expect(one).toMatchObject({ point_count: 3, f: 0 });
    expect(one.east - one.west).toBe(0);
  });
});
