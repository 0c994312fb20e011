import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { get } from '../../../api/client';
import { toOptions, type Option } from './options';

/** GET /stationTypes: station type options `{key, label}`, shown as `{id, name}`. */
export const STATION_TYPES_PATH = '/stationTypes';

export async function getStationTypeOptions(): Promise<Option[]> {
  return toOptions(await get(STATION_TYPES_PATH), ['key', 'id'], ['label', 'name']);
}

/** The station types with their names in the interface's language: the built-in types (stable keys)
 * are translated, any other keeps the reference list's name. */
export function useStationTypeOptions() {
  const { t, i18n } = useTranslation();
  const answer = useSWR(STATION_TYPES_PATH, getStationTypeOptions);
  const data = useMemo(() => {
    if (!answer.data) return undefined;
    const collator = new Intl.Collator(i18n.language);
    return answer.data
      .map((option) => ({ id: option.id, name: t(`explorer.stationTypes.${option.id}`, { defaultValue: option.name }) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [answer.data, t, i18n.language]);
  return { ...answer, data };
}
