import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerModules } from '../../../app/modules';
import { routes } from '../../../app/routes';
import type { Profile } from '../../../auth/profile';
import { ANONYMOUS_SESSION, SessionContext, type Session } from '../../../auth/session';
import { renderWithProviders } from '../../../test/render';
import { DEMO_ORG, ME, OTHER_ORG } from './fakeOrganizationsServer';

export const PROFILES = {
  /** Group administrator of the demo organization. */
  orgadmin: {
    id: ME, name: 'Olga Orgadmin', email: 'olga@demo.example', systemRoles: [], permissions: [],
    organizationRole: { organizationId: DEMO_ORG, roleName: 'group-admin' },
    organizationRoles: [{ organizationId: DEMO_ORG, roleName: 'group-admin' }],
  },
  /** Simple user of the demo organization: reads. */
  viewer: {
    id: 'u-vera', name: 'Vera Viewer', email: 'vera@demo.example', systemRoles: [], permissions: [],
    organizationRole: { organizationId: DEMO_ORG, roleName: 'simple-user' },
    organizationRoles: [{ organizationId: DEMO_ORG, roleName: 'simple-user' }],
  },
  /** A member of two organizations. */
  twoOrgs: {
    id: 'u-carl', name: 'Carl Contributor', email: 'carl@demo.example', systemRoles: [], permissions: [],
    organizationRole: { organizationId: DEMO_ORG, roleName: 'data-contributor' },
    organizationRoles: [
      { organizationId: DEMO_ORG, roleName: 'data-contributor' },
      { organizationId: OTHER_ORG, roleName: 'simple-user' },
    ],
  },
  /** System administrator, member of nothing. */
  admin: { id: 'u-ada', name: 'Ada Admin', email: 'ada@demo.example', systemRoles: [{ id: 'system-admin', roleName: 'system-admin' }], permissions: [], organizationRoles: [] },
  /** Signed in, in no organization. */
  outsider: { id: 'u-otto', name: 'Otto Outsider', email: 'otto@demo.example', systemRoles: [], permissions: [], organizationRoles: [] },
} satisfies Record<string, Profile>;

/**
 * The session as the app's provider holds it: `setProfile` replaces the profile the screens read (a
 * reloaded profile shows at once), unless the test gives a spy of its own.
 */
function TestSession({ profile: initial, overrides, children }: { profile: Profile | null; overrides: Partial<Session>; children: ReactNode }) {
  const [profile, setProfile] = useState(initial);
  const session: Session = profile
    ? { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile, displayName: profile.name ?? '', setProfile, ...overrides }
    : { ...ANONYMOUS_SESSION, enabled: true, status: 'anonymous', ...overrides };
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** The whole app at `path` with this session (anonymous with `null`); `signIn` and `setProfile` are spies when given. */
export function renderWorkspace(path: string, profile: Profile | null, overrides: Partial<Session> = {}) {
  registerModules();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = renderWithProviders(
    <TestSession profile={profile} overrides={overrides}>
      <RouterProvider router={router} />
    </TestSession>,
  );
  return { ...result, router };
}
