// The whole dequal compares readings held as Maps: SWR's own comparison (dequal/lite) takes any two Maps as equal.
import { dequal } from 'dequal';
import useSWR from 'swr';
import { get } from '../../../api/client';
import { rowsOf, text } from './rows';

/** GET /project/getIdsByOrganizationIds?organizationId=…: an organization's projects as {id, name}. */
export const PROJECT_IDS_PATH = '/project/getIdsByOrganizationIds';

export async function getProjectNames(organizationId: string): Promise<Map<string, string>> {
  const rows = rowsOf(await get(PROJECT_IDS_PATH, { params: { organizationId } }));
  return new Map(
    rows
      .map((r) => [text(r.id ?? r.projectId), text(r.name ?? r.projectName)] as const)
      .filter(([, name]) => name !== ''),
  );
}

export function useProjectNames(organizationId: string | undefined) {
  return useSWR(organizationId ? [PROJECT_IDS_PATH, organizationId, 'names-by-id'] : null, () => getProjectNames(organizationId as string), {
    compare: dequal,
  });
}
