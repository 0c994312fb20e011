import useSWR, { useSWRConfig } from 'swr';
import { ApiError, get, post, put } from '../../../api/client';
import { ifMatch } from '../../../api/versions';
import type { InfoPageKey } from '../menu';

/** A page in one language as the server keeps it (version 0: the default shipped with the product). */
export interface PageVersion {
  key: InfoPageKey;
  lang: string;
  version: number;
  text: string;
  savedAt: string | null;
  savedBy: string | null;
  savedByName: string | null;
  restoredFrom: number | null;
  isDefault: boolean;
}

export const pagePath = (key: InfoPageKey, lang: string) => `/pages/${key}/${encodeURIComponent(lang)}`;
const versionsPath = (key: InfoPageKey, lang: string) => `${pagePath(key, lang)}/versions`;

/** GET /pages/{key}/{lang}: the latest saved version, or the shipped default. */
export function usePage(key: InfoPageKey, lang: string) {
  return useSWR(pagePath(key, lang), (path: string) => get<PageVersion>(path));
}

/** GET /pages/{key}/{lang}/versions (system administrators): newest first, the default last. */
export function usePageVersions(key: InfoPageKey, lang: string, enabled: boolean) {
  return useSWR(enabled ? versionsPath(key, lang) : null, async (path: string) => (await get<PageVersion[]>(path)) ?? []);
}

/** After a save or a restore: the page and its versions again. */
function useRevalidatePage() {
  const { mutate } = useSWRConfig();
  return (key: InfoPageKey, lang: string) =>
    Promise.all([mutate(pagePath(key, lang)), mutate(versionsPath(key, lang))]);
}

/**
 * PUT /pages/{key}/{lang} {text}: a new version, made only while `over` (the version the text was written
 * over) is still the newest: else 412, and the page and its versions are loaded again (api/versions.ts).
 */
export function useSavePage() {
  const revalidate = useRevalidatePage();
  return async (key: InfoPageKey, lang: string, text: string, over: number) => {
    try {
      const saved = await put<PageVersion>(pagePath(key, lang), { text }, { headers: ifMatch(over) });
      await revalidate(key, lang);
      return saved;
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) await revalidate(key, lang);
      throw error;
    }
  };
}

/** POST /pages/{key}/{lang}/versions/{version}/restore: that version's text becomes the newest. */
export function useRestorePage() {
  const revalidate = useRevalidatePage();
  return async (key: InfoPageKey, lang: string, version: number) => {
    const restored = await post<PageVersion>(`${versionsPath(key, lang)}/${version}/restore`);
    await revalidate(key, lang);
    return restored;
  };
}
