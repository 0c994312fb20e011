import useSWR, { useSWRConfig } from 'swr';
import { get, put } from '../../../api/client';
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

/** PUT /organization/{id}/header-map: replaces the whole map. */
export function useSaveHeaderMap(organizationId: string) {
  const { mutate } = useSWRConfig();
  const path = headerMapPath(organizationId);
  return async (map: HeaderMap) => {
    const saved = await put<HeaderMap>(path, map);
    await mutate([path], saved ?? map, { revalidate: false });
  };
}

/** GET /import-fields: the fields a column may be mapped to, in the server's order. */
export function useImportFields(enabled: boolean) {
  return useSWR(enabled ? ['/import-fields'] : null, async () => (await get<ImportField[]>('/import-fields')) ?? []);
}
