import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_ORGANIZATION_ID } from './support/projects';

/**
 * The explorer's selection reaches the PDF report: stations selected in the explorer's table go, through the
 * header's link, to the report screen by their ids in its address (`?stations=`), which says it reports on the
 * ones chosen and makes their report; its way back opens the explorer with the same filter, the selection kept.
 */

test("stations selected in the explorer's table are the report's, and the way back keeps the explorer's filter", async ({ page, request }) => {
  // The demo organization's lakes (a filter of two parts, so that what comes back is more than the organization).
  const found = await request.post('/api/v1/statistic', { data: { organizationIds: [DEMO_ORGANIZATION_ID], stationTypes: ['lake'], format: 'objects', limit: 1 } });
  expect(found.ok()).toBeTruthy();
  const lakes = ((await found.json()) as { total: number }).total;
  expect(lakes).toBeGreaterThan(3);

  await page.goto(`/#/sts/overview?mode=table&organization=${DEMO_ORGANIZATION_ID}&stationType=lake`);
  await expect(page.locator('.result-count')).toHaveText(new RegExp(`^${lakes.toLocaleString('en')} stations · `));
  const rows = page.getByRole('table').locator('tbody tr:not([aria-hidden])');
  await expect(rows.first()).toBeVisible();

  // Three stations selected, each by its row's box; their ids are in their links to their pages.
  const chosen: { id: string; name: string }[] = [];
  for (const row of [rows.nth(0), rows.nth(2), rows.nth(4)]) {
    const link = row.locator('td.cell-name a');
    const name = (await link.textContent())!;
    const id = (await link.getAttribute('href'))!.match(/#\/sts\/station\/([^/?]+)/)![1]!;
    await row.getByRole('checkbox', { name: `Select ${name}` }).check();
    chosen.push({ id, name });
  }
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible();

  // The header's link says it is the report of these three, and opens the report screen with their ids.
  const reportLink = page.getByRole('banner').getByRole('link', { name: 'PDF report of the selected stations (3)' });
  await reportLink.click();
  await expect(page).toHaveURL(/#\/sts\/report\?/);
  const address = new URL(page.url().replace('#/', ''));
  expect(address.searchParams.get('stations')?.split(',')).toEqual(chosen.map((s) => s.id));
  expect(address.searchParams.get('organization')).toBe(DEMO_ORGANIZATION_ID);
  expect(address.searchParams.get('stationType')).toBe('lake');
  const form = page.getByRole('form', { name: 'Create the report' });
  await expect(form).toContainText('Stations: the 3 chosen in the explorer.');
  // Not the filter's count: the report is of the chosen three only.
  await expect(form).not.toContainText('The report covers');

  // The report of the three, made while the visitor waits, downloads.
  const download = page.waitForEvent('download');
  await form.getByRole('button', { name: 'Create the PDF report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^open-water-data-report-\d{4}-\d\d-\d\d\.pdf$/);
  expect(readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(form.getByRole('status')).toContainText('The report is ready');
  await expect(form.getByRole('link', { name: 'Download it again' })).toBeVisible();

  // The way back: the explorer with its filter (no longer the ids), the table, and the three still selected.
  await form.getByRole('link', { name: 'Choose stations in the explorer' }).click();
  await expect(page).toHaveURL(/#\/sts\/overview\?/);
  const back = new URL(page.url().replace('#/', ''));
  expect([back.searchParams.get('organization'), back.searchParams.get('stationType'), back.searchParams.get('mode')]).toEqual([DEMO_ORGANIZATION_ID, 'lake', 'table']);
  expect(back.searchParams.has('stations')).toBe(false);
  await expect(page.locator('.result-count')).toHaveText(new RegExp(`^${lakes.toLocaleString('en')} stations · `));
  await expect(page.locator('.option-filter', { hasText: 'Station types' }).getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(page.getByText('3 selected', { exact: true })).toBeVisible();
  for (const { name } of chosen) await expect(page.getByRole('checkbox', { name: `Select ${name}` })).toBeChecked();
  await expect(reportLink).toBeVisible();
});
