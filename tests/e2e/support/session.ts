import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The demo users of the local identity provider (password = username) and their names. */
export const DEMO_NAMES = {
  admin: 'Ada Admin',
  orgadmin: 'Olga Orgadmin',
  contributor: 'Carl Contributor',
  viewer: 'Vera Viewer',
  outsider: 'Otto Outsider',
} as const;
export type DemoUser = keyof typeof DEMO_NAMES;

/**
 * Fill in the local identity provider's sign-in form (the page the app redirected to). The user has no saved
 * language first: a switch of language by a signed-in user is saved in their profile and applied at their next
 * sign-in, so one test's switch would otherwise carry into the next test of that demo user (the page keeps the
 * language it has).
 */
export async function fillProviderForm(page: Page, username: DemoUser): Promise<void> {
  const reset = await (await apiAs(page.request, username)).patch('/auth/profile', { preferences: {} });
  expect(reset.ok(), await reset.text()).toBeTruthy();
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

/** The API as a demo user, for setting up a test: a token from the local identity provider's password
 * grant (its `cli` client, which exists for tests and scripts), found through the SPA's /config.json. */
export async function apiAs(request: APIRequestContext, username: DemoUser) {
  const config = (await (await request.get('/config.json')).json()) as { oidc: { authority: string } };
  const token = await request.post(`${config.oidc.authority}/token`, {
    form: { grant_type: 'password', client_id: 'cli', username, password: username, scope: 'openid profile email' },
  });
  expect(token.ok(), await token.text()).toBeTruthy();
  const headers = { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  return {
    get: (path: string) => request.get(`/api/v1${path}`, { headers }),
    post: (path: string, data: unknown) => request.post(`/api/v1${path}`, { headers, data }),
    put: (path: string, data: unknown) => request.put(`/api/v1${path}`, { headers, data }),
    patch: (path: string, data: unknown) => request.patch(`/api/v1${path}`, { headers, data }),
    /** A multipart form (a file upload), as the API's form routes take it. */
    postForm: (path: string, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) =>
      request.post(`/api/v1${path}`, { headers, multipart }),
    delete: (path: string) => request.delete(`/api/v1${path}`, { headers }),
  };
}
