import useSWR from 'swr';
import { get } from '../../../api/client';
import { rowsOf } from './options';

/** GET /parameter/parameters: every parameter; its label is copied to name. */
export const PARAMETERS_PATH = '/parameter/parameters';

export interface ParameterOption {
  id: string;
  name: string;
  unit: string;
  group: string;
}

export async function getParameterOptions(): Promise<ParameterOption[]> {
  return rowsOf(await get(PARAMETERS_PATH))
    .map((row) => ({
      id: String(row.id ?? row.parameterId ?? row.label),
      name: String(row.name ?? row.label ?? row.id),
      unit: String(row.unit ?? ''),
      group: String(row.group ?? row.groupId ?? ''),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export function useParameterOptions() {
  return useSWR(PARAMETERS_PATH, getParameterOptions);
}
