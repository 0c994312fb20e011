import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, demoState, fakeOrganizationsServer } from '../../organizations/test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../../organizations/test/renderWorkspace';
import { resetPendingInvitationOffer } from '../components/PendingInvitationRedirect';
import { holdAnswers } from '../../../test/holdAnswers';
import { OTTOS_INVITATION as INVITATION } from '../test/invitation';

let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('./InvitationPage');
  await import('../../organizations/routes/OrganizationPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  resetPendingInvitationOffer();
  sessionStorage.clear();
  const state = demoState();
  state.pending = [{ token: 'secret-token', invitation: { ...INVITATION } }];
  state.signedIn = { id: 'u-otto', name: 'Otto Outsider', email: 'otto@demo.example' };
  server = fakeOrganizationsServer(state);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

describe('invitation page', () => {
  it('asks a signed-out visitor to sign in first, and the sign-in starts from this page', async () => {
    const signIn = vi.fn();
    renderWorkspace('/sts/invitation/secret-token', null, { signIn });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation' })).toBeInTheDocument();
    expect(screen.getByText('Sign in to see this invitation and accept it. You come back here afterwards.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('main').querySelector('button')!);
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(server.callsTo('GET', '/Invitation/pending')).toHaveLength(0);
  });

  it('shows the organization and role, and accepting joins and opens the organization', async () => {
    const { router } = renderWorkspace('/sts/invitation/secret-token', PROFILES.outsider);
    expect(await screen.findByText('Demo Watershed Council invites you to join as Data contributor.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/Invitation/pending').at(-1)!.query.get('token')).toBe('secret-token');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/userspace/organizations/${DEMO_ORG}/members`));
    expect(server.callsTo('POST', '/Invitation/accept')[0]!.body).toEqual({ token: 'secret-token' });
    expect(await screen.findByText('You joined Demo Watershed Council.')).toBeInTheDocument();
    // The profile was loaded again: the workspace shows the new membership, and focus is on its heading
    // (the Accept button left with its page).
    expect(await screen.findByText('You: Data contributor')).toBeInTheDocument();
    // (Focused by an effect after the heading shows: waited for, as a busy test run may see the moment between.)
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Demo Watershed Council' })).toHaveFocus());
  });

  it('keeps Accept focusable while it is sent (a disabled button drops the focus to the body) and after a refusal', async () => {
    server.fail('POST', /^\/Invitation\/accept$/, 409, 'This invitation has already been accepted.');
    // The server answers the acceptance only when the test says so.
    const answer = holdAnswers(server.fetch, (input) => String(input).includes('/Invitation/accept'));
    renderWorkspace('/sts/invitation/secret-token', PROFILES.outsider);
    const accept = await screen.findByRole('button', { name: 'Accept' });
    await userEvent.click(accept);
    expect(accept).toHaveAttribute('aria-disabled', 'true');
    expect(accept).toBeEnabled();
    // A second press while it is sent does nothing.
    await userEvent.click(accept);
    answer();
    expect(await screen.findByText('This invitation has already been accepted.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/Invitation/accept')).toHaveLength(1);
    expect(accept).toHaveFocus();
    await waitFor(() => expect(accept).not.toHaveAttribute('aria-disabled'));
  });

  it('declining asks once more, then ends it and goes home', async () => {
    const { router } = renderWorkspace('/sts/invitation/secret-token', PROFILES.outsider);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    const confirm = screen.getByRole('dialog', { name: 'Decline the invitation' });
    expect(confirm).toHaveTextContent(
      'Decline the invitation to join Demo Watershed Council? Its link stops working; an administrator can invite you again later.',
    );
    expect(server.callsTo('DELETE', '/Invitation/inv-for-otto')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(server.callsTo('DELETE', '/Invitation/inv-for-otto')).toHaveLength(1);
    expect(await screen.findByText('Invitation declined.')).toBeInTheDocument();
  });

  it("says why an invitation cannot be used, in the server's words", async () => {
    server.state.pending[0]!.invitation.status = 'revoked';
    renderWorkspace('/sts/invitation/secret-token', PROFILES.outsider);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation was revoked.');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it("a link replaced by a newer one (sent again) offers the user's open invitations under the refusal", async () => {
    // A walk: the invitee opened the first email of an invitation sent twice; the page said the link was replaced and
    // offered only the home page, though the invitation it had become was open (its link in the newer email).
    const user = userEvent.setup();
    const { router } = renderWorkspace('/sts/invitation/first-email-token', PROFILES.outsider);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation link is not valid (it may have been replaced by a newer one).');
    const open = await screen.findByRole('region', { name: 'Invitations for you' });
    expect(within(open).getByRole('link', { name: 'Join Demo Watershed Council' })).toHaveAttribute('href', '/sts/invitation/inv-for-otto');
    await user.click(within(open).getByRole('button', { name: 'Accept the invitation to join Demo Watershed Council' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/userspace/organizations/${DEMO_ORG}/members`));
    expect(server.callsTo('POST', '/Invitation/accept')[0]!.body).toEqual({ token: 'inv-for-otto' });
  });

  it('an invitation revoked while the page was open: Accept refused, the page says so instead of offering it again', async () => {
    const user = userEvent.setup();
    renderWorkspace('/sts/invitation/secret-token', PROFILES.outsider);
    const accept = await screen.findByRole('button', { name: 'Accept' });
    server.fail('POST', /^\/Invitation\/accept$/, 410, 'This invitation was revoked.');
    await user.click(accept);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation was revoked.');
    expect(within(alert).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
    // Said once, and the focus (its button gone) is on what it says.
    expect(screen.getAllByText('This invitation was revoked.')).toHaveLength(1);
    expect(alert).toHaveFocus();
  });

  it('an invitation that expired meanwhile: Decline refused, the page says so', async () => {
    const user = userEvent.setup();
    renderWorkspace('/sts/invitation/secret-token', PROFILES.outsider);
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    server.fail('DELETE', /^\/Invitation\/inv-for-otto$/, 410, 'This invitation has expired. Ask a group administrator to send it again.');
    await user.click(within(screen.getByRole('dialog', { name: 'Decline the invitation' })).getByRole('button', { name: 'Decline' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This invitation has expired. Ask a group administrator to send it again.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(alert).toHaveFocus();
  });

  describe('opened while signed in with another account', () => {
    /** The server refuses the link to anyone but its invitee (403). */
    function foreignLink() {
      vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/Invitation/pending?token=')) {
          return new Response(JSON.stringify({ statusCode: 403, message: 'This invitation was sent to another email address.' }), {
            status: 403, headers: { 'Content-Type': 'application/json' },
          });
        }
        return server.fetch(input, init);
      }));
    }

    it('names the signed-in account and signs out to come back to this invitation', async () => {
      foreignLink();
      const signOut = vi.fn();
      renderWorkspace('/sts/invitation/secret-token', PROFILES.viewer, { signOut });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('This invitation was sent to another email address.');
      expect(alert).toHaveTextContent('You are signed in as vera@demo.example.');
      expect(alert).toHaveTextContent('After signing in again you come back to this invitation.');
      expect(within(alert).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');

      await userEvent.click(within(alert).getByRole('button', { name: 'Sign out and sign in with the invited address' }));
      // Signing out comes back to this invitation's page, which asks to sign in and returns here after.
      expect(signOut).toHaveBeenCalledWith('#/sts/invitation/secret-token');
    });

    it('says it in Simplified Chinese', async () => {
      await changeLanguage('zh-CN');
      foreignLink();
      renderWorkspace('/sts/invitation/secret-token', PROFILES.viewer, { signOut: vi.fn() });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('您当前登录的账户是 vera@demo.example。');
      expect(within(alert).getByRole('button', { name: '退出登录，并用受邀的地址重新登录' })).toBeInTheDocument();
      await changeLanguage('en');
    });
  });

  it("the server's refusal is asked for again in the language switched to", async () => {
    // A walk: the refusal of a replaced link stayed in English after a switch to 简体中文 (the rest of the page changed).
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/Invitation/pending?token=')) {
        const chinese = new Headers(init?.headers).get('Accept-Language')?.startsWith('zh');
        const message = chinese ? '此邀请链接无效（可能已被更新的邀请链接取代）。' : 'This invitation link is not valid (it may have been replaced by a newer one).';
        return new Response(JSON.stringify({ statusCode: 404, message }), { status: 404, headers: { 'Content-Type': 'application/json' } });
      }
      return server.fetch(input, init);
    }));
    renderWorkspace('/sts/invitation/first-email-token', PROFILES.outsider);
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is not valid (it may have been replaced by a newer one).');
    await changeLanguage('zh-CN');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('此邀请链接无效（可能已被更新的邀请链接取代）。'));
    await changeLanguage('en');
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace('/sts/invitation/secret-token', PROFILES.outsider);
    expect(await screen.findByText('Demo Watershed Council 邀请您以数据贡献者身份加入。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '接受' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '拒绝' })).toBeInTheDocument();
  });
});

describe('pending invitations on start', () => {
  it('sends a signed-in user with a pending invitation to the first one', async () => {
    const { router } = renderWorkspace('/home', PROFILES.outsider);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sts/invitation/inv-for-otto'));
    expect(await screen.findByText('Demo Watershed Council invites you to join as Data contributor.')).toBeInTheDocument();
  });

  it("offers it once per tab: 'Not now' goes on to the page asked for, and a reload opens that page", async () => {
    const first = renderWorkspace('/sts/overview?mode=table&q=creek', PROFILES.outsider);
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/sts/invitation/inv-for-otto'));
    await userEvent.click(await screen.findByRole('link', { name: 'Not now' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/sts/overview'));
    expect(first.router.state.location.search).toBe('?mode=table&q=creek');
    first.unmount();
    // A reload (a fresh page load in the same tab) stays on the page it opens.
    resetPendingInvitationOffer();
    const again = renderWorkspace('/admin/users', PROFILES.outsider);
    await waitFor(() => expect(server.callsTo('GET', '/Invitation/pending').length).toBeGreaterThanOrEqual(2));
    expect(again.router.state.location.pathname).toBe('/admin/users');
  });

  it('leaves a user without pending invitations where they are', async () => {
    server.state.pending = [];
    const { router } = renderWorkspace('/home', PROFILES.outsider);
    await waitFor(() => expect(server.callsTo('GET', '/Invitation/pending')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/home');
  });

  it('asks nothing for a visitor who is not signed in', async () => {
    renderWorkspace('/home', null);
    await screen.findByRole('button', { name: 'Sign in' });
    expect(server.callsTo('GET', '/Invitation/pending')).toHaveLength(0);
  });
});
