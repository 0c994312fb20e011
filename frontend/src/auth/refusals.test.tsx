import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../api/client';
import { changeLanguage } from '../i18n';
import { DEMO_ORG, fakeOrganizationsServer, ME } from '../features/organizations/test/fakeOrganizationsServer';
import { toast } from '../shell/toast';
import { renderAppSignedIn } from '../test/render';
import { rereadOnRefusal } from './refusals';

/**
 * The screens follow the signed-in user's current roles: a refusal (403) of the server, or coming back to the
 * browser tab, reads their profile again, so that controls they may no longer use leave the screen.
 */

const NEEDS_GROUP_ADMIN = 'You need to be a group administrator of this organization.';
const MEMBERS = `/userspace/organizations/${DEMO_ORG}/members`;
const PROJECT = `/userspace/organizations/${DEMO_ORG}/projects/p-creek`;

let server: ReturnType<typeof fakeOrganizationsServer>;

/** Olga (the fake server's signed-in user, a group administrator of the demo organization) signed in, at `path`;
 * a return to the tab read at once (the app waits SWR's 5 s after a read). */
const renderSignedIn = (path: string) => renderAppSignedIn(path, { sub: ME, name: 'Olga Orgadmin' }, { focusThrottleInterval: 0 });

/** Another group administrator makes Olga a simple member of the demo organization (the server knows, her screen not yet). */
function demoteOlga() {
  server.state.members[DEMO_ORG]!.find((m) => m.userId === ME)!.roleName = 'simple-user';
}

const profileReads = () => server.callsTo('GET', '/auth/profile').length;

/** The person comes back to the browser tab. */
function comeBack() {
  act(() => {
    fireEvent(document, new Event('visibilitychange'));
    fireEvent(window, new Event('focus'));
  });
}

beforeAll(async () => {
  // The pages' lazily loaded modules, loaded before the first test waits for them.
  await Promise.all([import('../features/organizations/routes/OrganizationPage'), import('../features/projects/routes/ProjectPage')]);
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeOrganizationsServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

describe("a group administrator's role taken away meanwhile", () => {
  it('a change the server refuses (403) says its message, and the group-admin controls leave once the profile is read again', async () => {
    await renderSignedIn(MEMBERS);
    const carl = await screen.findByRole('combobox', { name: 'Role of Carl Contributor' });
    expect(screen.getByRole('link', { name: 'Invite someone' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Vera Viewer' })).toBeInTheDocument();
    expect(screen.getByText('You: Group administrator')).toBeInTheDocument();
    expect(profileReads()).toBe(1);

    demoteOlga();
    server.fail('PUT', /\/members\/u-carl$/, 403, NEEDS_GROUP_ADMIN);
    await userEvent.selectOptions(carl, 'simple-user');
    await userEvent.click(screen.getByRole('button', { name: 'Save role of Carl Contributor' }));

    // The refused change says the server's words, as before.
    expect(await screen.findByText(NEEDS_GROUP_ADMIN)).toBeInTheDocument();
    // The profile read again says member: what only a group administrator may do is no longer offered.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Invite someone' })).not.toBeInTheDocument());
    expect(screen.queryAllByRole('combobox', { name: /^Role of / })).toEqual([]);
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.getByText('You: Member')).toBeInTheDocument();
    // Leaving is still for anyone; the members list, read again, shows Olga's role as it is now.
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
    const olga = screen.getByRole('row', { name: /Olga Orgadmin/ });
    await waitFor(() => expect(within(olga).getByRole('cell', { name: 'Member' })).toBeInTheDocument());
    // Read once for the refusal: the reads that follow it (refused or not) start no other.
    expect(profileReads()).toBe(2);
  });

  it('refusals one after another read the profile once', async () => {
    await renderSignedIn(MEMBERS);
    await screen.findByRole('combobox', { name: 'Role of Carl Contributor' });
    // Refused for a reason the profile does not tell (Olga is still a group administrator): twice, then a third time.
    server.fail('DELETE', /\/members\/u-vera$/, 403, NEEDS_GROUP_ADMIN);
    server.fail('DELETE', /\/members\/u-vera$/, 403, NEEDS_GROUP_ADMIN);
    for (let attempt = 0; attempt < 2; attempt++) {
      await userEvent.click(screen.getByRole('button', { name: 'Remove Vera Viewer' }));
      await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove member' })).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.getAllByText(NEEDS_GROUP_ADMIN)).toHaveLength(attempt + 1));
      await userEvent.click(within(screen.getByRole('dialog', { name: 'Remove member' })).getByRole('button', { name: 'Cancel' }));
    }
    await waitFor(() => expect(profileReads()).toBe(2));
    // The controls stay: the profile read again still says group administrator.
    expect(screen.getByRole('link', { name: 'Invite someone' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(profileReads()).toBe(2);
  });

  it('coming back to the browser tab reads the profile again: the controls follow the role as it is now', async () => {
    await renderSignedIn(MEMBERS);
    await screen.findByRole('link', { name: 'Invite someone' });
    demoteOlga();
    comeBack();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Invite someone' })).not.toBeInTheDocument());
    expect(screen.queryAllByRole('combobox', { name: /^Role of / })).toEqual([]);
    expect(screen.getByText('You: Member')).toBeInTheDocument();
    expect(profileReads()).toBe(2);
  });

  it("a contributor made a simple member loses the project's Imports tab, and is told why on it", async () => {
    await renderSignedIn(`${PROJECT}/imports`);
    const tabs = await screen.findByRole('navigation', { name: 'Project sections' });
    expect(within(tabs).getByRole('link', { name: 'Imports' })).toBeInTheDocument();
    demoteOlga();
    comeBack();
    expect(await screen.findByText('Only data contributors and group administrators of the organization can import data into this project.')).toBeInTheDocument();
    expect(within(tabs).queryByRole('link', { name: 'Imports' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a file')).not.toBeInTheDocument();
  });

  it('in Simplified Chinese too', async () => {
    await changeLanguage('zh-CN');
    await renderSignedIn(`${PROJECT}/imports`);
    const tabs = await screen.findByRole('navigation', { name: '项目栏目' });
    expect(within(tabs).getByRole('link', { name: '导入' })).toBeInTheDocument();
    demoteOlga();
    comeBack();
    expect(await screen.findByText('只有该组织的数据贡献者和组管理员才能向此项目导入数据。')).toBeInTheDocument();
    expect(within(tabs).queryByRole('link', { name: '导入' })).not.toBeInTheDocument();
  });

  it('a re-read that the session has ended answers (401) keeps the page under the sign-in dialog', async () => {
    await renderSignedIn(MEMBERS);
    await screen.findByRole('link', { name: 'Invite someone' });
    server.fail('GET', /^\/auth\/profile$/, 401, 'Unauthorized');
    comeBack();
    expect(await screen.findByRole('dialog', { name: 'Sign in again' })).toBeInTheDocument();
    // The call resolves with nothing after its back-off: the profile read before stays, and the page with it.
    await new Promise((resolve) => setTimeout(resolve, 2300));
    expect(screen.getByRole('combobox', { name: 'Role of Carl Contributor' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invite someone' })).toBeInTheDocument();
  });
});

describe('rereadOnRefusal', () => {
  const setup = () => {
    let clock = 1_000;
    let profile: unknown = { id: 'u-1', organizationRoles: [{ organizationId: 'o-1', roleName: 'group-admin' }] };
    let answer: unknown = profile;
    const reread = vi.fn(async () => {
      profile = answer;
      return answer;
    });
    const refused = rereadOnRefusal({ reread, current: () => profile, quietMs: 5000, now: () => clock });
    return {
      reread,
      refuse: (url: string, method: 'GET' | 'PUT' = 'PUT') => refused({ method, url }) as Promise<void> | undefined,
      wait: (ms: number) => (clock += ms),
      answerWith: (next: unknown) => (answer = next),
    };
  };

  it('reads the profile again on a refusal; refusals during the re-read, or shortly after it, join it', async () => {
    const { reread, refuse, wait } = setup();
    const first = refuse('/api/v1/organization/o-1/members/u-2');
    refuse('/api/v1/organization/o-1/members/u-3');
    await first;
    wait(4_000);
    refuse('/api/v1/organization/o-1/wqx-account', 'GET');
    expect(reread).toHaveBeenCalledTimes(1);
    // Later, another call refused: read again.
    wait(2_000);
    await refuse('/api/v1/organization/o-1/wqx-account', 'GET');
    expect(reread).toHaveBeenCalledTimes(2);
  });

  it('does not read again for a call refused again while the profile is as its re-read found it', async () => {
    const { reread, refuse, wait, answerWith } = setup();
    await refuse('/api/v1/organization/o-1/import-history', 'GET');
    wait(60_000);
    await refuse('/api/v1/organization/o-1/import-history', 'GET');
    expect(reread).toHaveBeenCalledTimes(1);
    // Once the profile has changed (a role taken away, seen on coming back to the tab), its refusal says something again.
    answerWith({ id: 'u-1', organizationRoles: [{ organizationId: 'o-1', roleName: 'data-contributor' }] });
    await refuse('/api/v1/organization/o-1/members/u-2');
    wait(60_000);
    await refuse('/api/v1/organization/o-1/import-history', 'GET');
    expect(reread).toHaveBeenCalledTimes(3);
  });

  it("never reads again for the profile's own refusal, and survives a re-read that fails", async () => {
    const { reread, refuse, wait } = setup();
    refuse('/api/v1/auth/profile', 'GET');
    expect(reread).not.toHaveBeenCalled();
    reread.mockRejectedValueOnce(new Error('offline'));
    await refuse('/api/v1/organization/o-1/members/u-2');
    wait(6_000);
    await refuse('/api/v1/organization/o-1/members/u-2');
    expect(reread).toHaveBeenCalledTimes(2);
  });
});
