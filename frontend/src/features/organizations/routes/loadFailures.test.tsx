import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { jsonResponse } from '../../../test/render';
import { DEMO_ORG, OTHER_ORG, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;
/** While set, GETs of matching paths fail: no answer at all ('offline'), or this status with the server's words. */
let outage: { path: RegExp; answer: 'offline' | 500 | 503 } | null;

beforeAll(async () => {
  await import('./OrganizationPage');
  await import('./OrgInfoPage');
});

beforeEach(async () => {
  await changeLanguage('en');
  setApiBase(undefined);
  toast.clear();
  outage = null;
  server = fakeOrganizationsServer();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      if (outage && (init?.method ?? 'GET') === 'GET' && outage.path.test(path)) {
        if (outage.answer === 'offline') throw new TypeError('Failed to fetch');
        const message = outage.answer === 503 ? 'Service Unavailable' : 'Internal Server Error';
        return jsonResponse(outage.answer, { statusCode: outage.answer, message });
      }
      return server.fetch(input, init);
    }),
  );
});

const workspace = (tab: string) => `/userspace/organizations/${DEMO_ORG}/${tab}`;

describe('an organization page that cannot be loaded', () => {
  it('keeps its heading and tabs, says the server is unavailable in plain words, and loads again on "Try again"', async () => {
    outage = { path: new RegExp(`^/organization/${DEMO_ORG}$`), answer: 503 };
    renderWorkspace(workspace('projects'), PROFILES.orgadmin);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The organization could not be loaded.');
    expect(alert).toHaveTextContent('The server did not answer in time or is unavailable (HTTP 503). Try again in a moment.');
    expect(alert).toHaveTextContent('Details: Service Unavailable');
    expect(screen.getByRole('heading', { level: 1, name: 'Organization' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Organization sections' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Members', 'Projects', 'Stations', 'Parameters', 'Settings']);

    outage = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Watershed Council' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Creek survey' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the organization from the profile when it knows it', async () => {
    outage = { path: new RegExp(`^/organization/${DEMO_ORG}$`), answer: 'offline' };
    const profile = {
      ...PROFILES.orgadmin,
      organizationRoles: [{ organizationId: DEMO_ORG, roleName: 'group-admin', organizationName: 'Demo Watershed Council' }],
    };
    renderWorkspace(workspace('members'), profile);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not reach the server. Check your connection, then try again.');
    expect(alert).toHaveTextContent('Details: Failed to fetch');
    expect(screen.getByRole('heading', { level: 1, name: 'Demo Watershed Council' })).toBeInTheDocument();
  });

  it("a tab that cannot be loaded keeps the organization's heading and tabs around its own message", async () => {
    outage = { path: /^\/project$/, answer: 'offline' };
    renderWorkspace(workspace('projects'), PROFILES.orgadmin);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The projects could not be loaded.');
    expect(alert).toHaveTextContent('Could not reach the server. Check your connection, then try again.');
    expect(screen.getByRole('heading', { level: 1, name: 'Demo Watershed Council' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Organization sections' })).toBeInTheDocument();

    outage = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Creek survey' })).toBeInTheDocument();
  });

  it('the members tab says a server failure in plain words', async () => {
    outage = { path: new RegExp(`^/organization/${DEMO_ORG}/members$`), answer: 500 };
    renderWorkspace(workspace('members'), PROFILES.orgadmin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The members could not be loaded.');
    expect(alert).toHaveTextContent('The server ran into a problem and could not answer.');
    expect(alert).toHaveTextContent('Details: HTTP 500 · Internal Server Error');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('the stations tab says a failure in plain words too, and loads again on "Try again"', async () => {
    outage = { path: /^\/station$/, answer: 503 };
    renderWorkspace(workspace('stations'), PROFILES.orgadmin);
    const stations = await screen.findByRole('alert');
    expect(stations).toHaveTextContent('The stations could not be loaded.');
    outage = null;
    await userEvent.click(within(stations).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Mill Creek')).toBeInTheDocument();
  });

  it('the settings tab says a failure in plain words', async () => {
    outage = { path: /\/settings\//, answer: 'offline' };
    renderWorkspace(workspace('settings'), PROFILES.orgadmin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The settings could not be loaded.');
    expect(alert).toHaveTextContent('Could not reach the server.');
  });

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    outage = { path: new RegExp(`^/organization/${DEMO_ORG}$`), answer: 'offline' };
    renderWorkspace(workspace('projects'), PROFILES.orgadmin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('无法加载该组织。');
    expect(alert).toHaveTextContent('无法连接到服务器。请检查网络连接，然后重试。');
    expect(within(alert).getByRole('button', { name: '重试' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '组织' })).toBeInTheDocument();
    await changeLanguage('en');
  });
});

describe("an organization's public page", () => {
  it('without a contact says so and points to the contact form to ask to join', async () => {
    renderWorkspace(`/sts/org-info?id=${OTHER_ORG}`, PROFILES.outsider);
    expect(await screen.findByRole('heading', { level: 1, name: 'River Keepers' })).toBeInTheDocument();
    const contact = screen.getByText('Contact').nextElementSibling as HTMLElement;
    expect(contact).toHaveTextContent(
      'No contact address is published. To ask to join River Keepers or to reach its administrators, write through the portal’s contact form: Contact us',
    );
    expect(within(contact).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/sts/contactUs');
    expect(contact).not.toHaveTextContent('None');
  });

  it("with a contact shows it, and tells someone who is not a member that it is the way to ask to join", async () => {
    renderWorkspace(`/sts/org-info?id=${DEMO_ORG}`, PROFILES.outsider);
    expect(await screen.findByText('office@demo.example')).toBeInTheDocument();
    expect(screen.getByText('To ask to join Demo Watershed Council, write to its contact.')).toBeInTheDocument();
  });

  it('does not tell a member how to join', async () => {
    renderWorkspace(`/sts/org-info?id=${DEMO_ORG}`, PROFILES.orgadmin);
    expect(await screen.findByText('office@demo.example')).toBeInTheDocument();
    expect(screen.queryByText('To ask to join Demo Watershed Council, write to its contact.')).not.toBeInTheDocument();
  });

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`/sts/org-info?id=${OTHER_ORG}`, PROFILES.outsider);
    expect(await screen.findByText(/该组织未公布联系方式。如需申请加入 River Keepers/)).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: '联系我们' })).toHaveAttribute('href', '/sts/contactUs');
    await changeLanguage('en');
  });

  it('that cannot be loaded says why and offers "Try again"', async () => {
    outage = { path: new RegExp(`^/organization/${OTHER_ORG}$`), answer: 503 };
    renderWorkspace(`/sts/org-info?id=${OTHER_ORG}`, PROFILES.outsider);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The organization could not be loaded.');
    expect(alert).toHaveTextContent('The server did not answer in time or is unavailable (HTTP 503). Try again in a moment.');
    outage = null;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'River Keepers' })).toBeInTheDocument();
  });
});
