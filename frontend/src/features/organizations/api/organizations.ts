import useSWR, { useSWRConfig } from 'swr';
import { del, get, post } from '../../../api/client';
import { patchSeen } from '../../../api/versions';
import type { Organization } from './types';

/** GET /organization (public list) and GET /organization/{id}; writes by system administrators. */
export const ORGANIZATIONS_PATH = '/organization';

export function organizationPath(id: string): string {
  return `${ORGANIZATIONS_PATH}/${encodeURIComponent(id)}`;
}

export async function getOrganizations(): Promise<Organization[]> {
  const body = await get<Organization[] | { data: Organization[] }>(ORGANIZATIONS_PATH, { params: { limit: 1000 } });
  return (Array.isArray(body) ? body : (body?.data ?? [])).slice().sort((a, b) => a.name.localeCompare(b.name));
}

export function useOrganizations(enabled = true) {
  return useSWR(enabled ? [ORGANIZATIONS_PATH, 'all'] : null, getOrganizations);
}

export function useOrganization(id: string | null | undefined) {
  return useSWR(id ? [ORGANIZATIONS_PATH, id] : null, () => get<Organization>(organizationPath(id!)));
}

export type OrganizationFields = Pick<Organization, 'name' | 'description' | 'website' | 'contact'>;

function useRevalidateOrganizations() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === ORGANIZATIONS_PATH);
}

export function useSaveOrganization() {
  const revalidate = useRevalidateOrganizations();
  /** A new organization, or the fields changed from `organization` as shown, for its version (api/versions.ts). */
  return async (organization: Organization | null, fields: OrganizationFields) => {
    const saved = organization
      ? await patchSeen(organizationPath(organization.id), organization, fields)
      : await post<Organization>(ORGANIZATIONS_PATH, fields);
    await revalidate();
    return saved;
  };
}

export function useDeleteOrganization() {
  const revalidate = useRevalidateOrganizations();
  return async (id: string) => {
    await del(organizationPath(id));
    await revalidate();
  };
}
