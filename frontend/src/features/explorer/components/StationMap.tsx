import 'maplibre-gl/dist/maplibre-gl.css';
import {
  AttributionControl,
  GeoJSONSource,
  Map as MapLibreMap,
  NavigationControl,
  Popup,
  setWorkerUrl,
  type ExpressionSpecification,
  type IControl,
  type MapGeoJSONFeature,
  type StyleSpecification,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapService } from '../api/mapService';
import { detailsAt, type StationSet } from '../api/statistic';
import { getStationsAt, isSnapshotGone, type StationDetails } from '../api/stationsAt';
import { NO_VALUE_COLOR, OTHER_COLOR, rampStops, type TypeLegendEntry } from '../lib/colors';
import { outlineStyle, showOutlines, WATER_COLOR } from '../../../lib/maps/outlines';
import {
  clusterView,
  DEFAULT_CLUSTER_OPTIONS,
  projectStations,
  stationsAtSpot,
  stationsStandingAt,
  type ClusterProps,
  type ProjectedStations,
} from '../lib/clusters';
import { boundsOf, selectionFeatures } from '../lib/geojson';
import { nearestToCentre } from '../lib/keyboardPick';
import { useMapLabels } from '../lib/mapLocale';
import { stationPopup, type PopupLabels } from '../lib/popup';
import { toast } from '../../../shell/toast';

setWorkerUrl(workerUrl);

const SOURCE = 'stations';
const SELECTED_SOURCE = 'stations-selected';
const CLUSTER_COLOR = '#0b5f8a';
/** Most stations a popup lists of one spot (the first of them; it says how many there are). */
const MAX_LISTED = 50;

/**
 * How close the view comes when it fits the stations: a basemap with detail of its own (tiles, a style) shows
 * streets at 12; the built-in outlines hold only coasts and state lines, and closer than 7 one station (or a few
 * close together) would stand on blank land with nothing around to place it.
 */
function fitMaxZoom(service: MapService): number {
  return service.styleUrl || service.tiles.length ? 12 : 7;
}

/** The configured basemap: a style URL, raster tiles, or (none configured) the built-in outlines. */
export function mapStyle(service: MapService): StyleSpecification | string {
  if (service.styleUrl) return service.styleUrl;
  if (!service.tiles.length) return outlineStyle();
  return {
    version: 8,
    sources: {
      basemap: { type: 'raster', tiles: service.tiles, tileSize: 256, attribution: service.attribution ?? undefined },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': WATER_COLOR } },
      { id: 'basemap', type: 'raster', source: 'basemap' },
    ],
  };
}

/** A colour on the value ramp over `range` for a numeric expression. */
function ramp(value: unknown, range: [number, number]): unknown[] {
  const stops = rampStops(range);
  return stops.length === 2 ? ['literal', stops[1]] : ['interpolate', ['linear'], value, ...stops];
}

function colorExpression(legend: TypeLegendEntry[], range: [number, number] | null): ExpressionSpecification | string {
  if (range) {
    return ['case', ['has', 'v'], ramp(['get', 'v'], range), NO_VALUE_COLOR] as unknown as ExpressionSpecification;
  }
  if (!legend.length) return OTHER_COLOR;
  // A point's `c` is its type's place in the legend, which gives the type's own colour.
  const cases = legend.flatMap((entry, k) => [k, entry.color]);
  return ['match', ['get', 'c'], ...cases, OTHER_COLOR] as unknown as ExpressionSpecification;
}

/** Clusters: one colour by type; by value, the mean of their stations' values (grey: none has one). */
function clusterColor(range: [number, number] | null): ExpressionSpecification | string {
  if (!range) return CLUSTER_COLOR;
  return ['case', ['>', ['get', 'vn'], 0], ramp(['/', ['get', 'vs'], ['get', 'vn']], range), NO_VALUE_COLOR] as unknown as ExpressionSpecification;
}

export interface StationMapProps {
  /** Undefined while the stations load: the map is made meanwhile, so the points follow as soon as they come. */
  stations: StationSet | undefined;
  legend: TypeLegendEntry[];
  /** Colour by value over this range (the legend's); null: by station type. */
  valueRange: [number, number] | null;
  selected: StationDetails[];
  onToggle: (station: StationDetails) => void;
  mapService: MapService;
  /** Opens a station's page (a popup's link): the caller's navigation, which carries the explorer's address. */
  onOpenStation?: (id: string) => void;
  /** Organization names by id, for the popups. */
  organizationNames?: Map<string, string>;
  /** Asks for the stations again, resolving with the new set: a popup's lookup found their snapshot rebuilt since
   * (stations created, an import ended), so the map takes the current one. */
  reloadStations?: () => Promise<StationSet | undefined>;
}

/** The stations at indices of the set: from the set itself (row form), or looked up by their snapshot rows.
 * Undefined: that snapshot was rebuilt since, and its rows may name other stations now (isSnapshotGone). */
async function stationsOf(stations: StationSet, indices: number[]): Promise<StationDetails[] | undefined> {
  if (!indices.length) return [];
  if (stations.id[indices[0]]) return indices.map((i) => detailsAt(stations, i));
  const { row, snapshot } = stations;
  if (!row || snapshot === undefined || !Number.isFinite(snapshot)) return [];
  try {
    const found = await getStationsAt(snapshot, indices.map((i) => row[i]));
    return found.filter((station): station is StationDetails => station !== undefined);
  } catch (error) {
    if (isSnapshotGone(error)) return undefined;
    throw error;
  }
}

/** A spot's stations as a popup lists them (at most MAX_LISTED), and how many stand there. */
interface SpotStations {
  stations: StationDetails[];
  count: number;
}

/** A cluster of stations at one place: no zoom parts them. */
const oneSpot = ({ west, south, east, north }: ClusterProps) => east - west < 1e-9 && north - south < 1e-9;

/** The explorer's map: clustered station points coloured by type or value, popups, fit to results. */
export function StationMap({ stations, legend, valueRange: range, selected, onToggle, mapService, onOpenStation, organizationNames, reloadStations }: StationMapProps) {
  const { t } = useTranslation();
  const mapLabels = useMapLabels(t('explorer.map.label'));
  const container = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const mapRef = useRef<MapLibreMap | null>(null);
  // The map whose style has loaded (its 'load'): only then may its sources, layers and paint be touched. It is
  // the map itself, not a flag, so a map made again (another basemap) is not taken as loaded for the old one's.
  const [loadedMap, setLoadedMap] = useState<MapLibreMap | null>(null);
  /** The current map if it has loaded; null while a new one loads (the effects wait for it, as they depend on loadedMap). */
  const loaded = () => (loadedMap && loadedMap === mapRef.current ? loadedMap : null);
  const [failure, setFailure] = useState<string | null>(null);
  // What handlers read; refs so the map's listeners, bound once, always see the latest.
  const live = useRef({ selected, onToggle, t, onOpenStation, organizationNames, reloadStations });
  live.current = { selected, onToggle, t, onOpenStation, organizationNames, reloadStations };
  /** The stations the view was last fitted to, on which map: only new results move the view (not a new legend). */
  const fitted = useRef<{ map: MapLibreMap; stations: StationSet } | null>(null);
  /** The set last asked for again (a lookup found its snapshot rebuilt): the set replacing it is the same results
   * from the current snapshot, which keeps the user's view rather than being fitted as new results. */
  const reloadedFrom = useRef<StationSet | null>(null);
  /** A popup link's click: to whoever opens stations now (the handlers are bound once); none, the link's own. */
  const openStation = () => (live.current.onOpenStation ? (id: string) => live.current.onOpenStation?.(id) : undefined);

  const typeIndex = useMemo(() => new Map(legend.map((entry, k) => [entry.type, k])), [legend]);
  // The stations projected once per result; each view's clusters are made from these (lib/clusters).
  const projected = useMemo(() => (stations ? projectStations(stations, typeIndex) : undefined), [stations, typeIndex]);
  const shown = useRef<{ points?: ProjectedStations; stations?: StationSet; view?: string }>({});

  /** The current view's clusters given to the map, unless they are given already. */
  const showView = (map: MapLibreMap) => {
    const { points, stations: set } = shown.current;
    if (!points || !set) return;
    const bounds = map.getBounds();
    const view = { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth(), zoom: map.getZoom() };
    const key = JSON.stringify(view);
    if (shown.current.view === key) return;
    shown.current.view = key;
    map.getSource<GeoJSONSource>(SOURCE)?.setData(clusterView(points, set, view));
  };

  // Create the map once (again for another basemap only: a new language relabels it, useMapLabels).
  useEffect(() => {
    if (!container.current) return;
    let map: MapLibreMap;
    try {
      map = new MapLibreMap({
        container: container.current,
        style: mapStyle(mapService),
        center: [-96, 38],
        zoom: 3,
        // Its controls' labels, popups' close buttons and the canvas's name, in the interface's language.
        locale: mapLabels.current(),
        // Added below with the other controls, so that a new language can add it again (useMapLabels).
        attributionControl: false,
        transformRequest: mapService.accessToken
          ? (url) => ({ url: url.includes('?') ? `${url}&access_token=${mapService.accessToken}` : `${url}?access_token=${mapService.accessToken}` })
          : undefined,
      });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      return;
    }
    mapRef.current = map;
    const controls: IControl[] = [new NavigationControl({ showCompass: false })];
    if (mapService.attribution || mapService.styleUrl) controls.push(new AttributionControl({ compact: true }));
    for (const control of controls) map.addControl(control);

    // This map's own: its 'moveend' may come before its style has loaded.
    let styleLoaded = false;
    map.on('load', () => {
      styleLoaded = true;
      if (!mapService.styleUrl && !mapService.tiles.length) void showOutlines(map);
      // The view's clusters and single stations only (lib/clusters), remade when the view moves.
      map.addSource(SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addSource(SELECTED_SOURCE, { type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
      map.addLayer({
        id: 'clusters',
        type: 'circle',
        source: SOURCE,
        filter: ['has', 'point_count'],
        paint: {
          'circle-color': CLUSTER_COLOR,
          'circle-opacity': 0.75,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1.5,
          'circle-radius': ['step', ['get', 'point_count'], 10, 20, 14, 200, 19, 2000, 25, 20000, 32],
        },
      });
      map.addLayer({
        id: 'stations-points',
        type: 'circle',
        source: SOURCE,
        filter: ['!', ['has', 'point_count']],
        paint: {
          'circle-color': OTHER_COLOR,
          'circle-radius': 6,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 1,
        },
      });
      map.addLayer({
        id: 'stations-selected',
        type: 'circle',
        source: SELECTED_SOURCE,
        paint: { 'circle-radius': 9, 'circle-color': 'rgba(0,0,0,0)', 'circle-stroke-color': '#111111', 'circle-stroke-width': 3 },
      });
      // Cluster sizes as text only when the basemap style brings its own glyphs (never fetched otherwise).
      if (map.getStyle().glyphs) {
        map.addLayer({
          id: 'cluster-count',
          type: 'symbol',
          source: SOURCE,
          filter: ['has', 'point_count'],
          layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-size': 12 },
          paint: { 'text-color': '#ffffff' },
        });
      }
      setLoadedMap(map);
    });

    const hover = new Popup({ closeButton: false, closeOnClick: false, offset: 10, className: 'station-hover' });
    let pinned: Popup | null = null;
    let hoverToken = 0;
    const labels = (): PopupLabels => {
      const tr = live.current.t;
      return {
        identifier: tr('explorer.map.identifier'),
        organization: tr('explorer.map.organization'),
        lastSample: tr('explorer.map.lastSample'),
        samples: tr('explorer.map.samples'),
        loggerSeries: tr('explorer.map.loggerSeries'),
        open: tr('explorer.map.openStation'),
        stationOf: (name, organization) => tr('explorer.map.stationOf', { name, organization }),
        openStation: (station) => tr('explorer.map.openStationOf', { station }),
        selected: tr('explorer.map.selected'),
        selectStation: (station) => tr('explorer.map.selectStation', { station }),
        none: tr('explorer.map.none'),
      };
    };
    const indexOf = (feature: MapGeoJSONFeature | undefined) => (feature ? Number(feature.properties?.i) : NaN);
    const pointOf = (feature: MapGeoJSONFeature) => (feature.geometry as unknown as { coordinates: [number, number] }).coordinates;
    /** The stations at station i's place: several draw as one dot, so they are listed together. */
    const spotOf = (i: number) => {
      const { points, stations: set } = shown.current;
      return points && set ? stationsAtSpot(points, set, i) : [i];
    };
    const text = (content: string) => {
      const element = document.createElement('div');
      element.textContent = content;
      return element;
    };
    const showHover = (feature: MapGeoJSONFeature, content: HTMLElement) => {
      map.getCanvas().style.cursor = 'pointer';
      hover.setLngLat(pointOf(feature)).setDOMContent(content).addTo(map);
    };
    const hideHover = () => {
      map.getCanvas().style.cursor = '';
      hover.remove();
      hoverToken += 1;
    };
    // What the keyboard's Enter did (or why a pick opened nothing), said in the page's polite live region (the
    // toasts). A new notice replaces the last one: pressed a few times, they would pile up over the map.
    let notice: number | undefined;
    const say = (message?: string) => {
      if (notice !== undefined) toast.dismiss(notice);
      notice = message === undefined ? undefined : toast.info(message);
    };
    /** The set a lookup found outdated, asked for again once however many lookups find so (a hover, then a click):
     * the set of the current snapshot, or undefined when none came (an error, or the same snapshot again). */
    let reloading: { stale: StationSet; current: Promise<StationSet | undefined> } | undefined;
    const reloaded = (stale: StationSet) => {
      if (reloading?.stale !== stale) {
        reloadedFrom.current = stale;
        const current = Promise.resolve(live.current.reloadStations?.())
          .catch(() => undefined)
          .then((set) => {
            if (set && set.snapshot !== stale.snapshot) return set;
            // Nothing new replaces it: the next results are new ones, fitted as ever.
            if (reloadedFrom.current === stale) reloadedFrom.current = null;
            return undefined;
          });
        reloading = { stale, current };
      }
      return reloading.current;
    };
    /**
     * The stations of a spot (indices of the shown set, all at one place). Their snapshot rebuilt since, the map's
     * stations are asked for again, and the spot's are those standing at the same place in the new set: what a pick
     * on the redrawn map lists (the rows, which differ, cannot tell them). Undefined: not found so (none stands there
     * now, no new set came, or it was rebuilt again), and the user is to pick again.
     */
    const lookUp = async (spot: number[]): Promise<SpotStations | undefined> => {
      const set = shown.current.stations;
      if (!set) return { stations: [], count: 0 };
      const found = await stationsOf(set, spot.slice(0, MAX_LISTED));
      if (found) return { stations: found, count: spot.length };
      const current = await reloaded(set);
      if (!current) return undefined;
      const again = stationsStandingAt(current, [set.longitude[spot[0]], set.latitude[spot[0]]]);
      const foundAgain = again.length ? await stationsOf(current, again.slice(0, MAX_LISTED)) : undefined;
      return foundAgain?.length ? { stations: foundAgain, count: again.length } : undefined;
    };
    /**
     * A click's popup, pinned: the stations of a spot (at most MAX_LISTED), each with its selection box. Opened from
     * the keyboard (`byKeyboard`), the focus goes into it, and Escape closes it and gives the focus back to the map.
     */
    const pin = (feature: MapGeoJSONFeature, spot: number[], byKeyboard = false) => {
      hideHover();
      pinned?.remove();
      const popup = new Popup({ offset: 10, className: 'station-pinned' }).setLngLat(pointOf(feature));
      pinned = popup;
      void lookUp(spot).then((result) => {
        if (pinned !== popup) return;
        const tr = live.current.t;
        // Not opened, and the map redrawn meanwhile: said, or nothing would seem to happen.
        if (!result) say(tr('explorer.map.changedPickAgain'));
        if (!result?.stations.length) return;
        const { stations: found, count } = result;
        const listed = Math.min(count, MAX_LISTED);
        const heading = count === 1 ? undefined : count > listed ? tr('explorer.map.atSpotListed', { count, shown: listed }) : tr('explorer.map.atSpot', { count });
        const selection = {
          isSelected: (station: StationDetails) => live.current.selected.some((s) => s.id === station.id),
          onToggle: (station: StationDetails) => live.current.onToggle(station),
        };
        const content = stationPopup(found, labels(), { heading, selection, organizationNames: live.current.organizationNames, onOpen: openStation() });
        popup.setDOMContent(content).addTo(map);
        if (!byKeyboard) return;
        // Escape anywhere in it (its close button too) closes it. Closed with the focus in it (Escape, its close
        // button), the focus goes back to the map, not to the top of the page.
        const element = popup.getElement();
        element.addEventListener('keydown', (event) => {
          if (event.key !== 'Escape') return;
          event.stopPropagation();
          popup.remove();
        });
        popup.on('close', () => {
          const focus = document.activeElement;
          if (!focus || focus === document.body || element.contains(focus)) map.getCanvas().focus();
        });
        content.querySelector<HTMLElement>('a, button, input')?.focus();
      });
    };

    map.on('mouseenter', 'stations-points', (event) => {
      const feature = event.features?.[0];
      const i = indexOf(feature);
      if (!feature || Number.isNaN(i)) return;
      const spot = spotOf(i);
      if (spot.length > 1) {
        showHover(feature, text(live.current.t('explorer.map.atSpotHover', { count: spot.length })));
        return;
      }
      showHover(feature, text(live.current.t('common.loading')));
      const token = (hoverToken += 1);
      void lookUp(spot).then((result) => {
        if (token !== hoverToken || !hover.isOpen()) return;
        // Not found in the stations that changed meanwhile: the map is redrawn, and no longer "Loading" here.
        if (!result) hideHover();
        else if (result.stations.length) hover.setDOMContent(stationPopup(result.stations, labels(), { organizationNames: live.current.organizationNames, onOpen: openStation() }));
      });
    });
    map.on('mouseleave', 'stations-points', hideHover);
    map.on('click', 'stations-points', (event) => {
      const feature = event.features?.[0];
      const i = indexOf(feature);
      if (feature && !Number.isNaN(i)) pin(feature, spotOf(i));
    });
    map.on('mouseenter', 'clusters', (event) => {
      const feature = event.features?.[0];
      if (!feature) return;
      const props = feature.properties as ClusterProps;
      const count = Number(props.point_count);
      showHover(feature, text(live.current.t(oneSpot(props) ? 'explorer.map.atSpotHover' : 'explorer.map.cluster', { count })));
    });
    map.on('mouseleave', 'clusters', hideHover);
    // A cluster's click zooms to its stations' extent; a cluster of one place, which no zoom parts, lists them.
    const openCluster = (feature: MapGeoJSONFeature, byKeyboard = false) => {
      const props = feature.properties as ClusterProps;
      const { west, south, east, north } = props;
      if (oneSpot(props)) {
        pin(feature, spotOf(Number(props.f)), byKeyboard);
        return;
      }
      map.fitBounds([[west, south], [east, north]], { padding: 60, maxZoom: DEFAULT_CLUSTER_OPTIONS.maxZoom + 1 });
      // Seen, the map moves; from the keyboard (perhaps not seen), it is said.
      if (byKeyboard) say(live.current.t('explorer.map.zoomedIn', { count: Number(props.point_count) }));
    };
    map.on('click', 'clusters', (event) => {
      const feature = event.features?.[0];
      if (feature) openCluster(feature);
    });
    // The keyboard's click: Enter (or Space) on the map opens what is drawn at the cross in its centre (the arrow
    // keys move the map, + and - zoom: maplibre's own keys). The last notice goes: it no longer holds.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      say();
      const feature = nearestToCentre(map, ['clusters', 'stations-points']);
      if (!feature) say(live.current.t('explorer.map.nothingAtCentre'));
      else if (feature.layer.id === 'clusters') openCluster(feature, true);
      else if (!Number.isNaN(indexOf(feature))) pin(feature, spotOf(indexOf(feature)), true);
    };
    map.getCanvas().addEventListener('keydown', onKey);
    // What the keys do, read with the canvas's name (the same words show with the cross: data-hint).
    const hint = document.createElement('span');
    hint.id = hintId;
    hint.className = 'visually-hidden';
    hint.textContent = live.current.t('explorer.map.keyboardHint');
    container.current.appendChild(hint);
    map.getCanvas().setAttribute('aria-describedby', hintId);
    // The view moves under a still mouse (a cluster's zoom, a fit): what it hovered is no longer there.
    map.on('movestart', hideHover);
    map.on('moveend', () => {
      if (styleLoaded) showView(map);
      // The view's zoom, for whoever watches the element (the browser tests follow a cluster's zoom-in).
      if (container.current) container.current.dataset.zoom = map.getZoom().toFixed(2);
    });
    // A new language: the same map (its view stays) with maplibre's strings and the hint in it. The popups close:
    // their words are the old language's.
    const unfollow = mapLabels.follow(map, controls, () => {
      hint.textContent = live.current.t('explorer.map.keyboardHint');
      hideHover();
      pinned?.remove();
    });

    return () => {
      unfollow();
      map.getCanvas().removeEventListener('keydown', onKey);
      hint.remove();
      hover.remove();
      pinned?.remove();
      map.remove();
      mapRef.current = null;
      setLoadedMap(null);
    };
    // The style is chosen when the map is created; a changed setting applies on the next visit. Its language is
    // read once (mapLabels, the same for the component's life), then relabelled: the map is not made again for it.
  }, [mapService, mapLabels]);

  // New results: replace the points, colour them, fit the view to them, and mark when they are painted. The same
  // results in a new legend (a new language names the types again) are coloured again, but not fitted: the user's
  // view stays.
  useEffect(() => {
    const map = loaded();
    const element = container.current;
    if (!map || !element || !stations || !projected) return;
    element.dataset.painted = 'false';
    shown.current = { points: projected, stations };
    map.setPaintProperty('stations-points', 'circle-color', colorExpression(legend, range));
    map.setPaintProperty('clusters', 'circle-color', clusterColor(range));
    if (map.getLayer('cluster-count')) map.setPaintProperty('cluster-count', 'text-color', range ? '#111111' : '#ffffff');
    const bounds = boundsOf(stations);
    const newResults = fitted.current?.map !== map || fitted.current.stations !== stations;
    // The same results from the current snapshot (the map asked for them again: lookUp): the user's view stays.
    const sameResultsAnew = newResults && fitted.current?.map === map && fitted.current.stations === reloadedFrom.current;
    if (newResults) reloadedFrom.current = null;
    if (bounds && newResults && !sameResultsAnew) {
      const [w, s, e, n] = bounds;
      map.fitBounds([[w, s], [e, n]], { padding: 40, maxZoom: fitMaxZoom(mapService), duration: 0 });
    }
    fitted.current = { map, stations };
    showView(map);
    const painted = () => {
      element.dataset.painted = 'true';
      element.dataset.stations = String(stations.length);
      performance.mark('owd:stations-painted', { detail: { stations: stations.length } });
    };
    // 'idle': the view's clusters and points are tiled by maplibre's worker and drawn.
    map.once('idle', painted);
    return () => {
      map.off('idle', painted);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- showView and loaded() read loadedMap and refs
  }, [loadedMap, stations, projected, legend, range, mapService]);

  // Selection: a small separate source, so selecting never remakes the view's clusters.
  useEffect(() => {
    const map = loaded();
    if (!map) return;
    map.getSource<GeoJSONSource>(SELECTED_SOURCE)?.setData(selectionFeatures(selected));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loaded() reads loadedMap and a ref
  }, [loadedMap, selected]);

  if (failure) {
    return (
      <div role="alert" className="alert alert-error station-map-failed">
        {t('explorer.map.failed', { message: failure })}
      </div>
    );
  }
  // data-hint: what the keys do, shown (explorer.css) with the cross at the centre while the map has the keyboard's
  // focus; maplibre names the canvas itself (its locale), so the hint is its description too.
  return <div ref={container} className="station-map" data-testid="station-map" data-painted="false" data-hint={t('explorer.map.keyboardHint')} />;
}

export default StationMap;
