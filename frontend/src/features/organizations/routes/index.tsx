import type { RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';

/** /sts/org-info (relative to /sts): organization info; declares an empty roles list (spec section 2). */
export const organizationStsRoutes: RouteObject[] = [
  { path: 'org-info', element: lazyView(() => import('./OrgInfoPage')), handle: { requires: { roles: [] } } },
];

/** /userspace/organizations and an organization's workspace /userspace/organizations/{id}/{tab}. */
export const organizationRoutes: RouteObject[] = [
  { path: 'userspace/organizations', element: lazyView(() => import('./OrganizationsPage')), handle: { requires: { roles: [] } } },
  {
    path: 'userspace/organizations/:organizationId/:tab?',
    element: lazyView(() => import('./OrganizationPage')),
    handle: { requires: { roles: [] } },
  },
];
