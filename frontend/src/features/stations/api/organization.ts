import useSWR from 'swr';
import { get } from '../../../api/client';
import { text } from './rows';

/** GET /organization/{organizationId}: the station's organization (its name). */
export const organizationPath = (id: string) => `/organization/${encodeURIComponent(id)}`;

export async function getOrganizationName(id: string): Promise<string> {
  const body = (await get<Record<string, unknown>>(organizationPath(id))) ?? {};
  return text(body.name) || id;
}

export function useOrganizationName(id: string | undefined) {
  return useSWR(id ? organizationPath(id) : null, () => getOrganizationName(id as string));
}
