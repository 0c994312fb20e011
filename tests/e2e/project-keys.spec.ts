import { expect, test } from '@playwright/test';
import { apiAs, signIn } from './support/session';
import { DEMO_ORGANIZATION_ID as DEMO_ORG } from './support/projects';

/**
 * A project's key is one segment of its web address: a key no address could reach (a slash, or just dots) is refused
 * at the New project form's key field, before anything is sent, and no project is made; a name holding such a
 * character, given no key, makes a project whose key has a hyphen in its place, which an address reaches.
 */

interface ApiProject {
  id: string;
  name: string;
  projectKey?: string;
}

test('a project key no address could reach is refused at its field; a name with a slash gives a hyphenated key', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const orgadmin = await apiAs(request, 'orgadmin');
  const projectsNamed = async (name: string) =>
    ((await (await orgadmin.get(`/project?filter=organizationId||$eq||${DEMO_ORG}`)).json()) as ApiProject[]).filter((p) => p.name === name);
  // Every project the page asks the server to create.
  const creations: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && /\/api\/v1\/project(\?|$)/.test(sent.url())) creations.push(sent.postData() ?? '');
  });

  await signIn(page, 'orgadmin', `/userspace/organizations/${DEMO_ORG}/projects`);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  const refusedName = `Refused key ${run}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(refusedName);
  const key = dialog.getByRole('textbox', { name: 'Project key (optional)' });

  await key.fill('a/b');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(key).toHaveAttribute('aria-invalid', 'true');
  await expect(key).toHaveAccessibleDescription('The key must not contain /, ?, #, % or \\: they would break the project’s web address.');
  await expect(dialog.getByRole('alert')).toHaveText('The key must not contain /, ?, #, % or \\: they would break the project’s web address.');

  // Typing again takes the refusal away; just dots are refused in their own words.
  await key.fill('..');
  await expect(key).not.toHaveAttribute('aria-invalid');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(key).toHaveAccessibleDescription('The key cannot be just . or .. (web addresses skip those).');
  await expect(dialog).toBeVisible();
  expect(creations).toEqual([]);
  expect(await projectsNamed(refusedName)).toEqual([]);

  // No key of its own: the name "Creek / North …" makes the project, its key the name with a hyphen for the slash.
  const name = `Creek / North ${run}`;
  await key.fill('');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Project ${name} created.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(creations).toHaveLength(1);
  const [project] = await projectsNamed(name);
  expect(project?.projectKey).toBe(`Creek - North ${run}`);
  expect(page.url()).toContain(`/projects/${project!.id}`);
  // The key reaches the project in an address (the project's stations, by its key).
  const byKey = await orgadmin.get(`/organization/${DEMO_ORG}/projects/${encodeURIComponent(project!.projectKey!)}/stations`);
  expect(byKey.status(), await byKey.text()).toBe(200);
  expect(await projectsNamed(refusedName)).toEqual([]);
});
