import type { ShellModule } from '../../shell/registry';
import { PendingInvitationRedirect } from './components/PendingInvitationRedirect';

/** Invitations: on start, a signed-in user with a pending invitation is taken to it (spec section 2). */
export const invitationsModule: ShellModule = {
  name: 'invitations',
  headerTools: [{ key: 'pending-invitations', component: PendingInvitationRedirect, priority: -100, requires: { roles: [] } }],
};
