import useSWR, { useSWRConfig } from 'swr';
import { del, get, post } from '../../../api/client';
import { organizationPath } from './organizations';

/** An organization's API key as listed (chalicelib/apikeys/service.py); data loggers push time series with it. */
export interface ApiKey {
  id: string;
  name: string;
  createdAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
  active: boolean;
}

/** The answer to creating a key: the key plus its secret, which the server shows this once only. */
export type CreatedApiKey = ApiKey & { key: string };

/** GET, POST /organization/{id}/api-keys and DELETE /organization/{id}/api-keys/{keyId} (group administrators). */
function apiKeysPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/api-keys`;
}

export function useApiKeys(organizationId: string, enabled: boolean) {
  const path = apiKeysPath(organizationId);
  return useSWR(enabled ? [path] : null, async () => (await get<ApiKey[]>(path)) ?? []);
}

export function useApiKeyActions(organizationId: string) {
  const { mutate } = useSWRConfig();
  const path = apiKeysPath(organizationId);
  return {
    create: async (name: string) => {
      const created = await post<CreatedApiKey>(path, { name });
      await mutate([path]);
      return created;
    },
    revoke: async (keyId: string) => {
      await del(`${path}/${encodeURIComponent(keyId)}`);
      await mutate([path]);
    },
  };
}
