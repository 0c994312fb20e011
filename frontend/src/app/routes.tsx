import { Navigate, type RouteObject } from 'react-router';
import { LoginPage } from '../auth/LoginPage';
import { adminRoutes } from '../features/admin/routes';
import { apiReferenceRoutes } from '../features/apiReference/routes';
import { dashboardRoutes } from '../features/dashboards/routes';
import { explorerRoutes } from '../features/explorer/routes';
import { PendingInvitations } from '../features/invitations/components/PendingInvitations';
import { invitationRoutes, invitationStsRoutes } from '../features/invitations/routes';
import { ORGANIZATIONS_PAGE_PATH } from '../features/organizations/paths';
import { organizationRoutes, organizationStsRoutes } from '../features/organizations/routes';
import { contactMessageRoutes, infoPageRoutes } from '../features/pages/routes';
import { projectRoutes } from '../features/projects/routes';
import { stationRoutes } from '../features/stations/routes';
import type { RouteTitle } from '../shell/documentTitle';
import { lazyView, Spinner } from '../shell/LazyView';
import { ROUTE_NAMES } from '../shell/navigation';
import { ForbiddenPage, NotFoundPage, RedirectToNotFound, withRouteProps } from './ErrorPages';
import { HomePage } from './HomePage';
import { Layout, type RouteHandle } from './Layout';
import { HOME_PATH } from './paths';
import { RouteError } from './RouteError';

/** Names in the browser tab the pages of routes that name none themselves (and no menu entry leads to). */
function withTitle(routes: RouteObject[], title: RouteTitle): RouteObject[] {
  return routes.map((route) => ({ ...route, handle: { title, ...(route.handle as RouteHandle | undefined) } }));
}

/**
 * My organizations, followed by the signed-in user's own open invitations (Accept, Decline): someone in no
 * organization yet, told that a group administrator can invite them, finds there the invitation they passed over.
 */
function withOwnInvitations(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) =>
    `/${route.path}` === ORGANIZATIONS_PAGE_PATH
      ? {
          ...route,
          element: (
            <>
              {route.element}
              <PendingInvitations />
            </>
          ),
        }
      : route,
  );
}

/**
 * The pages of each feature, composed here (features do not import each other). Each feature
 * exports its own array of routes; add a feature by adding its array to this list. A route may
 * declare `handle: { requires: { roles: [...] } }` (or `permissions`) to show only to users
 * holding them, and `handle: { title }` to name its page in the browser tab (else the menu entry
 * leading to it names it).
 */
const featureRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...adminRoutes,
  ...contactMessageRoutes,
  ...invitationRoutes,
  ...withTitle(withOwnInvitations(organizationRoutes), ({ tab }) => (tab ? `organizations.tabs.${tab}` : 'organizations.list.title')),
  ...projectRoutes,
  ...apiReferenceRoutes,
  {
    path: 'sts',
    children: [
      ...explorerRoutes,
      ...stationRoutes,
      ...infoPageRoutes,
      ...withTitle(invitationStsRoutes, 'invitations.page.title'),
      ...organizationStsRoutes,
    ],
  },
];

/**
 * Every route of the SPA. The layout route is the route named `index` (modules' views are its
 * children); pages load lazily (spinner after 300 ms, 'Component load failed' after 8 s or on error).
 */
export const routes: RouteObject[] = [
  {
    id: ROUTE_NAMES.index,
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner />,
    handle: { name: ROUTE_NAMES.index },
    children: [
      {
        // Errors inside a page keep the header (and so the language switch) on screen.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          { path: 'home', element: <HomePage /> },
          { id: ROUTE_NAMES.login, path: 'login', element: <LoginPage />, handle: { title: 'auth.login.title' } },
          {
            path: 'profile',
            element: lazyView(() => import('../auth/ProfilePage')),
            handle: { requires: { roles: [] }, title: 'auth.profile.title' },
          },
          ...featureRoutes,
          { id: ROUTE_NAMES.forbidden, path: '403', Component: withRouteProps(ForbiddenPage) },
          { id: ROUTE_NAMES.notFound, path: '404', Component: withRouteProps(NotFoundPage) },
          { path: '*', element: <RedirectToNotFound /> },
        ],
      },
    ],
  },
];
