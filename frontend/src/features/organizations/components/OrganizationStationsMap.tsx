import 'maplibre-gl/dist/maplibre-gl.css';
import { LngLatBounds, Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { outlineStyle, showOutlines } from '../../../lib/maps/outlines';
import { useMapLabels } from '../../explorer/lib/mapLocale';
import type { Station } from '../api/types';

setWorkerUrl(workerUrl);

/** A small offline-safe map (the built-in outlines, no tiles) with an organization's stations as points. */
export function OrganizationStationsMap({ stations, label }: { stations: Station[]; label: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Its controls' labels and its name (`label`) in the interface's language, as the explorer's and the station's
  // maps: a new language relabels the same map, which keeps the user's pan and zoom.
  const labels = useMapLabels(label);
  useEffect(() => {
    const element = container.current;
    if (!element || stations.length === 0) return;
    const bounds = new LngLatBounds();
    for (const s of stations) bounds.extend([s.longitude, s.latitude]);
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: element,
        style: outlineStyle(),
        bounds,
        fitBoundsOptions: { padding: 40, maxZoom: 9 },
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
      map.addSource('stations', {
        type: 'geojson',
        data: {
          type: 'FeatureCollection',
          features: stations.map((s) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [s.longitude, s.latitude] } })),
        },
      });
      map.addLayer({
        id: 'stations',
        type: 'circle',
        source: 'stations',
        paint: { 'circle-radius': 6, 'circle-color': '#0b5f8a', 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 2 },
      });
      map.once('idle', () => (element.dataset.painted = 'true'));
    });
    return () => {
      unfollow();
      map.remove();
    };
  }, [stations, labels]);
  return failed ? null : <div ref={container} className="org-stations-map" data-testid="organization-stations-map" data-painted="false" />;
}

export default OrganizationStationsMap;
