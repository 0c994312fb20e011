import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiAs, signIn } from './support/session';
import { DEMO_ORGANIZATION_ID as DEMO_ORG } from './support/projects';

/**
 * A role taken away while its holder is at work: orgadmin makes contributor a simple member in the organization's
 * members screen while contributor has a project's Imports tab open in a browser of their own. contributor's screen
 * goes on offering importing until it next hears from the server: on coming back to the tab, or on the server's
 * next refusal (403), the profile is read again and the Imports tab and its controls leave, said in plain words.
 */

const CONTRIBUTOR = 'Carl Contributor';
const NOT_ALLOWED = 'Only data contributors and group administrators of the organization can import data into this project.';

/** contributor's role as the demo data has it, given back after each test (whatever it did), for the tests after it. */
test.afterEach(async ({ request }) => {
  const orgadmin = await apiAs(request, 'orgadmin');
  const members = (await (await orgadmin.get(`/organization/${DEMO_ORG}/members`)).json()) as { userId: string; name: string | null; roleName: string }[];
  const carl = members.find((member) => member.name === CONTRIBUTOR)!;
  if (carl.roleName !== 'data-contributor') {
    const restored = await orgadmin.put(`/organization/${DEMO_ORG}/members/${encodeURIComponent(carl.userId)}`, { roleName: 'data-contributor' });
    expect(restored.ok(), await restored.text()).toBeTruthy();
  }
});

/** contributor, in a browser of their own, on the Imports tab of one of the demo organization's projects. */
async function contributorOnImports(browser: Browser, request: APIRequestContext): Promise<Page> {
  const projects = (await (await (await apiAs(request, 'orgadmin')).get(`/project?filter=organizationId||$eq||${DEMO_ORG}`)).json()) as { id: string }[];
  const carl = await (await browser.newContext()).newPage();
  await signIn(carl, 'contributor', `/userspace/organizations/${DEMO_ORG}/projects/${projects[0]!.id}/imports`);
  await expect(carl.getByRole('heading', { name: 'Import data' })).toBeVisible();
  await expect(sections(carl).getByRole('link', { name: 'Imports' })).toHaveAttribute('aria-current', 'page');
  await expect(carl.getByLabel('Choose a file')).toBeVisible();
  return carl;
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Project sections' });

/** orgadmin makes contributor a simple member in the members screen. */
async function takeContributorRole(page: Page): Promise<void> {
  await signIn(page, 'orgadmin', `/userspace/organizations/${DEMO_ORG}/members`);
  const role = page.getByRole('combobox', { name: `Role of ${CONTRIBUTOR}` });
  await expect(role).toHaveValue('data-contributor');
  await role.selectOption('simple-user');
  await page.getByRole('button', { name: `Save role of ${CONTRIBUTOR}` }).click();
  await expect(page.getByText(`${CONTRIBUTOR} is now Member.`)).toBeVisible();
}

/** The Imports tab as someone who may not import sees it: no tab, no form, the reason and the way on. */
async function expectImportsGone(carl: Page): Promise<void> {
  await expect(carl.getByText(NOT_ALLOWED)).toBeVisible();
  await expect(sections(carl).getByRole('link')).toHaveText(['Stations', 'Parameters', 'Activities', 'Logger data']);
  await expect(carl.getByRole('heading', { name: 'Import data' })).toHaveCount(0);
  await expect(carl.getByLabel('Choose a file')).toHaveCount(0);
  await expect(carl.getByRole('link', { name: 'Go to the stations of the project' })).toBeVisible();
}

test('the import controls leave when contributor comes back to the tab after their role was taken away', async ({ page, browser, request }) => {
  const carl = await contributorOnImports(browser, request);
  await takeContributorRole(page);
  // Nothing has told contributor's screen yet.
  await expect(carl.getByLabel('Choose a file')).toBeVisible();

  // contributor comes back to the tab (as the browser says it when the tab shows again and takes the focus).
  await expect(async () => {
    await carl.evaluate(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await expect(carl.getByText(NOT_ALLOWED)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expectImportsGone(carl);
  await carl.context().close();
});

test("the import controls leave on contributor's next refusal after their role was taken away", async ({ page, browser, request }) => {
  const carl = await contributorOnImports(browser, request);
  await takeContributorRole(page);
  await expect(carl.getByLabel('Choose a file')).toBeVisible();

  // contributor imports a file: the server refuses it (403), and the screen learns why.
  const refused = carl.waitForResponse((response) => response.url().includes('/import-uploads') && response.request().method() === 'POST');
  await carl.getByLabel('Choose a file').setInputFiles({
    name: 'values.csv', mimeType: 'text/csv', buffer: Buffer.from('StationIdentifier,Date,Parameter,Value\nX-1,2024-05-01,pH,7\n'),
  });
  await carl.getByRole('button', { name: 'Import', exact: true }).click();
  expect((await refused).status()).toBe(403);
  await expectImportsGone(carl);
  await carl.context().close();
});
