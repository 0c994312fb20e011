import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { invitationLinkTo } from './support/mailbox';
import { apiAs, signIn } from './support/session';
import { DEMO_ORGANIZATION_ID as DEMO_ORG } from './support/projects';

/**
 * Organizations as a group administrator and an invited newcomer use them, against the real API,
 * identity provider and the stand-in's SES: orgadmin opens the organization and invites a new email
 * address; the email's link opens the invitation; the newcomer creates their account for that address
 * on the identity provider's sign-up page, comes back to the invitation, accepts and sees the
 * organization; orgadmin changes their role and removes them. orgadmin creates a project, adds
 * stations and parameters to it and sets the map service. Every new screen passes axe and is
 * photographed at 1440 and 375 px in both languages.
 */


/** The identity provider's sign-up page (reached from its sign-in page), as a newcomer fills it in. */
async function signUpAtProvider(page: Page, email: string, name: string) {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Password (at least 8 characters)').fill('newcomer-password');
  await page.getByRole('button', { name: 'Create an account' }).click();
}

async function openOrganization(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('list', { name: 'Organizations' }).getByRole('link', { name: 'My organizations' }).click();
  await page.getByRole('list', { name: 'Your organizations' }).getByRole('link', { name: 'Demo Watershed Council' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Watershed Council' })).toBeVisible();
  await expect(page.getByText('You: Group administrator')).toBeVisible();
}

test('orgadmin invites a new address; the newcomer signs up from the email, accepts and joins; orgadmin changes their role and removes them', async ({
  page,
  browser,
  request,
}) => {
  // An address nobody has used: each run invites someone new.
  const COLLEAGUE = `newcomer-${Date.now().toString(36)}@example.org`;
  const NAME = 'Nina Newcomer';
  await signIn(page, 'orgadmin');
  await openOrganization(page);

  await page.getByRole('link', { name: 'Invite someone' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invitations' })).toBeVisible();
  // The organization's link opens the dialog at once, for this organization.
  const dialog = page.getByRole('dialog', { name: 'Invite someone' });
  await dialog.getByRole('textbox', { name: 'Email' }).fill(COLLEAGUE);
  await dialog.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Data contributor' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${COLLEAGUE}.`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: COLLEAGUE }).filter({ hasText: 'Pending' })).toBeVisible();

  // The newcomer follows the link in the email, signed out: asked to sign in, has no account yet, creates
  // one for the invited address at the identity provider, and is back on the invitation.
  const link = await invitationLinkTo(request, COLLEAGUE);
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await colleague.goto(`/#${link}`);
  await expect(colleague.getByText('Sign in to see this invitation and accept it. You come back here afterwards.')).toBeVisible();
  await colleague.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await signUpAtProvider(colleague, COLLEAGUE, NAME);
  await expect(colleague).toHaveURL(new RegExp(`#${link}$`));
  await expect(colleague.getByRole('banner').getByRole('button', { name: NAME })).toBeVisible();
  await expect(colleague.getByText('Demo Watershed Council invites you to join as Data contributor.')).toBeVisible();
  // The invitation page in both languages at desktop and phone width: axe-clean, photographed.
  const problems: string[] = [];
  for (const lang of ['en', 'zh-CN'] as const) {
    await colleague.evaluate((value) => localStorage.setItem('app-locale', value), lang);
    await colleague.reload();
    await expect(colleague.locator('html')).toHaveAttribute('lang', lang);
    await expect(colleague.getByRole('button', { name: lang === 'en' ? 'Accept' : '接受' })).toBeVisible();
    for (const width of [1440, 375] as const) {
      await colleague.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      problems.push(...(await seriousViolations(colleague, `invitation page ${lang} ${width}px`)));
      const overflow = await colleague.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `the invitation page is wider than the window at ${width} px`).toBeLessThanOrEqual(0);
      await colleague.screenshot({ path: `screenshots/organizations-invitation-${lang}-${width}.png`, fullPage: true });
    }
  }
  expect(problems).toEqual([]);
  await colleague.evaluate(() => localStorage.setItem('app-locale', 'en'));
  await colleague.reload();
  await colleague.setViewportSize({ width: 1280, height: 720 });
  await colleague.getByRole('button', { name: 'Accept' }).click();
  await expect(colleague.getByText('You joined Demo Watershed Council.')).toBeVisible();
  await expect(colleague.getByRole('heading', { level: 1, name: 'Demo Watershed Council' })).toBeVisible();
  await expect(colleague.getByText('You: Data contributor')).toBeVisible();
  // The Accept button left with its page: focus is on the organization's heading, not the body.
  await expect(colleague.getByRole('heading', { level: 1, name: 'Demo Watershed Council' })).toBeFocused();
  // The link is single use.
  await colleague.goto(`/#${link}`);
  await expect(colleague.getByText('You have accepted this invitation to Demo Watershed Council.')).toBeVisible();

  // orgadmin sees the new member, makes them a simple member (chosen in the list, sent with Save role), then
  // removes them.
  await page.goto(`/#/userspace/organizations/${DEMO_ORG}/members`);
  const role = page.getByRole('combobox', { name: `Role of ${NAME}` });
  await expect(role).toHaveValue('data-contributor');
  await role.selectOption('simple-user');
  await page.getByRole('button', { name: `Save role of ${NAME}` }).click();
  await expect(page.getByText(`${NAME} is now Member.`)).toBeVisible();
  await expect(role).toBeFocused();
  await page.getByRole('button', { name: `Remove ${NAME}` }).click();
  await page.getByRole('dialog', { name: 'Remove member' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`${NAME} removed.`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: `Role of ${NAME}` })).toHaveCount(0);
  await colleagueContext.close();
});

test('orgadmin creates a project, adds stations and parameters to it, sets the map service and makes and revokes an API key', async ({ page }) => {
  const project = `River watch ${Date.now().toString(36)}`;
  await signIn(page, 'orgadmin');
  await openOrganization(page);
  await page.getByRole('navigation', { name: 'Organization sections' }).getByRole('link', { name: 'Projects' }).click();
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(project);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Weekly river samples');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Project ${project} created.`)).toBeVisible();
  // The new project opens (a member walk could not find it in the list).
  await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();

  await page.getByRole('button', { name: 'Choose stations' }).click();
  const stationBoxes = page.getByRole('group', { name: 'Stations of the project' }).getByRole('checkbox');
  await stationBoxes.nth(0).check();
  await stationBoxes.nth(1).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stations of the project saved (2).')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Stations of the project' }).getByRole('listitem')).toHaveCount(2);

  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Parameters' }).click();
  await page.getByRole('button', { name: 'Choose parameters' }).click();
  await page.getByRole('group', { name: 'Parameters of the project' }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Parameters of the project saved (1).')).toBeVisible();

  // Still there after a reload.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Parameters of the project' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Imports' }).click();
  await expect(page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Imports' })).toHaveAttribute('aria-current', 'page');
  // The imports feature's panel, in the project's Imports tab.
  await expect(page.getByRole('heading', { name: 'Import data' })).toBeVisible();

  await page.goto(`/#/userspace/organizations/${DEMO_ORG}/settings`);
  const style = `https://tiles.example.org/${Date.now().toString(36)}/style.json`;
  await page.getByRole('textbox', { name: 'Style address (URL)' }).fill(style);
  await page.getByRole('button', { name: 'Save map service' }).click();
  await expect(page.getByText('Map service saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Style address (URL)' })).toHaveValue(style);
  // Back to the system's map, so other tests see the explorer as before.
  await page.getByRole('button', { name: 'Use the system’s map service' }).click();
  await expect(page.getByText('This organization uses the system’s map service again.')).toBeVisible();

  // An API key for a logger: its secret shown once, then revoked.
  const keyName = `Bridge logger ${Date.now().toString(36)}`;
  const keys = page.getByRole('region', { name: 'API keys' }); // the section (its table's region is "Keys of this organization")
  await keys.getByRole('textbox', { name: 'Name of a new key (which logger or script uses it)' }).fill(keyName);
  await keys.getByRole('button', { name: 'Create API key' }).click();
  await expect(keys.getByRole('textbox', { name: 'The new key' })).toHaveValue(/^owd_/);
  const keyStart = (await keys.getByRole('textbox', { name: 'The new key' }).inputValue()).split('_').slice(0, 2).join('_');
  await expect(keys.getByText('Copy this key now: it will not be shown again.')).toBeVisible();
  await keys.getByRole('button', { name: 'Done' }).click();
  await expect(keys.getByRole('textbox', { name: 'The new key' })).toHaveCount(0);
  const keyRow = keys.getByRole('row').filter({ hasText: keyName });
  await expect(keyRow).toContainText('Active');
  await expect(keyRow).toContainText(`${keyStart}_…`); // the key's start: keys of one name are told apart
  await keyRow.getByRole('button', { name: `Revoke ${keyName} (${keyStart}_…)` }).click();
  await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(keyRow).toContainText('Revoked');
});

const SCREENS = [
  { name: 'organizations', path: '/userspace/organizations', heading: { en: 'Organizations', 'zh-CN': '组织' } },
  { name: 'members', path: `/userspace/organizations/${DEMO_ORG}/members`, heading: { en: 'Demo Watershed Council', 'zh-CN': 'Demo Watershed Council' } },
  { name: 'projects', path: `/userspace/organizations/${DEMO_ORG}/projects`, heading: { en: 'Demo Watershed Council', 'zh-CN': 'Demo Watershed Council' } },
  { name: 'stations', path: `/userspace/organizations/${DEMO_ORG}/stations`, heading: { en: 'Demo Watershed Council', 'zh-CN': 'Demo Watershed Council' } },
  { name: 'parameters', path: `/userspace/organizations/${DEMO_ORG}/parameters`, heading: { en: 'Demo Watershed Council', 'zh-CN': 'Demo Watershed Council' } },
  {
    name: 'settings',
    path: `/userspace/organizations/${DEMO_ORG}/settings`,
    heading: { en: 'Demo Watershed Council', 'zh-CN': 'Demo Watershed Council' },
    // Photographed on its own as well: the header map, scrolled to.
    part: { name: 'header-map', region: { en: 'Column names of imported files', 'zh-CN': '导入文件的列名' } },
  },
  { name: 'invitations', path: '/userspace/invitation', heading: { en: 'Invitations', 'zh-CN': '邀请' } },
  { name: 'org-info', path: `/sts/org-info?id=${DEMO_ORG}`, heading: { en: 'Demo Watershed Council', 'zh-CN': 'Demo Watershed Council' } },
  // The home page of a member: invitations, organizations with their projects, latest imports.
  { name: 'home', path: '/home', heading: { en: 'Open Water Data', 'zh-CN': 'Open Water Data' }, ready: { en: 'Latest imports', 'zh-CN': '最新导入' } },
] as const;

const SAMPLE_HEADER_MAP = { Site: 'station', 'Sampled on': 'date', 'Temp (C)': { parameter: 'Temperature, water', unit: 'deg C' } };

/** A dry run of a small file in the project (it writes no data, and shows on the home page as the latest import). */
async function dryRunImport(orgadmin: Awaited<ReturnType<typeof apiAs>>, projectId: string) {
  const path = `/organization/${DEMO_ORG}/projects/${projectId}`;
  const queued = await orgadmin.postForm(`${path}/import-data`, {
    file: {
      name: 'home-page-sample.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('StationIdentifier,StationName,Latitude,Longitude,Date,Parameter,Value,Unit\nHOME-1,Home creek,40.1,-75.2,2024-05-01,pH,7.1,std units\n'),
    },
    dryRun: 'true',
  });
  expect(queued.status(), await queued.text()).toBe(202);
  const { logId } = (await queued.json()) as { logId: string };
  await expect
    .poll(async () => ((await (await orgadmin.get(`${path}/queued-import/${logId}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('succeeded');
}

test('the organization screens pass axe, fit a phone, and are photographed in both languages', async ({ page, request }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'orgadmin');
  // A project to photograph (named so that a rerun finds the same one).
  const orgadmin = await apiAs(request, 'orgadmin');
  const projects = (await (await orgadmin.get(`/project?filter=organizationId||$eq||${DEMO_ORG}`)).json()) as { id: string; name: string }[];
  const project = projects[0];
  if (project) await dryRunImport(orgadmin, project.id);
  // A header map to show (the organization's own is put back afterwards).
  const headerMapPath = `/organization/${DEMO_ORG}/header-map`;
  const ownHeaderMap = await (await orgadmin.get(headerMapPath)).json();
  expect((await orgadmin.put(headerMapPath, SAMPLE_HEADER_MAP)).ok()).toBeTruthy();
  const screens = [
    ...SCREENS,
    ...(project
      ? [
          { name: 'project', path: `/userspace/organizations/${DEMO_ORG}/projects/${project.id}/stations`, heading: { en: project.name, 'zh-CN': project.name } },
          { name: 'project-imports', path: `/userspace/organizations/${DEMO_ORG}/projects/${project.id}/imports`, heading: { en: project.name, 'zh-CN': project.name } },
        ]
      : []),
  ];

  const problems: string[] = [];
  try {
    for (const lang of ['en', 'zh-CN'] as const) {
      if (lang === 'zh-CN') {
        await page.addInitScript(() => localStorage.setItem('app-locale', 'zh-CN'));
        await page.reload();
        await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      }
      for (const width of [1440, 375] as const) {
        await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
        for (const screen of screens) {
          await page.goto(`/#${screen.path}`);
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(screen.heading[lang]);
          // Loaded: no status says anything (an import panel's live region is there, empty, from the start).
          await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);
          if ('ready' in screen) await expect(page.getByRole('region', { name: screen.ready[lang] })).toBeVisible();
          problems.push(...(await seriousViolations(page, `${screen.name} ${lang} ${width}px`)));
          if (width === 375) {
            const { overflow, widest } = await page.evaluate(() => {
              const section = document.querySelector('.app-main .page')!;
              const right = section.getBoundingClientRect().right;
              // What sticks out, to say in the failure.
              const widest = [...section.querySelectorAll('*')]
                .filter((e) => e.getBoundingClientRect().right > right + 1)
                .slice(0, 3)
                .map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
              return { overflow: section.scrollWidth - section.clientWidth, widest };
            });
            expect(overflow, `${screen.name} is wider than its page at 375 px: ${widest.join(', ')}`).toBeLessThanOrEqual(0);
          }
          await page.screenshot({ path: `screenshots/organizations-${screen.name}-${lang}-${width}.png`, fullPage: true });
          if ('part' in screen) {
            const region = page.getByRole('region', { name: screen.part.region[lang] });
            await expect(region.getByRole('group')).toHaveCount(Object.keys(SAMPLE_HEADER_MAP).length);
            // The window scrolled to the part, as someone looking at it sees it (under the fixed header).
            await region.getByRole('heading', { level: 3 }).evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
            await page.screenshot({ path: `screenshots/organizations-${screen.part.name}-${lang}-${width}.png` });
          }
        }
      }
    }
  } finally {
    expect((await orgadmin.put(headerMapPath, ownHeaderMap)).ok()).toBeTruthy();
  }
  expect(problems).toEqual([]);
});
