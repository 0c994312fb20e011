import useSWR, { useSWRConfig } from 'swr';
import { ApiError, get, post, put } from '../../../api/client';
import { ifMatch } from '../../../api/versions';
import { organizationPath } from './organizations';
import type { MapServiceValue, OrganizationSetting, WqxAccount } from './types';

/** GET and PUT /organization/{id}/settings/{settingKey}; default key map-service (spec section 7). */
export const MAP_SERVICE_KEY = 'map-service';

function settingPath(organizationId: string, key: string): string {
  return `${organizationPath(organizationId)}/settings/${encodeURIComponent(key)}`;
}

export function useMapServiceSetting(organizationId: string) {
  const path = settingPath(organizationId, MAP_SERVICE_KEY);
  return useSWR([path], () => get<OrganizationSetting<MapServiceValue>>(path));
}

/** A setting's version, as its ETag names it: when the organization's own was saved, "inherited" while it has none. */
export function settingVersion(setting: OrganizationSetting<unknown>): string {
  return setting.inherited || !setting.updatedAt ? 'inherited' : setting.updatedAt;
}

/**
 * PUT the map service for the version shown (`seen`): when someone else saved it meanwhile (412), the setting is
 * read again, so the form shows their value, and the server's message says what happened.
 */
export function useSaveMapServiceSetting(organizationId: string) {
  const { mutate } = useSWRConfig();
  const path = settingPath(organizationId, MAP_SERVICE_KEY);
  return async (seen: OrganizationSetting<MapServiceValue>, value: MapServiceValue | null) => {
    try {
      const saved = await put<OrganizationSetting<MapServiceValue>>(path, { value }, { headers: ifMatch(settingVersion(seen)) });
      await mutate([path], saved, { revalidate: false });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await mutate([path]);
      throw error;
    }
  };
}

/** GET and PUT /organization/{id}/wqx-account (group administrators; the private key comes back masked). */
function wqxPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/wqx-account`;
}

export function useWqxAccount(organizationId: string, enabled: boolean) {
  return useSWR(enabled ? [wqxPath(organizationId)] : null, () => get<WqxAccount>(wqxPath(organizationId)));
}

export function useSaveWqxAccount(organizationId: string) {
  const { mutate } = useSWRConfig();
  return async (account: { wqxOrganizationId: string; userId: string; privateKey: string }) => {
    const saved = await put<WqxAccount>(wqxPath(organizationId), account);
    await mutate([wqxPath(organizationId)], saved, { revalidate: false });
  };
}

/** POST /organization/{id}/wqx-account/test: a signed call to WQX Web with the stored account. */
export async function testWqxAccount(organizationId: string): Promise<{ connected: boolean; message: string } | undefined> {
  return post(`${wqxPath(organizationId)}/test`);
}
