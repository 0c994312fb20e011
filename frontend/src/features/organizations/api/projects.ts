import { RequestQueryBuilder } from '@dataui/crud-request';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError, del, get, post } from '../../../api/client';
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

/** Read again when the person comes back to the browser tab: someone else may have changed the projects meanwhile. */
export function useOrganizationProjects(organizationId: string) {
  const query = organizationProjectsQuery(organizationId);
  return useSWR(
    [PROJECTS_PATH, organizationId],
    async () => {
      const body = await get<Project[] | { data: Project[] }>(`${PROJECTS_PATH}?${query}`);
      return Array.isArray(body) ? body : (body?.data ?? []);
    },
    { revalidateOnFocus: true },
  );
}

/** A project deleted (by someone else) since the screen listed it: the server no longer knows it. */
export function isProjectGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export type ProjectFields = Pick<Project, 'name' | 'description'> & { projectKey?: string };

export function useProjectActions(organizationId: string) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate([PROJECTS_PATH, organizationId]);
  /** The change, then the list read again; also after a 404 (the project was deleted meanwhile: the list shows it gone). */
  const changing = async (change: () => Promise<unknown>) => {
    try {
      await change();
    } catch (error) {
      if (isProjectGone(error)) await refresh();
      throw error;
    }
    await refresh();
  };
  return {
    create: async (fields: ProjectFields) => {
      const created = await post<Project>(PROJECTS_PATH, { ...fields, organizationId });
      await refresh();
      return created;
    },
    /** The name or description changed from the project as shown, for its version (api/versions.ts). */
    update: (project: Project, fields: ProjectFields) =>
      changing(() => patchSeen(`${PROJECTS_PATH}/${encodeURIComponent(project.id)}`, project, { name: fields.name, description: fields.description })),
    remove: (id: string) => changing(() => del(`${PROJECTS_PATH}/${encodeURIComponent(id)}`)),
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
