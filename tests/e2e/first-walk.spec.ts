/**
 * What a careful new user met first in the built screens (issue 17), walked in a real browser:
 * the station chart opened by a link, ticking parameters, the explorer table's pages, filters the
 * form refuses, bad station links; screenshots of these screens in both languages at 1440 and 375 px.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './support/session';
import { DEMO_ORGANIZATION_ID } from './support/projects';


interface ApiStation {
  id: string;
  name: string;
  meta: { sampleCount: number; parameterIds?: string[] };
}

/** A demo station with values of at least `parameters` parameters. */
async function stationWithParameters(request: APIRequestContext, parameters: number): Promise<ApiStation> {
  const response = await request.post('/api/v1/statistic', {
    data: { organizationIds: [DEMO_ORGANIZATION_ID], format: 'objects', limit: 5000 },
  });
  expect(response.ok()).toBeTruthy();
  const { stations } = (await response.json()) as { stations: ApiStation[] };
  const station = stations.find((s) => (s.meta.parameterIds ?? []).length >= parameters);
  expect(station, `a station with ${parameters} parameters`).toBeTruthy();
  return station!;
}

/** Screenshots of the page as it is, at 1440 and 375 px (`ready` waits for what must be on screen). */
async function screenshots(page: Page, name: string, lang: string, ready: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await ready();
    await page.screenshot({ path: `screenshots/${name}-${lang}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the station chart opened by a link is styled as when reached from the explorer', async ({ page, request }) => {
  const station = await stationWithParameters(request, 2);
  await page.goto(`/#/sts/station/${station.id}/chart`);
  const download = page.getByRole('button', { name: 'Download CSV' });
  await expect(download).toBeVisible();
  // The product's buttons, not the browser's: rounded, the surface colour, the product's border.
  const button = await download.evaluate((el) => {
    const style = getComputedStyle(el);
    return { radius: style.borderRadius, background: style.backgroundColor, border: style.borderTopColor };
  });
  expect(button).toEqual({ radius: '6px', background: 'rgb(255, 255, 255)', border: 'rgb(217, 226, 236)' });
  // Date fields wide enough for a date, the summary table's cells to the left.
  const from = page.getByLabel('From');
  expect((await from.boundingBox())!.width).toBeGreaterThan(120);
  expect(await from.evaluate((el) => getComputedStyle(el).borderRadius)).toBe('6px');
  const header = page.getByRole('table', { name: 'Series shown' }).getByRole('columnheader').first();
  expect(await header.evaluate((el) => getComputedStyle(el).textAlign)).toBe('left');
});

test('ticking a parameter on the station chart draws its line within a second; no series is fetched twice', async ({ page, request }) => {
  const station = await stationWithParameters(request, 4);
  const [first, second] = station.meta.parameterIds!;
  const series: string[] = [];
  page.on('request', (r) => {
    const match = r.url().match(/\/sampleValue\/[^/]+\/([^?]+)/);
    if (match) series.push(decodeURIComponent(match[1]));
  });
  await page.goto(`/#/sts/station/${station.id}/chart?parameter=${first},${second}`);
  const summary = page.getByRole('table', { name: 'Series shown' });
  await expect(summary.locator('tbody tr')).toHaveCount(2);
  await expect(page.locator('.chart-canvas canvas')).toHaveAttribute('data-drawn', 'true');
  // The user reads the chart; meanwhile the station's other (small) series are fetched in the background.
  await page.waitForLoadState('networkidle');
  const unticked = page.locator('.chart-controls fieldset').first().locator('input[type=checkbox]:not(:checked)');
  const drawnPoints = () => page.locator('.chart-canvas canvas').getAttribute('data-drawn-points').then(Number);
  for (const rows of [3, 4]) {
    const before = await drawnPoints();
    const started = Date.now();
    await unticked.first().click();
    // Checked on every frame: the new line is on the canvas (more points drawn) and in the summary.
    await page.waitForFunction(
      ([points, rowCount]) =>
        Number(document.querySelector('.chart-canvas canvas')?.getAttribute('data-drawn-points')) > points &&
        document.querySelectorAll('.series-summary tbody tr').length === rowCount,
      [before, rows],
      { polling: 'raf' },
    );
    const seconds = (Date.now() - started) / 1000;
    console.log(`tick → ${rows} lines drawn in ${seconds.toFixed(2)} s`);
    expect(seconds).toBeLessThanOrEqual(1);
  }
  expect(series.sort()).toEqual([...station.meta.parameterIds!].sort());
});

/** Whether two boxes overlap. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('a success toast covers neither the page header nor its main button, and can be dismissed', async ({ page }) => {
  await signIn(page, 'admin', '/admin/roles');
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const roleName = `toast-${width}-${Date.now().toString(36)}`;
    const newRole = page.getByRole('button', { name: 'New role' });
    await newRole.click();
    const dialog = page.getByRole('dialog', { name: 'New role' });
    await dialog.getByRole('textbox', { name: 'Role name' }).fill(roleName);
    await dialog.getByRole('button', { name: 'Create' }).click();
    const toast = page.locator('.toast').filter({ hasText: `Role ${roleName} created.` });
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    const covered = [];
    for (const control of [newRole, ...(await page.getByRole('banner').locator('button, a[href]').all())]) {
      const controlBox = await control.boundingBox();
      if (controlBox && overlap(box, controlBox)) covered.push((await control.textContent())?.trim() || (await control.getAttribute('aria-label')));
    }
    expect(covered, `controls under the toast at ${width} px`).toEqual([]);
    await toast.getByRole('button', { name: 'Dismiss' }).click();
    await expect(toast).toHaveCount(0);
  }
});

/** Whether an element shows its whole text (nothing cut off with an ellipsis or hidden sideways). */
const shownWhole = (el: Element) => el.scrollWidth <= el.clientWidth + 1;

test('at 375 px the header, the explorer table and the chart summary show everything, nothing off-screen', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/#/sts/overview?mode=table&organization=${DEMO_ORGANIZATION_ID}`);
  const brand = page.getByRole('banner').getByRole('link', { name: 'Open Water Data' });
  await expect(brand).toBeVisible();
  expect(await brand.evaluate(shownWhole), 'the header title is whole').toBe(true);
  const table = page.getByRole('table', { name: 'Stations' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  // Every station name whole, the organization (the last column) on screen too.
  for (const cell of await table.locator('tbody tr td:nth-child(2)').all()) expect(await cell.evaluate(shownWhole)).toBe(true);
  const organization = (await table.locator('tbody tr').first().locator('td').last().boundingBox())!;
  expect(organization.x + organization.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // Filters to correct: on a phone the folded filter panel opens, so the message at the field is seen.
  await page.goto('/#/sts/overview?mode=table&from=2020-01-01&to=2019-01-01');
  await expect(page.getByText('The start date must not be after the end date.')).toBeVisible();

  const station = await stationWithParameters(request, 2);
  await page.goto(`/#/sts/station/${station.id}/chart`);
  const summary = page.getByRole('table', { name: 'Series shown' });
  await expect(summary.locator('tbody tr')).toHaveCount(1);
  expect(await summary.evaluate(shownWhole), 'the summary is not clipped').toBe(true);
  const flagged = (await summary.locator('tbody td').last().boundingBox())!;
  expect(flagged.x + flagged.width).toBeLessThanOrEqual(375);
});

test('signing out from the public explorer stays on it, filters included; from the profile it goes home', async ({ page }) => {
  const explorer = `/sts/overview?mode=table&organization=${DEMO_ORGANIZATION_ID}`;
  await signIn(page, 'viewer', explorer);
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Vera Viewer' }).click();
  await page.getByRole('list', { name: 'User menu' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(() => new URL(page.url()).hash).toBe(`#${explorer}`);
  await expect(page.locator('.station-table tbody tr').first()).toBeVisible();

  await signIn(page, 'viewer', '/profile');
  await header.getByRole('button', { name: 'Vera Viewer' }).click();
  await page.getByRole('list', { name: 'User menu' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(header.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(#\/home)?$/);
});

/** A bearer token of a demo user from the local identity provider (its `cli` client, for tests). */
async function tokenOf(request: APIRequestContext, username: string): Promise<string> {
  const config = (await (await request.get('/config.json')).json()) as { oidc: { authority: string } };
  const token = await request.post(`${config.oidc.authority}/token`, {
    form: { grant_type: 'password', client_id: 'cli', username, password: username, scope: 'openid profile email' },
  });
  expect(token.ok()).toBeTruthy();
  return ((await token.json()) as { access_token: string }).access_token;
}

const WALK = {
  en: { signIn: 'Sign in', username: 'Username', password: 'Password', userMenu: 'Ada Admin' },
  'zh-CN': { signIn: '登录', username: '用户名', password: '密码', userMenu: 'Ada Admin' },
} as const;

for (const [lang, L] of Object.entries(WALK)) {
  test(`the screens changed after the first walk, in ${lang}, at 1440 and 375 px`, async ({ page, request }) => {
    test.setTimeout(300_000);
    await page.addInitScript((language) => localStorage.setItem('app-locale', language), lang);
    const station = await stationWithParameters(request, 2);

    // The explorer's table, a page at a time; filters the form refuses, said at their fields.
    await page.goto(`/#/sts/overview?mode=table&organization=${DEMO_ORGANIZATION_ID}`);
    await screenshots(page, 'walk-explorer-table', lang, () => expect(page.locator('.station-table tbody tr').first()).toBeVisible());
    await page.goto('/#/sts/overview?mode=table&from=2020-01-01&to=2019-01-01&huc=abc');
    await screenshots(page, 'walk-explorer-invalid-filters', lang, () => expect(page.locator('.field-error').first()).toBeVisible());
    // A station's chart, its summary; a station link that leads nowhere.
    await page.goto(`/#/sts/station/${station.id}/chart`);
    await screenshots(page, 'walk-station-chart', lang, () => expect(page.locator('.chart-canvas canvas')).toHaveAttribute('data-drawn', 'true'));
    await page.goto('/#/sts/station/does-not-exist/chart');
    await screenshots(page, 'walk-station-not-found', lang, () => expect(page.locator('.error-code')).toBeVisible());

    // The sign-in page in the interface's language.
    await page.goto('/#/home');
    await page.getByRole('banner').getByRole('button', { name: L.signIn }).click();
    await screenshots(page, 'walk-sign-in', lang, () => expect(page.getByRole('heading', { name: L.signIn })).toBeVisible());
    await page.getByLabel(L.username).fill('admin');
    await page.getByLabel(L.password).fill('admin');
    await page.getByRole('button', { name: L.signIn }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: L.userMenu })).toBeVisible();

    // Profile, users, a role name that is taken (said at the name).
    await page.goto('/#/profile');
    await screenshots(page, 'walk-profile', lang, async () => {
      await expect(page.locator('.profile-settings')).toBeVisible();
      // Nothing runs off the screen, a long email included.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    });
    await page.goto('/#/admin/users');
    await screenshots(page, 'walk-users', lang, () => expect(page.locator('.admin-added').first()).toBeVisible());
    await page.goto('/#/admin/roles');
    await page.getByRole('button', { name: lang === 'en' ? 'New role' : '新建角色', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input').first().fill('System-Admin');
    await dialog.locator('button[type="submit"]').click();
    await screenshots(page, 'walk-role-name-taken', lang, () => expect(dialog.locator('.field-error')).toBeVisible());
    await page.keyboard.press('Escape');

    // 'Add to dashboard' on the chart: the dashboards, one holding the chart already, and a new one named on the spot.
    const headers = { Authorization: `Bearer ${await tokenOf(request, 'admin')}` };
    const created = await request.post('/api/v1/dashboards', { headers, data: { label: `Walk ${lang} ${Date.now().toString(36)}` } });
    expect(created.ok()).toBeTruthy();
    const dashboard = (await created.json()) as { id: string };
    const note = await request.post(`/api/v1/dashboards/${dashboard.id}/widgets`, {
      headers,
      data: { component: 'markdown-note', config: { text: '## Sampling plan\n\nEvery **first Monday** of the month.' } },
    });
    expect(note.ok()).toBeTruthy();
    await page.goto(`/#/sts/station/${station.id}/chart`);
    // A reload, so the dashboards made through the API above are in the page's lists (not an earlier answer).
    await page.reload();
    await expect(page.locator('.chart-canvas canvas')).toHaveAttribute('data-drawn', 'true');
    await page.locator('.add-to-dashboard > button').click();
    await screenshots(page, 'walk-add-to-dashboard', lang, async () => {
      await expect(page.locator('.add-to-dashboard-popup ul button')).not.toHaveCount(0);
      await expect(page.locator('.add-to-dashboard-new')).toBeVisible();
    });
    await page.keyboard.press('Escape');

    // A note edited after it was added.
    await page.goto(`/#/userspace/dashboards/${dashboard.id}`);
    await page.locator('.widget-tools button').filter({ hasText: '✎' }).click();
    await screenshots(page, 'walk-edit-note', lang, () => expect(page.getByRole('dialog').locator('textarea')).toBeVisible());
  });
}
