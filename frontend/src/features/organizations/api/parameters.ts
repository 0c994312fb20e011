import useSWR, { useSWRConfig } from 'swr';
import { get, put } from '../../../api/client';
import { organizationPath } from './organizations';
import type { Parameter } from './types';

/** GET /parameter/parameters (every parameter, label copied to name); GET and PUT /organization/{id}/parameters. */
export const ALL_PARAMETERS_PATH = '/parameter/parameters';

export function useAllParameters() {
  return useSWR([ALL_PARAMETERS_PATH, 'all'], async () => {
    const body = await get<Parameter[] | { data: Parameter[] }>(ALL_PARAMETERS_PATH, { params: { limit: 1000 } });
    return (Array.isArray(body) ? body : (body?.data ?? [])).slice().sort((a, b) => a.label.localeCompare(b.label));
  });
}

function parametersPath(organizationId: string): string {
  return `${organizationPath(organizationId)}/parameters`;
}

export function useOrganizationParameters(organizationId: string) {
  return useSWR([parametersPath(organizationId)], async () => (await get<Parameter[]>(parametersPath(organizationId))) ?? []);
}

export function useSetOrganizationParameters(organizationId: string) {
  const { mutate } = useSWRConfig();
  return async (ids: string[]) => {
    await put(parametersPath(organizationId), ids);
    await mutate([parametersPath(organizationId)]);
  };
}
