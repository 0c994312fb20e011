import { expect, type Page } from '@playwright/test';
import { signIn } from './session';

/** The demo organization, whose group administrator is the demo user orgadmin. */
export const DEMO_ORGANIZATION_ID = '6f1f3c4e-8a43-4b0c-9d7e-2f5a1c0b7d01';

/** orgadmin signs in, creates a project of the demo organization through its screens and opens its page. */
export async function newProject(page: Page, project: string): Promise<void> {
  await signIn(page, 'orgadmin');
  await page.goto(`/#/userspace/organizations/${DEMO_ORGANIZATION_ID}/projects`);
  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(project);
  await dialog.getByRole('button', { name: 'Create' }).click();
  // The new project opens (a member walk could not find it in the list).
  await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();
}

/** The same, then the project's Imports tab. */
export async function newProjectImports(page: Page, project: string): Promise<void> {
  await newProject(page, project);
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Imports' }).click();
  await expect(page.getByRole('heading', { name: 'Import data' })).toBeVisible();
}
