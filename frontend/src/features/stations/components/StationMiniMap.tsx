import 'maplibre-gl/dist/maplibre-gl.css';
import { Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { outlineStyle, showOutlines } from '../../../lib/maps/outlines';

setWorkerUrl(workerUrl);

/** A small offline-safe map (the built-in outlines, no tiles, no glyphs) with the station's point. */
export function StationMiniMap({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: element,
        style: outlineStyle(),
        center: [longitude, latitude],
        zoom: 6,
        attributionControl: false,
      });
    } catch {
      setFailed(true);
      return;
    }
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    map.getCanvas().setAttribute('aria-label', label);
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
    return () => map.remove();
  }, [latitude, longitude, label]);
  return failed ? null : <div ref={container} className="station-mini-map" data-testid="station-mini-map" data-painted="false" />;
}

export default StationMiniMap;
