import { Navigate, type RouteObject } from 'react-router';
import { meets } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { lazyView } from '../../../shell/LazyView';
import { FORBIDDEN_PATH } from '../../../shell/navigation';
import { ADMIN_PATHS, AUDIT_REQUIREMENT, ROLES_REQUIREMENT, SETTINGS_REQUIREMENT, USERS_REQUIREMENT } from '../permissions';

/** /admin: the first administration screen this user may use. */
function AdminIndex() {
  const { profile } = useSession();
  if (meets(profile, USERS_REQUIREMENT)) return <Navigate to={ADMIN_PATHS.users} replace />;
  if (meets(profile, ROLES_REQUIREMENT)) return <Navigate to={ADMIN_PATHS.roles} replace />;
  if (meets(profile, SETTINGS_REQUIREMENT)) return <Navigate to={ADMIN_PATHS.settings} replace />;
  return <Navigate to={FORBIDDEN_PATH} replace />;
}

/** The administration screens; each declares the permission it needs (the layout's gate checks it). */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    children: [
      { index: true, element: <AdminIndex />, handle: { requires: { roles: [] } } },
      { path: 'users', element: lazyView(() => import('./UsersPage')), handle: { requires: USERS_REQUIREMENT } },
      { path: 'roles', element: lazyView(() => import('./RolesPage')), handle: { requires: ROLES_REQUIREMENT } },
      { path: 'permissions', element: lazyView(() => import('./PermissionsPage')), handle: { requires: ROLES_REQUIREMENT } },
      { path: 'audit', element: lazyView(() => import('./AuditPage')), handle: { requires: AUDIT_REQUIREMENT } },
      { path: 'settings', element: lazyView(() => import('./SystemSettingsPage')), handle: { requires: SETTINGS_REQUIREMENT } },
    ],
  },
];
