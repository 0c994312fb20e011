import useSWR from 'swr';
import { get } from '../../../api/client';
import type { Language } from '../../../i18n/languages';

/** The WQX lists the glossary shows, in its order (the product's own keylists, those imports are checked against). */
export const GLOSSARY_LISTS = [
  'activityTypes',
  'media',
  'sampleFractions',
  'resultStatus',
  'valueTypes',
  'detectionConditions',
  'units',
  'horizontalDatums',
] as const;
export type GlossaryList = (typeof GLOSSARY_LISTS)[number];

/** A value of a list: its WQX code, and what it means in the language asked for (none for some English values). */
export interface GlossaryEntry {
  term: string;
  description?: string | null;
}

export type GlossaryLists = Record<GlossaryList, GlossaryEntry[]>;

/** GET /glossary/{lang}: every glossary list, its values described in that language (chalicelib/pages/glossary.py). */
export function useGlossaryLists(lang: Language) {
  return useSWR(['glossary', lang], () => get<GlossaryLists>(`/glossary/${lang}`));
}
