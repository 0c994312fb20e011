import useSWR from 'swr';
import { get } from '../../../api/client';
import { rowsOf, toOptions, type Option } from './options';

/**
 * GET /project/getIdsByOrganizationIds?organizationId=a&organizationId=b → projectId and
 * projectName, shown as id and name; with no organization the general project list comes back.
 * Only projects with a name are kept (spec: derived shapes).
 */
export const PROJECT_IDS_PATH = '/project/getIdsByOrganizationIds';

export async function getProjectOptions(organizationIds: string[]): Promise<Option[]> {
  const body = await get(PROJECT_IDS_PATH, { params: { organizationId: organizationIds } });
  const named = rowsOf(body).filter((row) => typeof (row.name ?? row.projectName) === 'string' && (row.name ?? row.projectName) !== '');
  return toOptions(named, ['id', 'projectId'], ['name', 'projectName']);
}

export function useProjectOptions(organizationIds: string[]) {
  return useSWR([PROJECT_IDS_PATH, organizationIds.join(',')], () => getProjectOptions(organizationIds));
}
