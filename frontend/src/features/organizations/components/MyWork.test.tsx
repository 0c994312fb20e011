import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { toast } from '../../../shell/toast';
import { resetPendingInvitationOffer } from '../../invitations/components/PendingInvitationRedirect';
import { DEMO_ORG, OTHER_ORG, demoState, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('../../system/components/SystemInfoPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  resetPendingInvitationOffer();
  server = fakeOrganizationsServer(demoState());
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

describe('home page for a signed-in member', () => {
  it('leads to each of their organizations, its projects and stations', async () => {
    renderWorkspace('/home', PROFILES.twoOrgs);
    const work = await screen.findByRole('region', { name: 'Your work' });
    expect(await within(work).findByRole('link', { name: 'Demo Watershed Council' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}`);
    expect(within(work).getByRole('link', { name: 'River Keepers' })).toHaveAttribute('href', `/userspace/organizations/${OTHER_ORG}`);
    expect(within(work).getAllByRole('link', { name: 'Projects' })[0]).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects`);
    expect(within(work).getByText('Data contributor')).toBeInTheDocument();
  });

  it('lists pending invitations', async () => {
    server.state.pending = [{ token: 't', invitation: { id: 'inv-x', organizationName: 'River Keepers', status: 'pending' } }];
    const { router } = renderWorkspace('/home', PROFILES.outsider);
    // On start the first one is offered; back on the home page they are listed.
    await waitFor(() => expect(router.state.location.pathname).toBe('/sts/invitation/inv-x'));
    await act(() => router.navigate('/home'));
    const invitations = await screen.findByRole('region', { name: 'Invitations for you' });
    expect(within(invitations).getByRole('link', { name: 'Join River Keepers' })).toHaveAttribute('href', '/sts/invitation/inv-x');
  });

  it('shows nothing of it to someone in no organization', async () => {
    renderWorkspace('/home', PROFILES.outsider);
    await screen.findByRole('heading', { level: 1, name: 'Open Water Data' });
    expect(screen.queryByRole('region', { name: 'Your work' })).not.toBeInTheDocument();
  });
});
