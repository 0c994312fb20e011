import type { Map as MapLibreMap, MapGeoJSONFeature } from 'maplibre-gl';

/** How far (pixels) from the map's centre a point is taken by the keyboard: about a fingertip. */
export const KEYBOARD_REACH_PX = 24;

/**
 * The feature of `layers` drawn nearest the map's centre, within KEYBOARD_REACH_PX: what Enter opens for someone
 * who moves the map with the arrow keys (a cross marks the centre while the map has the keyboard's focus) rather
 * than pointing at it. Undefined when none is that close.
 */
export function nearestToCentre(map: MapLibreMap, layers: string[]): MapGeoJSONFeature | undefined {
  const centre = map.project(map.getCenter());
  const reach = KEYBOARD_REACH_PX;
  const found = map.queryRenderedFeatures(
    [
      [centre.x - reach, centre.y - reach],
      [centre.x + reach, centre.y + reach],
    ],
    { layers },
  );
  let nearest: MapGeoJSONFeature | undefined;
  let best = reach;
  for (const feature of found) {
    const [lng, lat] = (feature.geometry as unknown as { coordinates: [number, number] }).coordinates;
    const at = map.project([lng, lat]);
    const distance = Math.hypot(at.x - centre.x, at.y - centre.y);
    if (distance <= best) {
      best = distance;
      nearest = feature;
    }
  }
  return nearest;
}
