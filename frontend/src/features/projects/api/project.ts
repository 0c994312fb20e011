import useSWR from 'swr';
import { get } from '../../../api/client';
import type { Project } from './types';

/** GET /project/{id}. */
export function useProject(projectId: string) {
  return useSWR(['/project', projectId], () => get<Project>(`/project/${encodeURIComponent(projectId)}`));
}
