import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { apiAs, signIn } from './support/session';

/**
 * Dashboards as a signed-in user builds them: create one from the menu (both validation messages
 * first), add a station's chart from its page with 'Add to dashboard', see it drawn on the
 * dashboard, move and resize it (mouse and keyboard) and find it there after a reload, add a note,
 * rename and delete on the management page. Accessibility checked, screenshots in both languages
 * at 1440 and 375 px.
 */

const suffix = Date.now().toString(36);
const FIRST = `Alpine lakes ${suffix}`;
const MAIN = `River survey ${suffix}`;

interface ApiStation {
  id: string;
  meta?: { sampleCount?: number };
  sampleCount?: number;
}

async function stationWithSamples(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/v1/statistic', { data: { format: 'objects', limit: 5 } });
  expect(response.ok()).toBeTruthy();
  const { stations } = (await response.json()) as { stations: ApiStation[] };
  const station = stations.find((s) => (s.meta?.sampleCount ?? s.sampleCount ?? 0) > 0);
  expect(station, 'a station with samples').toBeDefined();
  return station!.id;
}

async function expectNoSeriousAxeViolations(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
}

function savedLayout(page: Page) {
  return page.waitForResponse((r) => r.request().method() === 'PATCH' && /\/api\/v1\/dashboards\/[^/]+$/.test(r.url()) && r.ok());
}

async function drag(page: Page, from: Locator, dx: number, dy: number) {
  // hover() waits until the element has stopped moving (the grid animates a widget into its cell
  // after every drag) and is the one that receives the pointer there.
  const { width, height } = (await from.boundingBox())!;
  const grip = { x: Math.min(width / 2, 40), y: height / 2 };
  await from.hover({ position: grip });
  const box = (await from.boundingBox())!;
  const x = box.x + grip.x;
  const y = box.y + grip.y;
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 8 });
  await page.mouse.move(x + dx, y + dy, { steps: 8 });
  await page.mouse.up();
}

async function screenshots(page: Page, name: string, lang: string, ready: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await ready();
    // Nothing sticks out sideways on a phone (once the grid has laid itself out for the new width).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} ${lang} ${width}` })
      .toBeLessThanOrEqual(width);
    await page.screenshot({ path: `screenshots/${name}-${lang}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('dashboards: create, add a chart and a note, arrange, rename and delete', async ({ page, request }) => {
  test.setTimeout(180_000);
  const stationId = await stationWithSamples(request);
  // A clean slate (a retry finds the first try's dashboards otherwise), and widgets that jump into
  // their cells, so their boxes can be compared as soon as a change is saved.
  const api = await apiAs(request, 'contributor');
  for (const dashboard of (await (await api.get('/dashboards')).json()) as { id: string }[]) {
    expect((await api.delete(`/dashboards/${dashboard.id}`)).ok()).toBeTruthy();
  }
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'contributor');
  const menu = page.getByRole('navigation', { name: 'Main menu' });

  // A first dashboard from the menu: the empty title is refused on blur.
  await menu.getByRole('button', { name: 'New dashboard' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create new dashboard' });
  const field = dialog.getByRole('textbox', { name: 'Dashboard title' });
  await expect(field).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('alert')).toHaveText('Please enter dashboard name.');
  await field.fill(FIRST);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await field.press('Enter');
  await expect(page.getByText(`Added dashboard: ${FIRST}.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: FIRST })).toBeVisible();

  // The second: a taken title is refused while typing and on blur; Cancel clears the form.
  await menu.getByRole('button', { name: 'New dashboard' }).click();
  dialog = page.getByRole('dialog', { name: 'Create new dashboard' });
  await dialog.getByRole('textbox', { name: 'Dashboard title' }).fill(FIRST.toUpperCase());
  // Named as the dashboard that has it, not as typed: the user sees which one.
  const taken = `Dashboard named ${FIRST} already exists. Please try a different one.`;
  await expect(dialog.getByRole('alert')).toHaveText(taken);
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('alert')).toHaveText(taken);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await menu.getByRole('button', { name: 'New dashboard' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Dashboard title' })).toHaveValue('');
  await dialog.getByRole('textbox', { name: 'Dashboard title' }).fill(MAIN);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(`Added dashboard: ${MAIN}.`)).toBeVisible();
  await expect(page).toHaveURL(/#\/userspace\/dashboards\/[\w-]+$/);
  const dashboardUrl = page.url();

  // The menu lists both by label ascending, then 'New dashboard' and 'All dashboards'.
  const entries = menu.getByRole('list', { name: 'Dashboards' }).locator(':scope > li');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0).getByRole('link')).toHaveAccessibleName(FIRST);
  await expect(entries.nth(1).getByRole('link')).toHaveAccessibleName(MAIN);
  await expect(entries.nth(2).getByRole('button')).toHaveAccessibleName('New dashboard');
  await expect(entries.nth(3).getByRole('link')).toHaveAccessibleName('All dashboards');

  // The station's chart, added to the dashboard from its page.
  await page.goto(`/#/sts/station/${stationId}/chart`);
  await expect(page.locator('.station-chart .chart-canvas canvas')).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Add to dashboard' }).click();
  const choices = page.getByRole('list', { name: 'Choose a dashboard' });
  await expect(choices.getByRole('button')).toHaveText([FIRST, MAIN]);
  await choices.getByRole('button', { name: MAIN }).click();
  await expect(page.getByText('Widget successfully added to dashboard.')).toBeVisible();

  // On the dashboard: the chart drawn in its widget.
  await menu.getByRole('link', { name: MAIN }).click();
  await expect(page).toHaveURL(dashboardUrl);
  const chartCell = page.locator('.react-grid-item', { has: page.getByRole('region', { name: 'Station chart' }) });
  const canvas = chartCell.locator('canvas');
  await expect(canvas).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
  expect(Number(await canvas.getAttribute('data-drawn-points'))).toBeGreaterThan(0);

  // Move it by its title bar and resize it by its corner; both are saved. Alone on the dashboard, it rises back to the
  // top row (widgets rise to fill any gap): only its column moves.
  const before = (await chartCell.boundingBox())!;
  let saved = savedLayout(page);
  await drag(page, chartCell.locator('.widget-title'), 360, 60);
  await saved;
  saved = savedLayout(page);
  await drag(page, chartCell.locator('.react-resizable-handle-se'), 150, 100);
  await saved;
  const moved = (await chartCell.boundingBox())!;
  expect(moved.x - before.x).toBeGreaterThan(200);
  expect(Math.abs(moved.y - before.y)).toBeLessThan(3);
  expect(moved.width - before.width).toBeGreaterThan(80);
  expect(moved.height - before.height).toBeGreaterThan(60);

  // A note, added with 'Add widget'.
  await page.getByRole('button', { name: 'Add widget' }).click();
  const addDialog = page.getByRole('dialog', { name: 'Add widget' });
  await addDialog.getByRole('radio', { name: 'Note' }).check();
  await addDialog.getByRole('textbox', { name: 'Note text (Markdown)' }).fill('## Field notes\n\nCheck the **gauges** before sampling.\n\n<script>alert(1)</script>');
  await addDialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Widget successfully added to dashboard.').last()).toBeVisible();
  const note = page.getByRole('region', { name: 'Note' });
  await expect(note.getByRole('heading', { level: 4, name: 'Field notes' })).toBeVisible();
  await expect(note.locator('strong')).toHaveText('gauges');
  await expect(note.locator('script')).toHaveCount(0);
  // A widget's own 'Add to dashboard' list shows whole, above the widgets around it.
  await note.getByRole('button', { name: 'Add to dashboard' }).click();
  await expect(note.getByRole('list', { name: 'Choose a dashboard' })).toBeInViewport({ ratio: 1 });
  await page.keyboard.press('Escape');
  await expect(note.getByRole('list', { name: 'Choose a dashboard' })).toHaveCount(0);

  // The keyboard arranges too: the note one column to the right, one row taller.
  const noteCell = page.locator('.react-grid-item', { has: note });
  const noteBefore = (await noteCell.boundingBox())!;
  // One key, one save: waiting for each keeps a busy machine from splitting them unpredictably.
  saved = savedLayout(page);
  await note.getByRole('button', { name: 'Move or resize Note' }).focus();
  await page.keyboard.press('ArrowRight');
  await saved;
  saved = savedLayout(page);
  await page.keyboard.press('Shift+ArrowDown');
  await saved;
  // The grid moves the cell into place after the layout is saved: wait for it to arrive.
  await expect.poll(async () => (await noteCell.boundingBox())!.x).toBeGreaterThan(noteBefore.x + 40);
  await expect.poll(async () => (await noteCell.boundingBox())!.height).toBeGreaterThan(noteBefore.height + 20);
  const noteAfter = (await noteCell.boundingBox())!;

  // After a reload everything is where it was left.
  await page.reload();
  await expect(canvas).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
  const reloaded = (await chartCell.boundingBox())!;
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(reloaded[key] - moved[key]), key).toBeLessThanOrEqual(2);
  const noteReloaded = (await noteCell.boundingBox())!;
  for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(noteReloaded[key] - noteAfter[key]), key).toBeLessThanOrEqual(2);

  await expectNoSeriousAxeViolations(page, 'the dashboard page');
  const dashboardReady = async () => {
    await expect(canvas.or(page.locator('.dashboard-stack canvas'))).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Note' }).getByRole('heading', { name: 'Field notes' })).toBeVisible();
  };
  await screenshots(page, 'dashboard', 'en', dashboardReady);

  // Management: both listed; rename the first, then delete it.
  await menu.getByRole('link', { name: 'All dashboards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All dashboards' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Your dashboards, by title' });
  await expect(table.getByRole('rowheader')).toHaveText([FIRST, MAIN]);
  await expect(table.getByRole('row', { name: new RegExp(MAIN) }).getByRole('cell').first()).toHaveText('2');
  await expectNoSeriousAxeViolations(page, 'the management page');
  const managementReady = async () => {
    await expect(table.getByRole('rowheader')).toHaveCount(2);
  };
  await screenshots(page, 'dashboard-management', 'en', managementReady);

  await table.getByRole('button', { name: `Rename ${FIRST}` }).click();
  const rename = page.getByRole('dialog', { name: `Rename dashboard ${FIRST}` });
  const renameField = rename.getByRole('textbox', { name: 'Dashboard title' });
  await expect(renameField).toHaveValue(FIRST);
  await renameField.fill(MAIN);
  await expect(rename.getByRole('alert')).toHaveText(`Dashboard named ${MAIN} already exists. Please try a different one.`);
  await expectNoSeriousAxeViolations(page, 'the rename dialog');
  const RENAMED = `Mountain lakes ${suffix}`;
  await renameField.fill(RENAMED);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Renamed dashboard to ${RENAMED}.`)).toBeVisible();
  await expect(table.getByRole('rowheader')).toHaveText([RENAMED, MAIN]);
  await expect(menu.getByRole('link', { name: RENAMED })).toHaveCount(1);

  await table.getByRole('button', { name: `Delete ${RENAMED}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete dashboard' });
  await expect(confirm).toContainText(`Delete the dashboard ${RENAMED} and its widgets?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Deleted dashboard: ${RENAMED}.`)).toBeVisible();
  await expect(table.getByRole('rowheader')).toHaveText([MAIN]);
  await expect(menu.getByRole('link', { name: RENAMED })).toHaveCount(0);

  // Simplified Chinese: the same pages, screenshots and accessibility.
  await page.addInitScript(() => localStorage.setItem('app-locale', 'zh-CN'));
  await page.goto(dashboardUrl);
  await page.reload();
  await expect(page.getByRole('button', { name: '添加小组件' })).toBeVisible();
  await expect(page.getByRole('region', { name: '站点图表' })).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'the dashboard page in zh-CN');
  await screenshots(page, 'dashboard', 'zh-CN', async () => {
    await expect(page.locator('.widget-frame canvas')).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
  });
  await page.locator('#side-menu').getByRole('link', { name: '所有仪表板' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '所有仪表板' })).toBeVisible();
  await expect(page.getByRole('table').getByRole('rowheader')).toHaveText([MAIN]);
  await expectNoSeriousAxeViolations(page, 'the management page in zh-CN');
  await screenshots(page, 'dashboard-management', 'zh-CN', async () => {
    await expect(page.getByRole('table').getByRole('rowheader')).toHaveCount(1);
  });
});

test("'Add to dashboard' with no dashboards says so and offers to create one, on the management page", async ({ page, request }) => {
  const stationId = await stationWithSamples(request);
  // A clean slate: a retry finds the first try's dashboard otherwise.
  const api = await apiAs(request, 'viewer');
  for (const dashboard of (await (await api.get('/dashboards')).json()) as { id: string }[]) {
    expect((await api.delete(`/dashboards/${dashboard.id}`)).ok()).toBeTruthy();
  }
  await signIn(page, 'viewer');
  await page.goto(`/#/sts/station/${stationId}/chart`);
  await page.getByRole('button', { name: 'Add to dashboard' }).click();
  // Spec: "With no dashboards it shows 'No dashboards...' and a 'Create dashboard' button that goes to the management route."
  await expect(page.getByText('No dashboards...')).toBeVisible();
  await page.getByRole('button', { name: 'Create dashboard' }).click();
  await expect.poll(() => new URL(page.url()).hash).toBe('#/userspace/dashboard-management');
  await expect(page.getByRole('heading', { level: 1, name: 'All dashboards' })).toBeVisible();
});
