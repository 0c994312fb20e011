import useSWR, { useSWRConfig } from 'swr';
import { get, patch } from '../../../api/client';
import { organizationPath } from './organizations';

/** A header-map target: one of our fields by name, or the values of a parameter (a wide column). */
export type HeaderMapTarget = string | { parameter: string; unit?: string };
/** {"their column": target}: how this organization's files name our fields (chalicelib/imports/formats.py). */
export type HeaderMap = Record<string, HeaderMapTarget>;
/** One of the fields an import knows (GET /import-fields), with the server's English description. */
export interface ImportField {
  name: string;
  label: string;
}

const headerMapPath = (organizationId: string) => `${organizationPath(organizationId)}/header-map`;

/** GET /organization/{id}/header-map (its data contributors and group administrators). */
export function useHeaderMap(organizationId: string, enabled: boolean) {
  const path = headerMapPath(organizationId);
  return useSWR(enabled ? [path] : null, async () => (await get<HeaderMap>(path)) ?? {});
}

/** The columns changed from the map as shown: their new targets, null for those taken out (a JSON merge patch). */
export function headerMapChanges(seen: HeaderMap, map: HeaderMap): Record<string, HeaderMapTarget | null> {
  const changes: Record<string, HeaderMapTarget | null> = {};
  for (const [column, target] of Object.entries(map)) {
    if (JSON.stringify(seen[column]) !== JSON.stringify(target)) changes[column] = target;
  }
  for (const column of Object.keys(seen)) if (!(column in map)) changes[column] = null;
  return changes;
}

/**
 * PATCH /organization/{id}/header-map with the columns changed from the map as shown (`seen`): the server applies
 * them to the map as stored now, so a column someone else added meanwhile stays. Answers the map as saved.
 */
export function useSaveHeaderMap(organizationId: string) {
  const { mutate } = useSWRConfig();
  const path = headerMapPath(organizationId);
  return async (seen: HeaderMap, map: HeaderMap) => {
    const changes = headerMapChanges(seen, map);
    if (Object.keys(changes).length === 0) return seen;
    const saved = (await patch<HeaderMap>(path, changes)) ?? map;
    await mutate([path], saved, { revalidate: false });
    return saved;
  };
}

/** GET /import-fields: the fields a column may be mapped to, in the server's order. */
export function useImportFields(enabled: boolean) {
  return useSWR(enabled ? ['/import-fields'] : null, async () => (await get<ImportField[]>('/import-fields')) ?? []);
}
