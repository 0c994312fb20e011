import useSWR from 'swr';
import { get } from '../../../api/client';

export interface OrganizationName {
  id: string;
  name: string;
}

/** GET /organization: the organizations' names (a public list), by name. */
export const ORGANIZATIONS_PATH = '/organization';

export async function getOrganizationNames(): Promise<OrganizationName[]> {
  const body = await get<OrganizationName[] | { data: OrganizationName[] }>(ORGANIZATIONS_PATH);
  const rows = Array.isArray(body) ? body : (body?.data ?? []);
  return rows.map(({ id, name }) => ({ id: String(id), name })).sort((a, b) => a.name.localeCompare(b.name));
}

export function useOrganizationNames() {
  return useSWR([ORGANIZATIONS_PATH, 'names'], getOrganizationNames);
}
