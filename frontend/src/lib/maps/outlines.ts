/**
 * The offline-safe basemap: land, country borders and US state lines from the world-atlas and
 * us-atlas packages (Natural Earth / US Census data), served as assets of this app, so a map with no
 * map service configured still shows where things are, without calling any third party.
 * Loaded with the map chunk only.
 */
import type { FeatureCollection, Geometry } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap, StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesUrl from 'us-atlas/states-10m.json?url';
import countriesUrl from 'world-atlas/countries-110m.json?url';

export const WATER_COLOR = '#dce9f1';
const LAND_COLOR = '#f7f7f2';
const BORDER_COLOR = '#a7b3bd';
const STATE_COLOR = '#c3cdd5';

type Outlines = Record<'land' | 'borders' | 'states', FeatureCollection<Geometry>>;

const EMPTY: FeatureCollection<Geometry> = { type: 'FeatureCollection', features: [] };

/** A style with a water background and (still empty) outline layers; `showOutlines` fills them. */
export function outlineStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: EMPTY },
      borders: { type: 'geojson', data: EMPTY },
      states: { type: 'geojson', data: EMPTY },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': WATER_COLOR } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': LAND_COLOR } },
      { id: 'states', type: 'line', source: 'states', paint: { 'line-color': STATE_COLOR, 'line-width': 0.7 } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': BORDER_COLOR, 'line-width': 1 } },
    ],
  };
}

let outlines: Promise<Outlines> | null = null;

async function fetchTopology(url: string): Promise<Topology> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as Topology;
}

function loadOutlines(): Promise<Outlines> {
  outlines ??= Promise.all([fetchTopology(countriesUrl), fetchTopology(statesUrl)]).then(([world, us]) => {
    const countries = world.objects.countries as GeometryCollection;
    const states = us.objects.states as GeometryCollection;
    const collection = (geometry: Geometry): FeatureCollection<Geometry> => ({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', properties: {}, geometry }],
    });
    return {
      land: feature(world, countries) as FeatureCollection<Geometry>,
      borders: collection(mesh(world, countries, (a, b) => a !== b)),
      states: collection(mesh(us, states, (a, b) => a !== b)),
    };
  });
  outlines.catch(() => {
    outlines = null; // try again on the next map
  });
  return outlines;
}

/** Fill the outline layers of a map made with `outlineStyle()`; a failure leaves the plain background. */
export async function showOutlines(map: MapLibreMap): Promise<void> {
  try {
    const data = await loadOutlines();
    for (const name of ['land', 'borders', 'states'] as const) {
      map.getSource<GeoJSONSource>(name)?.setData(data[name]);
    }
  } catch (error) {
    console.warn('The map outlines could not be loaded.', error);
  }
}
