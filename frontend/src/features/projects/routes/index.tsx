import type { RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';

/** A project's page, inside its organization's workspace; its members and system administrators. */
export const projectRoutes: RouteObject[] = [
  {
    path: 'userspace/organizations/:organizationId/projects/:projectId/:tab?',
    element: lazyView(() => import('./ProjectPage')),
    // The page names itself after the project and its tab once the project is loaded.
    handle: { requires: { roles: [] }, title: 'projects.title' },
  },
];
