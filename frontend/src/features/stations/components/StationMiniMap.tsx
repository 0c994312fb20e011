import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { outlineStyle, showOutlines } from '../../../lib/maps/outlines';
import { useMapLabels } from '../../explorer/lib/mapLocale';

setWorkerUrl(workerUrl);

/** The station with the land around it: the built-in outlines hold only coasts and state lines, so closer, a
 * station inland would stand on blank land with nothing to place it. */
const MINI_MAP_ZOOM = 5;

/** A small offline-safe map (the built-in outlines, no tiles, no glyphs) with the station's point. */
export function StationMiniMap({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Its controls' labels and its name (`label`) in the interface's language: a new language relabels the same map,
  // which keeps the user's pan and zoom.
  const labels = useMapLabels(label);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: element,
        style: outlineStyle(),
        center: [longitude, latitude],
        zoom: MINI_MAP_ZOOM,
        attributionControl: false,
        locale: labels.current(),
      });
    } catch {
      setFailed(true);
      return;
    }
    const controls = [new NavigationControl({ showCompass: false })];
    // Top right, maplibre's place for them, where a new language adds them again (relabelMap).
    for (const control of controls) map.addControl(control);
    const unfollow = labels.follow(map, controls);
    map.on('load', () => {
      void showOutlines(map);
      map.addSource('station', { type: 'geojson', data: { type: 'Point', coordinates: [longitude, latitude] } });
      map.addLayer({
        id: 'station',
        type: 'circle',
        source: 'station',
        paint: { 'circle-radius': 8, 'circle-color': '#d62728', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      });
      // 'idle': the outlines and the point are drawn (what tests and screenshots wait for).
      map.once('idle', () => (element.dataset.painted = 'true'));
    });
    return () => {
      unfollow();
      map.remove();
    };
  }, [latitude, longitude, labels]);
  return failed ? null : <div ref={container} className="station-mini-map" data-testid="station-mini-map" data-painted="false" />;
}

export default StationMiniMap;
