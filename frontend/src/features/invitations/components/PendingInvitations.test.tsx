import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, demoState, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';
import { resetPendingInvitationOffer } from './PendingInvitationRedirect';
import { OTTOS_INVITATION as INVITATION } from '../test/invitation';

let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('../routes/InvitationsPage');
  await import('../../organizations/routes/OrganizationsPage');
  await import('../../organizations/routes/OrganizationPage');
});

beforeEach(async () => {
  await changeLanguage('en');
  setApiBase(undefined);
  toast.clear();
  resetPendingInvitationOffer();
  sessionStorage.clear();
  // Otto was sent to the invitation once and pressed "Not now": it is not offered again in this tab.
  sessionStorage.setItem('invitations-offered', JSON.stringify(['inv-for-otto']));
  const state = demoState();
  state.pending = [{ token: 'secret-token', invitation: { ...INVITATION } }];
  state.signedIn = { id: 'u-otto', name: 'Otto Outsider', email: 'otto@demo.example' };
  server = fakeOrganizationsServer(state);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

const yours = () => screen.findByRole('region', { name: 'Invitations for you' });

describe('an invitation passed over with "Not now"', () => {
  it('is listed on the Invitations page of someone who administers nothing, and Accept joins the organization', async () => {
    const user = userEvent.setup();
    const { router } = renderWorkspace('/userspace/invitation', PROFILES.outsider);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitations' })).toBeInTheDocument();
    const region = await yours();
    expect(within(region).getByRole('link', { name: 'Join Demo Watershed Council' })).toHaveAttribute('href', '/sts/invitation/inv-for-otto');
    expect(region).toHaveTextContent('Role: Data contributor');
    // Still said who invites people, below.
    expect(screen.getByText('Only group administrators invite people. You do not administer an organization.')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Accept the invitation to join Demo Watershed Council' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/userspace/organizations/${DEMO_ORG}/members`));
    expect(server.callsTo('POST', '/Invitation/accept')[0]!.body).toEqual({ token: 'inv-for-otto' });
    expect(await screen.findByText('You joined Demo Watershed Council.')).toBeInTheDocument();
  });

  it('is declined from the Invitations page after a confirmation, and leaves the list', async () => {
    const user = userEvent.setup();
    renderWorkspace('/userspace/invitation', PROFILES.outsider);
    const region = await yours();
    await user.click(within(region).getByRole('button', { name: 'Decline the invitation to join Demo Watershed Council' }));
    const confirm = screen.getByRole('dialog', { name: 'Decline the invitation' });
    expect(server.callsTo('DELETE', '/Invitation/inv-for-otto')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Decline' }));

    expect(await screen.findByText('Invitation declined.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/Invitation/inv-for-otto')).toHaveLength(1);
    expect(await within(region).findByText('You have no open invitations. When a group administrator invites you, the invitation shows here.')).toBeInTheDocument();
    expect(within(region).queryByRole('link', { name: 'Join Demo Watershed Council' })).not.toBeInTheDocument();
  });

  it('says there are none on the Invitations page when nobody invited the user', async () => {
    server.state.pending = [];
    renderWorkspace('/userspace/invitation', PROFILES.outsider);
    expect(await within(await yours()).findByText('You have no open invitations. When a group administrator invites you, the invitation shows here.')).toBeInTheDocument();
  });

  it('is listed under an empty My organizations, with Accept and Decline', async () => {
    renderWorkspace('/userspace/organizations', PROFILES.outsider);
    expect(await screen.findByText('You do not belong to an organization yet. A group administrator can invite you.')).toBeInTheDocument();
    const region = await yours();
    expect(within(region).getByRole('link', { name: 'Join Demo Watershed Council' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Accept the invitation to join Demo Watershed Council' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Decline the invitation to join Demo Watershed Council' })).toBeInTheDocument();
  });

  it('adds nothing to My organizations when there is no invitation', async () => {
    server.state.pending = [];
    renderWorkspace('/userspace/organizations', PROFILES.outsider);
    await screen.findByText('You do not belong to an organization yet. A group administrator can invite you.');
    await waitFor(() => expect(server.callsTo('GET', '/Invitation/pending').length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'Invitations for you' })).not.toBeInTheDocument();
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace('/userspace/invitation', PROFILES.outsider);
    const region = await screen.findByRole('region', { name: '您的邀请' });
    expect(within(region).getByRole('link', { name: '加入 Demo Watershed Council' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '接受加入 Demo Watershed Council 的邀请' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '拒绝加入 Demo Watershed Council 的邀请' })).toBeInTheDocument();
    await changeLanguage('en');
  });
});
