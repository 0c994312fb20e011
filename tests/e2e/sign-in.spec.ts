import { expect, test } from '@playwright/test';
import { DEMO_NAMES, fillProviderForm } from './support/session';

test('signs in through the identity provider, keeps the session over a reload, signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/home$/);
  const header = page.getByRole('banner');
  const signInButton = header.getByRole('button', { name: 'Sign in' });
  await expect(signInButton).toBeVisible();

  await signInButton.click();
  // The real redirect: the local identity provider's own page, with PKCE S256 and response mode query.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/authorize\?/);
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get('response_mode')).toBe('query');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await fillProviderForm(page, 'admin');

  // Back in the app, on the page the user left, with the code gone from the address.
  await expect(header.getByRole('button', { name: 'Ada Admin' })).toBeVisible();
  await expect(page).toHaveURL(/\/#\/home$/);
  expect(new URL(page.url()).search).toBe('');

  // A reload keeps the session: the silent check (tokens are kept in memory only).
  await page.reload();
  await expect(header.getByRole('button', { name: 'Ada Admin' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Sign in' })).toHaveCount(0);

  // The user menu: name, profile, sign out.
  await header.getByRole('button', { name: 'Ada Admin' }).click();
  const menu = page.getByRole('list', { name: 'User menu' });
  await expect(menu).toContainText('Ada Admin');
  await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
  await menu.getByRole('button', { name: 'Sign out' }).click();

  // Anonymous again, the hash emptied (the app starts at its home), and still anonymous after a reload.
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(#\/home)?$/);
  await expect(header.getByText('Ada Admin')).toHaveCount(0);
  await page.reload();
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(header.getByText('Ada Admin')).toHaveCount(0);
});

test('a page that needs sign-in asks for it, and comes back to it with the profile from the API', async ({ page }) => {
  await page.goto('/#/profile');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Sign in to see this page.')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await fillProviderForm(page, 'viewer');

  await expect(page).toHaveURL(/\/#\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  // GET /api/v1/auth/profile answered with the bearer token: email and organization role.
  await expect(page.getByRole('definition').nth(0)).toHaveText(DEMO_NAMES.viewer);
  await expect(page.getByRole('definition').nth(1)).toHaveText('viewer@demo.openwater.example');
  await expect(page.getByRole('definition').nth(3)).toHaveText('Demo Watershed Council — Member');
});

test('an anonymous visitor stays anonymous after the silent check', async ({ page }) => {
  await page.goto('/#/home');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/\/#\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open Water Data' })).toBeVisible();
});
