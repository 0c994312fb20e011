/**
 * Whether a station can be in the United States, where hydrologic units (HUC) and county FIPS codes apply: it
 * records a state (FIPS codes are the United States'), or its position falls in a box around the states or a
 * territory. The boxes are generous (they take in a strip of Canada and Mexico): a row shown "not recorded" near a
 * border is better than a US station without its HUC and county rows.
 */
type Box = readonly [south: number, west: number, north: number, east: number];

const US_BOXES: readonly Box[] = [
  [24.3, -125.0, 49.5, -66.8], // the contiguous states
  [51.0, -180.0, 71.6, -129.9], // Alaska
  [51.0, 172.3, 53.1, 180.0], // the Aleutians past the 180th meridian
  [18.8, -178.5, 28.5, -154.7], // Hawaii and the Northwestern Hawaiian Islands
  [17.6, -68.0, 18.6, -64.5], // Puerto Rico and the US Virgin Islands
  [13.2, 144.6, 20.6, 146.1], // Guam and the Northern Mariana Islands
  [-14.7, -171.2, -11.0, -168.1], // American Samoa
];

export function insideUnitedStates(latitude: number | null, longitude: number | null): boolean {
  if (latitude === null || longitude === null) return false;
  return US_BOXES.some(([south, west, north, east]) => latitude >= south && latitude <= north && longitude >= west && longitude <= east);
}

/** A station the US-only fields (HUC8, HUC12, county FIPS) apply to: one with any of them or a state, or inside the US. */
export function usFieldsApply(station: {
  latitude: number | null;
  longitude: number | null;
  stateFips: string;
  countyFips: string;
  huc8: string;
  huc12: string;
}): boolean {
  return Boolean(station.stateFips || station.countyFips || station.huc8 || station.huc12) || insideUnitedStates(station.latitude, station.longitude);
}
