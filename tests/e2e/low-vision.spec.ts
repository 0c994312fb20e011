import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO_ORGANIZATION_ID } from './support/projects';

/**
 * The data section as a low-vision visitor meets it: at 400 % zoom (a window 320 CSS px wide, WCAG 1.4.10) and with
 * the system's forced colours (Windows' contrast themes), where the page's own colours are replaced by the system's.
 */

/** A demo station with values and several parameters, as the explorer lists it. */
async function aStation(request: APIRequestContext): Promise<{ id: string }> {
  const response = await request.post('/api/v1/statistic', {
    data: { organizationIds: [DEMO_ORGANIZATION_ID], format: 'objects', limit: 50 },
  });
  expect(response.ok()).toBeTruthy();
  const { stations } = (await response.json()) as { stations: { id: string; meta: { sampleCount: number } }[] };
  return stations.find((s) => s.meta.sampleCount > 0)!;
}

test("at 400 % zoom a station's info reads in whole lines, and its parameters' figures are on the screen", async ({ browser, request }) => {
  const station = await aStation(request);
  const page = await browser.newPage({ viewport: { width: 320, height: 640 } });
  await page.goto(`/#/sts/station/${station.id}/info`);
  const facts = page.getByRole('definition');
  await expect(facts.first()).toBeVisible();
  // Each value as wide as the list, under its name: beside "Monitoring location type" it had been a few letters a line.
  const list = (await page.locator('.facts').boundingBox())!;
  for (const box of await facts.evaluateAll((all) => all.map((dd) => dd.getBoundingClientRect().width))) {
    expect(box).toBeGreaterThan(list.width * 0.9);
  }
  // Every figure of the parameters' table within the window: none beyond its right edge, where only a mouse scrolled.
  const table = page.getByRole('table', { name: 'Parameters' });
  await expect(table.getByRole('cell').first()).toBeVisible();
  const rightmost = await table.getByRole('cell').evaluateAll((cells) => Math.max(...cells.map((c) => c.getBoundingClientRect().right)));
  expect(rightmost).toBeLessThanOrEqual(320);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.close();
});

test('in forced colours the explorer still shows which view is shown', async ({ browser }) => {
  const page = await browser.newPage({ forcedColors: 'active' });
  await page.goto('/#/sts/overview?mode=table');
  const views = page.getByRole('group', { name: 'View' });
  await expect(views.getByRole('button', { name: 'Table', exact: true })).toHaveAttribute('aria-pressed', 'true');
  const background = (name: string) =>
    views.getByRole('button', { name, exact: true }).evaluate((button) => getComputedStyle(button).backgroundColor);
  expect(await background('Table')).not.toBe(await background('Map'));
  await page.close();
});
