import { expect, type Page } from '@playwright/test';

/** The demo users of the local identity provider (password = username) and their names. */
export const DEMO_NAMES = {
  admin: 'Ada Admin',
  orgadmin: 'Olga Orgadmin',
  contributor: 'Carl Contributor',
  viewer: 'Vera Viewer',
  outsider: 'Otto Outsider',
} as const;
export type DemoUser = keyof typeof DEMO_NAMES;

/** Fill in the local identity provider's sign-in form (the page the app redirected to). */
export async function fillProviderForm(page: Page, username: DemoUser): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(username);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Sign in from the app's header through the real redirect, ending back on `path`. */
export async function signIn(page: Page, username: DemoUser, path = '/home'): Promise<void> {
  await page.goto(`/#${path}`);
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sign in' }).click();
  await fillProviderForm(page, username);
  await expect(header.getByRole('button', { name: DEMO_NAMES[username] })).toBeVisible();
}
