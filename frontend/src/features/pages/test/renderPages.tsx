import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerModules } from '../../../app/modules';
import { routes } from '../../../app/routes';
import type { Profile } from '../../../auth/profile';
import { ANONYMOUS_SESSION, SessionContext, type Session } from '../../../auth/session';
import { renderWithProviders } from '../../../test/render';

export const SYSTEM_ADMIN_PROFILE: Profile = {
  id: 'u-ada', name: 'Ada Admin', email: 'admin@demo.example', systemRoles: [{ id: 'system-admin', roleName: 'system-admin' }], permissions: [],
};
export const VIEWER_PROFILE: Profile = { id: 'u-vera', name: 'Vera Viewer', email: 'vera@demo.example', systemRoles: [], permissions: [] };

/** The whole app at `path`, signed in with this profile (anonymous without one). */
export function renderPages(path: string, profile: Profile | null = null) {
  registerModules();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const session: Session = profile
    ? { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile, displayName: profile.name ?? '' }
    : { ...ANONYMOUS_SESSION, enabled: true, status: 'anonymous' };
  const result = renderWithProviders(
    <SessionContext.Provider value={session}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return { ...result, router };
}
