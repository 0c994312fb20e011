import useSWR from 'swr';
import { get } from '../../../api/client';

/** The WQX keylists the glossary lists (served by chalicelib/reference from the product's own data). */
export const GLOSSARY_LISTS = ['activityTypes', 'media', 'sampleFractions', 'resultStatus', 'valueTypes', 'detectionConditions', 'units'] as const;
export type GlossaryList = (typeof GLOSSARY_LISTS)[number];

export interface GlossaryEntry {
  term: string;
  description?: string;
}

interface KeylistValue {
  value?: string;
  code?: string;
  description?: string;
}

function entriesOf(body: unknown): GlossaryEntry[] {
  const values = Array.isArray(body) ? body : ((body as { values?: unknown[] } | undefined)?.values ?? []);
  return (values as KeylistValue[])
    .map((v) => ({ term: String(v.value ?? v.code ?? ''), description: v.description }))
    .filter((entry) => entry.term);
}

/** GET /keylist/{list} for each glossary list: the entries of each, by list. */
export function useGlossaryLists() {
  return useSWR('glossary-keylists', async () => {
    const bodies = await Promise.all(GLOSSARY_LISTS.map((list) => get<unknown>(`/keylist/${list}`)));
    return Object.fromEntries(GLOSSARY_LISTS.map((list, i) => [list, entriesOf(bodies[i])])) as Record<GlossaryList, GlossaryEntry[]>;
  });
}
