import type { TFunction } from 'i18next';

/**
 * The WQX horizontal datum codes (chalicelib/data/keylists.json horizontalDatums) with readable names (the shared
 * i18n resources' `datums`): the New station form's select shows the name (the value sent stays the code), and a
 * station's Info tab names its datum the same way.
 */
const DATUM_KEYS = {
  WGS84: 'datums.WGS84',
  NAD83: 'datums.NAD83',
  NAD27: 'datums.NAD27',
  HARN: 'datums.HARN',
  WGS72: 'datums.WGS72',
  OLDHI: 'datums.OLDHI',
  PR: 'datums.PR',
  GUAM: 'datums.GUAM',
  AMSMA: 'datums.AMSMA',
  ASTRO: 'datums.ASTRO',
  JOHNS: 'datums.JOHNS',
  WAKE: 'datums.WAKE',
  SGEOR: 'datums.SGEOR',
  SLAWR: 'datums.SLAWR',
  SPAUL: 'datums.SPAUL',
  OTHER: 'datums.OTHER',
  UNKWN: 'datums.UNKWN',
} as const;

/** A datum code's name in the interface's language; a code the list does not name, with the server's description. */
export function datumLabel(t: TFunction, code: string, description?: string | null): string {
  if (code in DATUM_KEYS) return t(DATUM_KEYS[code as keyof typeof DATUM_KEYS]);
  return description ? `${code} (${description})` : code;
}
