import { useStationTypeOptions } from '../../explorer/api/stationTypes';

/** A station type's name from the reference list (GET /stationTypes, shared with the explorer's filter);
 * its key while the list loads or when the list does not hold it. */
export function useStationTypeName(key: string | null | undefined): string {
  const { data } = useStationTypeOptions();
  if (!key) return '';
  return data?.find((option) => option.id === key)?.name ?? key;
}
