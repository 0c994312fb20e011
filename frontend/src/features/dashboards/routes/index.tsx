import type { RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';

/** /userspace/dashboards/{id} (one dashboard) and /userspace/dashboard-management; signed-in users only. */
export const dashboardRoutes: RouteObject[] = [
  {
    path: 'userspace/dashboards/:id',
    element: lazyView(() => import('./DashboardPage')),
    // The page names itself after the dashboard once it is loaded.
    handle: { requires: { roles: [] }, title: 'dashboards.menu.title' },
  },
  {
    path: 'userspace/dashboard-management',
    element: lazyView(() => import('./DashboardManagementPage')),
    handle: { requires: { roles: [] }, title: 'dashboards.management.title' },
  },
];
