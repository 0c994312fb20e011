import type { IControl, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** maplibre's own strings, by the keys of its `locale` option (its controls' labels, a popup's close button,
 * gesture hints); 'Map.Title', the canvas's label, is each map's own name. */
export const MAP_STRINGS = [
  'AttributionControl.ToggleAttribution',
  'AttributionControl.MapFeedback',
  'FullscreenControl.Enter',
  'FullscreenControl.Exit',
  'GeolocateControl.FindMyLocation',
  'GeolocateControl.LocationNotAvailable',
  'LogoControl.Title',
  'Marker.Title',
  'NavigationControl.ResetBearing',
  'NavigationControl.ZoomIn',
  'NavigationControl.ZoomOut',
  'Popup.Close',
  'ScaleControl.Feet',
  'ScaleControl.Meters',
  'ScaleControl.Kilometers',
  'ScaleControl.Miles',
  'ScaleControl.NauticalMiles',
  'GlobeControl.Enable',
  'GlobeControl.Disable',
  'TerrainControl.Enable',
  'TerrainControl.Disable',
  'CooperativeGesturesHandler.WindowsHelpText',
  'CooperativeGesturesHandler.MacHelpText',
  'CooperativeGesturesHandler.MobileHelpText',
] as const;

/**
 * maplibre's `locale` option in the interface's language, with `title` as the map's name. maplibre reads it
 * only when a map is made: a new dictionary (a new language) is the map's cue to take the new strings with
 * relabelMap (useMapLabels), as making it again would lose its view.
 */
export function useMapLocale(title: string): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(
    () => ({ ...Object.fromEntries(MAP_STRINGS.map((key) => [key, t(`explorer.map.controls.${key}`)])), 'Map.Title': title }),
    [t, title],
  );
}

/**
 * Gives a map made in one language another's strings (useMapLocale), without making it again, which would lose
 * its view. maplibre has no setter for them: it reads its dictionary when a control is added (`controls`, the
 * ones it was given, are added again) and names the canvas once. A popup opened later reads it too.
 */
export function relabelMap(map: MapLibreMap, locale: Record<string, string>, controls: IControl[]): void {
  map._locale = { ...map._locale, ...locale };
  for (const control of controls) {
    map.removeControl(control);
    map.addControl(control);
  }
  map.getCanvas().setAttribute('aria-label', locale['Map.Title']);
}

/** What useMapLabels gives a component that makes its map in an effect. */
export interface MapLabels {
  /** maplibre's `locale` option to make a map with: the current language's. */
  current: () => Record<string, string>;
  /**
   * Relabels `map` (made just now with current()) on every change of language, re-adding `controls` (those it was
   * given: relabelMap), then calls `onRelabel` for the component's own words on the map. Returns its undoing, for
   * when the map is removed.
   */
  follow: (map: MapLibreMap, controls: IControl[], onRelabel?: () => void) => () => void;
}

/**
 * A map's strings (useMapLocale, `title` its name) over a change of language: the map stays, with its view (the
 * user's pan and zoom), and takes the new language's strings (relabelMap) instead of being made again. Called before
 * the effect that makes the map, which makes it with current() and then follows it.
 */
export function useMapLabels(title: string): MapLabels {
  const locale = useMapLocale(title);
  const latest = useRef(locale);
  const followers = useRef(new Set<(next: Record<string, string>) => void>());
  // Run before the effect that makes the map (the component calls this hook first): a map made again in the same
  // commit (another basemap) is made in the new language.
  useEffect(() => {
    latest.current = locale;
    for (const relabel of followers.current) relabel(locale);
  }, [locale]);
  return useMemo(
    () => ({
      current: () => latest.current,
      follow: (map, controls, onRelabel) => {
        let labelledIn = latest.current;
        const relabel = (next: Record<string, string>) => {
          if (next === labelledIn) return;
          labelledIn = next;
          relabelMap(map, next, controls);
          onRelabel?.();
        };
        followers.current.add(relabel);
        return () => void followers.current.delete(relabel);
      },
    }),
    [],
  );
}
