import useSWR from 'swr';
import { get } from '../../../api/client';
import { toOptions, type Option } from './options';

/** GET /organization: every organization (public), as filter options. Ids are turned into text. */
export const ORGANIZATIONS_PATH = '/organization';

export async function getOrganizationOptions(): Promise<Option[]> {
  return toOptions(await get(ORGANIZATIONS_PATH), ['id', 'organizationId'], ['name', 'label']);
}

export function useOrganizationOptions() {
  return useSWR(ORGANIZATIONS_PATH, getOrganizationOptions);
}
