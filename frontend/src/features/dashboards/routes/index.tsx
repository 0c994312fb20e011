import type { RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';

/** /userspace/dashboards/{id} (one dashboard) and /userspace/dashboard-management; signed-in users only. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'userspace/dashboards/:id',
    element: lazyView(() => import('./DashboardPage')),
    handle: { requires: { roles: [] } },
  },
  {
    path: 'userspace/dashboard-management',
    element: lazyView(() => import('./DashboardManagementPage')),
    handle: { requires: { roles: [] } },
  },
];
