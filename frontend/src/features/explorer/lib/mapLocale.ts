import type { IControl, Map as MapLibreMap } from 'maplibre-gl';
import { useMemo } from 'react';
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
 * only when a map is made: a new dictionary (a new language) is the map's cue to make itself again, or to take
 * the new strings with relabelMap.
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
