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
 * only when a map is made: a new dictionary (a new language) is the map's cue to make itself again.
 */
export function useMapLocale(title: string): Record<string, string> {
  const { t } = useTranslation();
  return useMemo(
    () => ({ ...Object.fromEntries(MAP_STRINGS.map((key) => [key, t(`explorer.map.controls.${key}`)])), 'Map.Title': title }),
    [t, title],
  );
}
