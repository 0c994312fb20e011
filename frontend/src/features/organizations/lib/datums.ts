import type { TFunction } from 'i18next';

/**
 * The WQX horizontal datum codes (chalicelib/data/keylists.json horizontalDatums) with readable names: the select
 * shows the name, the value sent stays the code.
 */
const DATUM_KEYS = {
  WGS84: 'organizations.datums.WGS84',
  NAD83: 'organizations.datums.NAD83',
  NAD27: 'organizations.datums.NAD27',
  HARN: 'organizations.datums.HARN',
  WGS72: 'organizations.datums.WGS72',
  OLDHI: 'organizations.datums.OLDHI',
  PR: 'organizations.datums.PR',
  GUAM: 'organizations.datums.GUAM',
  AMSMA: 'organizations.datums.AMSMA',
  ASTRO: 'organizations.datums.ASTRO',
  JOHNS: 'organizations.datums.JOHNS',
  WAKE: 'organizations.datums.WAKE',
  SGEOR: 'organizations.datums.SGEOR',
  SLAWR: 'organizations.datums.SLAWR',
  SPAUL: 'organizations.datums.SPAUL',
  OTHER: 'organizations.datums.OTHER',
  UNKWN: 'organizations.datums.UNKWN',
} as const;

/** A datum code's name in the interface's language; a code the list does not name, with the server's description. */
export function datumLabel(t: TFunction, code: string, description?: string | null): string {
  if (code in DATUM_KEYS) return t(DATUM_KEYS[code as keyof typeof DATUM_KEYS]);
  return description ? `${code} (${description})` : code;
}
