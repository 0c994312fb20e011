import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerModules } from '../../../app/modules';
import { routes } from '../../../app/routes';
import type { Profile } from '../../../auth/profile';
import { ANONYMOUS_SESSION, SessionContext, type Session } from '../../../auth/session';
import { renderWithProviders } from '../../../test/render';
import { ADMIN_ID } from './fakeAdminServer';

export const PROFILES = {
  /** A system administrator: holds every permission. */
  admin: { id: ADMIN_ID, name: 'Ada Admin', email: 'admin@demo.example', systemRoles: [{ roleName: 'system-admin' }], permissions: [] },
  /** May manage users, not roles. */
  userManager: { id: 'u-ulla', name: 'Ulla Users', email: 'ulla@demo.example', systemRoles: [{ roleName: 'user-manager' }], permissions: ['manage-users'] },
  /** May manage roles, not users. */
  roleManager: { id: 'u-rolf', name: 'Rolf Roles', email: 'rolf@demo.example', systemRoles: [{ roleName: 'role-manager' }], permissions: ['manage-roles'] },
  /** May change the system settings, nothing else of the administration. */
  settingsManager: { id: 'u-sina', name: 'Sina Settings', email: 'sina@demo.example', systemRoles: [{ roleName: 'map-keeper' }], permissions: ['manage-system-settings'] },
  /** Signed in, no administration permission. */
  viewer: { id: 'u-vera', name: 'Vera Viewer', email: 'vera@demo.example', systemRoles: [], permissions: [] },
} satisfies Record<string, Profile>;

/** The whole app at `path`, signed in with this profile (or anonymous with `null`); `overrides` replace parts of the session. */
export function renderAdmin(path: string, profile: Profile | null, overrides: Partial<Session> = {}) {
  registerModules();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const session: Session = profile
    ? { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile, displayName: profile.name ?? '', ...overrides }
    : { ...ANONYMOUS_SESSION, enabled: true, status: 'anonymous', ...overrides };
  const result = renderWithProviders(
    <SessionContext.Provider value={session}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return { ...result, router };
}
