import useSWR from 'swr';
import { get } from '../../../api/client';
import { rowsOf, type Option } from './options';

/** GET /county/county: every US county with its state; the id is the 5-digit state+county FIPS. */
export const COUNTIES_PATH = '/county/county';

export async function getCountyOptions(): Promise<Option[]> {
  return rowsOf(await get(COUNTIES_PATH))
    .map((row) => {
      const fips = String(row.fips ?? row.id ?? `${row.stateFips ?? row.stateCode ?? ''}${row.countyFips ?? row.countyCode ?? ''}`);
      const county = String(row.name ?? row.countyName ?? row.county ?? fips);
      const state = row.stateCode ?? row.state ?? row.stateName ?? row.stateAbbreviation;
      return { id: fips, name: state ? `${county}, ${String(state)}` : county };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function useCountyOptions() {
  return useSWR(COUNTIES_PATH, getCountyOptions);
}
