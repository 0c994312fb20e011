import type { TFunction } from 'i18next';

/**
 * The units a station's elevation and drainage areas are given in: WQX codes, as the server takes them
 * (chalicelib/reference ELEVATION_UNITS, AREA_UNITS), each named in the interface's language.
 */
export const ELEVATION_UNITS = ['ft', 'feet', 'm', 'meters'] as const;
export const AREA_UNITS = ['sq mi', 'acres', 'sq km', 'ha'] as const;
/**
 * Vertical datums offered for an elevation (WQX VerticalCoordinateReferenceSystemDatumName codes the Water Quality
 * Portal's stations use most); the field takes any other, e.g. China's 1985 National Height Datum.
 */
export const VERTICAL_DATUMS = ['NAVD88', 'NGVD29', 'MSL', 'LMSL', 'OTHER', 'UNKWN'] as const;

const UNIT_KEYS = {
  ft: 'stations.info.units.ft',
  feet: 'stations.info.units.feet',
  m: 'stations.info.units.m',
  meters: 'stations.info.units.meters',
  'sq mi': 'stations.info.units.sq mi',
  acres: 'stations.info.units.acres',
  'sq km': 'stations.info.units.sq km',
  ha: 'stations.info.units.ha',
} as const;

/** A unit named in the interface's language (a unit not listed: as written). */
export function unitLabel(t: TFunction, unit: string): string {
  return unit in UNIT_KEYS ? t(UNIT_KEYS[unit as keyof typeof UNIT_KEYS]) : unit;
}
