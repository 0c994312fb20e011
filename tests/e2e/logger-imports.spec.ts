import { expect, test } from '@playwright/test';
import { apiAs } from './support/session';
import { DEMO_ORGANIZATION_ID as DEMO_ORGANIZATION, newProject } from './support/projects';

/**
 * A group administrator imports a logger file through a project's Logger data tab, on a phone: the file goes to
 * S3 by a presigned POST, the worker imports it through import-ts-data, the tab lists the new series; an import
 * source with a long URL scrolls inside its table instead of widening the page.
 */

const PHONE = { width: 375, height: 812 };

/**
 * A wide logger file: a station column, a time column with its UTC offset, one column per parameter. Its four
 * quarter-hours end at this second, so every run (a retry too) brings values not stored yet.
 */
function loggerFile(station: string): string {
  const end = Math.floor(Date.now() / 1000) * 1000;
  const rows = [3, 2, 1, 0].map((back, i) => {
    const time = new Date(end - back * 900_000).toISOString().slice(0, 19);
    return `${station},${time},+00:00,${(7.1 + i / 10).toFixed(1)}`;
  });
  return ['Site,Timestamp,UTC offset,pH', ...rows].join('\n') + '\n';
}

test('orgadmin imports a logger file on a phone through the Logger data tab and sees its series, the page as wide as the phone', async ({ page, request }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const project = `Logger walk ${run}`;
  const orgadmin = await apiAs(request, 'orgadmin');
  const stations = (await (await orgadmin.get(`/station?filter=organizationId||$eq||${DEMO_ORGANIZATION}&limit=1`)).json()) as { identifier: string }[];
  const station = stations[0]!.identifier;

  await newProject(page, project);
  await page.setViewportSize(PHONE);
  await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Logger data' }).click();

  const series = page.getByRole('region', { name: 'Series of this project' });
  await expect(series.getByText(/^No logger data yet: import a logger file/)).toBeVisible();
  const panel = page.getByRole('region', { name: 'Import a logger file' });
  await expect(panel.getByText('No imports yet.')).toBeVisible();
  await panel.locator('input[type="file"]').setInputFiles({ name: 'logger.csv', mimeType: 'text/csv', buffer: Buffer.from(loggerFile(station)) });
  await panel.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(panel.locator('.imports-result')).toContainText('logger.csv: Imported', { timeout: 120_000 });
  const valuesImported = panel.locator('dl div', { has: page.getByText('Values imported', { exact: true }) }).locator('dd');
  await expect(valuesImported).toHaveText('4');
  // The series list is read again once the import has ended: the new series is there without a reload.
  await expect(series.getByRole('row', { name: new RegExp(station) })).toContainText('pH');
  await expect(panel.getByRole('region', { name: 'Imports of this project' }).getByRole('row', { name: /logger\.csv/ })).toContainText('4 values imported · 0 unchanged · 0 rows rejected');

  const sources = page.getByRole('region', { name: 'Import sources', exact: true });
  await sources.getByRole('textbox', { name: 'Name' }).fill('Choptank gages');
  await sources.getByRole('textbox', { name: 'URL' }).fill(
    'https://waterservices.usgs.gov/nwis/iv/?sites=01491000,01491500,01492500&parameterCd=00060,00065,00010&siteStatus=all&format=json');
  await sources.getByRole('button', { name: 'Add source' }).click();
  await expect(sources.getByRole('region', { name: 'Import sources table' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
