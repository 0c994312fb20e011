import useSWR from 'swr';
import { get } from '../../../api/client';
import { rowsOf } from './options';

/**
 * GET /system/settings: the entry with id `map-service` configures the basemap. Its value names a
 * style (`styleUrl`, optionally with `accessToken`) or raster `tiles`; `provider: 'none'` or no value
 * means the offline-safe default (no tiles, no glyphs, no network).
 */
export const SETTINGS_PATH = '/system/settings';
export const MAP_SERVICE_ID = 'map-service';

export interface MapService {
  styleUrl: string | null;
  tiles: string[];
  accessToken: string | null;
  attribution: string | null;
}

export const OFFLINE_MAP_SERVICE: MapService = { styleUrl: null, tiles: [], accessToken: null, attribution: null };

export function readMapService(settings: unknown): MapService {
  const entry = rowsOf(settings).find((s) => s.id === MAP_SERVICE_ID);
  const value = entry?.value && typeof entry.value === 'object' ? (entry.value as Record<string, unknown>) : {};
  if (value.provider === 'none') return OFFLINE_MAP_SERVICE;
  const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
  const tiles = Array.isArray(value.tiles) ? value.tiles.filter((t): t is string => typeof t === 'string') : [];
  const tileUrl = text(value.tileUrl);
  return {
    styleUrl: text(value.styleUrl) ?? text(value.url),
    tiles: tileUrl ? [...tiles, tileUrl] : tiles,
    accessToken: text(value.accessToken),
    attribution: text(value.attribution),
  };
}

export async function getMapService(): Promise<MapService> {
  return readMapService(await get(SETTINGS_PATH));
}

/**
 * GET /organization/{id}/settings/map-service: an organization's own map service (the system's when it
 * has none); the base map of that organization's views.
 */
export async function getOrganizationMapService(organizationId: string): Promise<MapService> {
  const setting = await get<{ value?: unknown }>(`/organization/${encodeURIComponent(organizationId)}/settings/${MAP_SERVICE_ID}`);
  return readMapService([{ id: MAP_SERVICE_ID, value: setting?.value }]);
}

/** The system's map service, or with `organizationId` (a view of one organization) that organization's. */
export function useMapService(organizationId?: string | null) {
  return useSWR(organizationId ? [SETTINGS_PATH, MAP_SERVICE_ID, organizationId] : [SETTINGS_PATH, MAP_SERVICE_ID], () =>
    organizationId ? getOrganizationMapService(organizationId) : getMapService(),
  );
}
