// The whole dequal compares readings held as Maps: SWR's own comparison (dequal/lite) takes any two Maps as equal.
import { dequal } from 'dequal';
import useSWR from 'swr';
import { get } from '../../../api/client';
import { rowsOf, text } from './rows';

/** GET /parameter/parameters: names and units of every parameter (label copied to name). */
export const PARAMETERS_PATH = '/parameter/parameters';

export interface Parameter {
  id: string;
  name: string;
  unit: string;
  characteristicName: string;
}

export async function getParameters(): Promise<Map<string, Parameter>> {
  const list = rowsOf(await get(PARAMETERS_PATH)).map((row) => ({
    id: text(row.id ?? row.parameterId ?? row.label),
    name: text(row.name ?? row.label ?? row.id),
    unit: text(row.unit),
    characteristicName: text(row.characteristicName ?? row.wqxCharacteristicName ?? row.name ?? row.label),
  }));
  return new Map(list.map((p) => [p.id, p]));
}

export function useParameters() {
  return useSWR([PARAMETERS_PATH, 'by-id'], getParameters, { compare: dequal });
}
