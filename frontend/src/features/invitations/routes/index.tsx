import type { RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';

/** /sts/invitation/{token} (relative to /sts): open to everyone, the page asks a visitor to sign in. */
export const invitationStsRoutes: RouteObject[] = [
  { path: 'invitation/:token', element: lazyView(() => import('./InvitationPage')) },
];

/** /userspace/invitation: invitation management; declares an empty roles list (any signed-in user). */
export const invitationRoutes: RouteObject[] = [
  { path: 'userspace/invitation', element: lazyView(() => import('./InvitationsPage')), handle: { requires: { roles: [] } } },
];
