import useSWR from 'swr';
import { get } from '../../../api/client';
import type { Permission } from './types';

/** GET /permissions: the built-in permission catalogue ({id, key, description}). */
export const PERMISSIONS_PATH = '/permissions';

export async function getPermissions(): Promise<Permission[]> {
  return (await get<Permission[]>(PERMISSIONS_PATH)) ?? [];
}

export function usePermissions() {
  return useSWR([PERMISSIONS_PATH], getPermissions);
}
