import { RequestQueryBuilder } from '@dataui/crud-request';
import useSWR, { useSWRConfig } from 'swr';
import { del, get, post } from '../../../api/client';
import { patchSeen } from '../../../api/versions';
import type { Project } from './types';

/** GET /project?filter=organizationId||$eq||{id} (the projects of one organization); POST, PATCH, DELETE /project. */
export const PROJECTS_PATH = '/project';

function organizationProjectsQuery(organizationId: string): string {
  return RequestQueryBuilder.create()
    .setFilter({ field: 'organizationId', operator: '$eq', value: organizationId })
    .sortBy({ field: 'name', order: 'ASC' })
    .setLimit(1000)
    .query();
}

export function useOrganizationProjects(organizationId: string) {
  const query = organizationProjectsQuery(organizationId);
  return useSWR([PROJECTS_PATH, organizationId], async () => {
    const body = await get<Project[] | { data: Project[] }>(`${PROJECTS_PATH}?${query}`);
    return Array.isArray(body) ? body : (body?.data ?? []);
  });
}

export type ProjectFields = Pick<Project, 'name' | 'description'> & { projectKey?: string };

export function useProjectActions(organizationId: string) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate([PROJECTS_PATH, organizationId]);
  return {
    create: async (fields: ProjectFields) => {
      const created = await post<Project>(PROJECTS_PATH, { ...fields, organizationId });
      await refresh();
      return created;
    },
    /** The name or description changed from the project as shown, for its version (api/versions.ts). */
    update: async (project: Project, fields: ProjectFields) => {
      await patchSeen(`${PROJECTS_PATH}/${encodeURIComponent(project.id)}`, project, { name: fields.name, description: fields.description });
      await refresh();
    },
    remove: async (id: string) => {
      await del(`${PROJECTS_PATH}/${encodeURIComponent(id)}`);
      await refresh();
    },
  };
}

/** A project as GET /project/getIdsByOrganizationIds names it. */
export interface ProjectName {
  id: string;
  name: string;
  organizationId: string;
}

/** GET /project/getIdsByOrganizationIds?organizationId=a,b: the named projects of these organizations, by name. */
export function useProjectsOf(organizationIds: string[]) {
  const ids = [...organizationIds].sort();
  return useSWR(ids.length ? ['/project/getIdsByOrganizationIds', ...ids] : null, async () =>
    (await get<ProjectName[]>('/project/getIdsByOrganizationIds', { params: { organizationId: ids.join(',') } })) ?? [],
  );
}
