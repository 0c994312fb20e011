import useSWR, { useSWRConfig } from 'swr';
import { ApiError, get, post, put } from '../../../api/client';
import { blank, ChangedMeanwhileError, ifMatch, same } from '../../../api/versions';
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
export function settingVersion(setting: Pick<OrganizationSetting<unknown>, 'inherited' | 'updatedAt'>): string {
  return setting.inherited || !setting.updatedAt ? 'inherited' : setting.updatedAt;
}

/** The map service as a form shows it: its fields, and the version they are of. */
export type ShownMapService = MapServiceValue & Pick<OrganizationSetting<MapServiceValue>, 'inherited' | 'updatedAt'>;

/** The setting as a form shows it (an inherited one: no fields of its own). */
export function shownMapService(setting: OrganizationSetting<MapServiceValue>): ShownMapService {
  return { ...(setting.inherited ? {} : (setting.value ?? {})), inherited: setting.inherited, updatedAt: setting.updatedAt };
}

const MAP_SERVICE_FIELDS = ['styleUrl', 'tileUrl', 'accessToken', 'attribution', 'provider'] as const;

/**
 * PUT the map service for the version shown (`seen`). When someone else saved it meanwhile (412), it is read again:
 * if they changed none of the fields this save changes, the save is sent again over their version with only
 * this one's fields changed (both stay); otherwise ChangedMeanwhileError names the fields both changed, with
 * the setting as it is now, and nothing is written (as api/versions.ts does for items).
 */
export function useSaveMapServiceSetting(organizationId: string) {
  const { mutate } = useSWRConfig();
  const path = settingPath(organizationId, MAP_SERVICE_KEY);
  const send = async (value: MapServiceValue | null, over: ShownMapService) => {
    const saved = await put<OrganizationSetting<MapServiceValue>>(path, { value }, { headers: ifMatch(settingVersion(over)) });
    await mutate([path], saved, { revalidate: false });
  };
  return async (seen: ShownMapService, value: MapServiceValue | null) => {
    try {
      await send(value, seen);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 412) throw error;
      const stored = await get<OrganizationSetting<MapServiceValue>>(path);
      if (!stored) throw error;
      const now = shownMapService(stored);
      const mine: MapServiceValue = value ?? {};
      // Going back to the system's map service changes every field the organization had set.
      const changed = MAP_SERVICE_FIELDS.filter((field) => (value === null ? !blank(seen[field]) : !same(mine[field], seen[field])));
      const clashes = changed.filter((field) => !same(now[field], seen[field]) && !same(now[field], mine[field]));
      if (clashes.length) throw new ChangedMeanwhileError<ShownMapService>(error.message, now, clashes);
      if (value === null) return send(null, now);
      const merged = Object.fromEntries(
        MAP_SERVICE_FIELDS.map((field) => [field, changed.includes(field) ? mine[field] : now[field]]).filter(([, v]) => !blank(v)),
      ) as MapServiceValue;
      await send(merged, now);
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

/** What the WQX account form sends: the IDs, and a new private key or nothing (the stored one is kept). */
export type WqxAccountInput = Pick<WqxAccount, 'wqxOrganizationId' | 'userId'> & { privateKey: string };

/**
 * An account's version, as its ETag names it: when it was last saved (when its key was set, for an account saved
 * before saves were dated); "unset" while there is none.
 */
export function wqxAccountVersion(account: Pick<WqxAccount, 'updatedAt' | 'privateKeySetAt'>): string {
  return account.updatedAt || account.privateKeySetAt || 'unset';
}

const WQX_ID_FIELDS = ['wqxOrganizationId', 'userId'] as const;

/**
 * PUT the WQX account for the version shown (`seen`). When someone else saved it meanwhile (412), it is read again:
 * if they changed none of the fields this save changes, the save is sent again over their version with only this
 * one's fields changed (both stay); otherwise ChangedMeanwhileError names the fields both changed, with the account
 * as it is now, and nothing is written. A new private key typed here clashes with any key set meanwhile (keys are
 * never shown, so theirs cannot be compared).
 */
export function useSaveWqxAccount(organizationId: string) {
  const { mutate } = useSWRConfig();
  const path = wqxPath(organizationId);
  const send = async (account: WqxAccountInput, over: WqxAccount) => {
    const saved = await put<WqxAccount>(path, account, { headers: ifMatch(wqxAccountVersion(over)) });
    await mutate([path], saved, { revalidate: false });
  };
  return async (seen: WqxAccount, account: WqxAccountInput) => {
    try {
      await send(account, seen);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 412) throw error;
      const now = await get<WqxAccount>(path);
      if (!now) throw error;
      const changed = WQX_ID_FIELDS.filter((field) => !same(account[field], seen[field]));
      const clashes: (keyof WqxAccount)[] = changed.filter((field) => !same(now[field], seen[field]) && !same(now[field], account[field]));
      if (!blank(account.privateKey) && !same(now.privateKeySetAt, seen.privateKeySetAt)) clashes.push('privateKey');
      if (clashes.length) throw new ChangedMeanwhileError<WqxAccount>(error.message, now, clashes);
      // This save's fields over the account as it is now.
      const merged = (field: (typeof WQX_ID_FIELDS)[number]) => (changed.includes(field) ? account[field] : now[field]);
      await send({ wqxOrganizationId: merged('wqxOrganizationId'), userId: merged('userId'), privateKey: account.privateKey }, now);
    }
  };
}

/** POST /organization/{id}/wqx-account/test: a signed call to WQX Web with the stored account. */
export async function testWqxAccount(organizationId: string): Promise<{ connected: boolean; message: string } | undefined> {
  return post(`${wqxPath(organizationId)}/test`);
}
