import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newProjectImports } from './support/projects';

/**
 * A group administrator imports a real Water Quality Portal file through the project's Imports tab
 * (issue 12): the file goes to S3 by a presigned POST, the worker imports it, and the screen shows the
 * progress, the result counts and the rejected rows with their reason.
 */

const WQP_RESULTS = readFileSync('devtools/demo/wqp/wqp_results.csv', 'utf-8');
const ACTIVITY = 2; // ActivityIdentifier
const START_DATE = 6; // ActivityStartDate

/** The real file with activity ids of this run (so its values are new), and one row with a date that does not exist. */
function fileOfThisRun(run: string): string {
  const [header, ...rows] = WQP_RESULTS.trimEnd().split(/\r?\n/);
  const renamed = rows.map((row) => {
    const cells = row.split(',');
    cells[ACTIVITY] = `${cells[ACTIVITY]}-${run}`;
    return cells;
  });
  const broken = [...renamed[0]!];
  broken[ACTIVITY] = `${rows[0]!.split(',')[ACTIVITY]}-${run}-broken`;
  broken[START_DATE] = '2011-13-45';
  return [header, ...renamed.map((cells) => cells.join(',')), broken.join(',')].join('\n') + '\n';
}

test('orgadmin imports a WQP file through the project screen and sees the progress, the result and the rejected row', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const project = `Import walk ${run}`;
  await newProjectImports(page, project);
  await expect(page.getByText('No imports yet.')).toBeVisible();

  // Remember every progress bar the panel shows on the way (upload in bytes, then import in rows).
  await page.evaluate(() => {
    const seen = new Set<string>();
    (window as unknown as { progressSeen: Set<string> }).progressSeen = seen;
    new MutationObserver(() => {
      document.querySelectorAll('.imports-panel progress').forEach((bar) => seen.add(bar.getAttribute('aria-label') ?? ''));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.locator('.imports-panel input[type="file"]').setInputFiles({
    name: 'wqp_results.csv', mimeType: 'text/csv', buffer: Buffer.from(fileOfThisRun(run)),
  });
  await expect(page.getByText(/^Chosen: wqp_results\.csv/)).toBeVisible();
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  const result = page.locator('.imports-result');
  await expect(result).toContainText('wqp_results.csv: Imported with rejected rows', { timeout: 120_000 });
  const count = async (term: string) => (await page.locator('dl div', { has: page.getByText(term, { exact: true }) }).locator('dd').textContent())?.trim();
  expect(await count('Values imported')).toBe('5');
  expect(await count('Rows rejected')).toBe('1');
  expect(await page.evaluate(() => [...(window as unknown as { progressSeen: Set<string> }).progressSeen])).toContain('Upload');

  const rejected = page.getByRole('region', { name: '1 problem in 1 rejected row' });
  await expect(rejected.getByRole('row')).toHaveCount(2);
  await expect(rejected.getByRole('cell', { name: 'ActivityStartDate', exact: true })).toBeVisible();
  await expect(rejected.getByRole('cell', { name: '2011-13-45', exact: true })).toBeVisible();
  // The reason, in words a person can act on.
  await expect(rejected.getByRole('cell', { name: /^ActivityStartDate '2011-13-45' is not a date/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download the rejected rows (CSV)' })).toBeVisible();
  // The history shows the import as it ended, not as it was queued.
  const history = page.getByRole('region', { name: 'Imports of this project' });
  await expect(history.getByRole('cell', { name: 'wqp_results.csv', exact: true })).toBeVisible();
  const entry = history.getByRole('row', { name: /wqp_results\.csv/ });
  await expect(entry).toContainText('Imported with rejected rows');
  await expect(entry).toContainText('5 values imported · 0 unchanged · 1 row rejected');

  // The rejected rows as a file to fix: the original cells, the row number and the reason; opens in Excel as UTF-8.
  const [feedback] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the rejected rows (CSV)' }).click(),
  ]);
  const feedbackText = readFileSync((await feedback.path())!, 'utf-8');
  expect(feedbackText.charCodeAt(0)).toBe(0xfeff);
  const [feedbackHeader, feedbackRow, ...more] = feedbackText.slice(1).trimEnd().split(/\r?\n/);
  expect(more).toEqual([]);
  expect(feedbackHeader).toMatch(/^OrganizationIdentifier,.*ActivityStartDate.*,row,message$/);
  expect(feedbackRow).toContain('2011-13-45');
  expect(feedbackRow).toMatch(/is not a date/);

  // The template beside the form, to fill in instead: its header names the columns the description lists.
  await expect(page.getByRole('group', { name: 'The Open Water Data template' })).toContainText('StationIdentifier, Date, Parameter and Value are required');
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the template (CSV)' }).click(),
  ]);
  const templateText = readFileSync((await template.path())!, 'utf-8').replace(/^\uFEFF/, '');
  for (const column of ['StationIdentifier', 'Date', 'Parameter', 'Value', 'Latitude', 'Longitude']) {
    expect(templateText.split(/\r?\n/)[0]!.split(',')).toContain(column);
  }

  // The home page lists it among the latest imports of the user's projects, linking to the project's imports.
  await page.goto('/#/home');
  const latest = page.getByRole('region', { name: 'Latest imports' });
  const item = latest.getByRole('listitem').filter({ hasText: project });
  await expect(item.first()).toBeVisible();
  await item.first().getByRole('link', { name: 'wqp_results.csv' }).click();
  await expect(page.getByRole('region', { name: 'Imports of this project' }).getByRole('cell', { name: 'wqp_results.csv', exact: true })).toBeVisible();
});

/** A template file of at least `minBytes` (long comments), one sample a day from 1900: its rows are all valid. */
function largeTemplate(minBytes: number, station: string): { text: string; rows: number } {
  const comment = `Sampled from the footbridge; ${'clear water and light flow. '.repeat(13)}`;
  const lines = ['StationIdentifier,Date,Time,TimeZone,Parameter,Value,Unit,Comment,Latitude,Longitude,StationName'];
  let size = lines[0]!.length;
  let rows = 0;
  for (let day = Date.UTC(1900, 0, 1); size < minBytes; day += 86_400_000) {
    const line = `${station},${new Date(day).toISOString().slice(0, 10)},10:00,UTC,pH,7.${rows % 10},std units,${comment},40.1,-75.2,Parts creek`;
    lines.push(line);
    size += line.length + 1;
    rows += 1;
  }
  return { text: lines.join('\n') + '\n', rows };
}

test('a file larger than a part goes to S3 in parts, and after a lost connection Try again sends only the part missing', async ({ page }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  await newProjectImports(page, `Parts ${run}`);
  const { text, rows } = largeTemplate(9 * 1024 * 1024, `PARTS-${run}`); // two parts of S3's 8 MiB
  // The parts as they reach S3; the first send of part 2 loses the connection.
  const sent: number[] = [];
  let dropped = false;
  await page.route((url) => url.searchParams.has('partNumber'), async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const part = Number(new URL(route.request().url()).searchParams.get('partNumber'));
    if (part === 2 && !dropped) {
      dropped = true;
      return route.abort('internetdisconnected');
    }
    sent.push(part);
    return route.continue();
  });
  await page.getByLabel('Only check the file (write nothing)').check();
  await page.locator('.imports-panel input[type="file"]').setInputFiles({ name: 'river.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Check file', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The connection was lost while river.csv was uploading, so it was not imported.');
  expect(sent).toEqual([1]);

  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.imports-result')).toContainText('river.csv: Checked (nothing written)', { timeout: 120_000 });
  expect(sent).toEqual([1, 2]); // part 1 had arrived: only part 2 was sent again
  const count = async (term: string) => (await page.locator('dl div', { has: page.getByText(term, { exact: true }) }).locator('dd').textContent())?.trim();
  expect(await count('Values that would be imported')).toBe(rows.toLocaleString('en-US'));
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('owd-upload:')))).toEqual([]);
});

test("a volunteer's sheet without a time zone column is imported in the zone chosen for it", async ({ page }) => {
  // A walk: such a sheet's times had all been read as UTC, an evening sample dated the next day.
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  await newProjectImports(page, `Zone walk ${run}`);
  const sheet = 'StationIdentifier,StationName,Latitude,Longitude,Date,Time,Parameter,Value,Unit\n'
    + `TZ-${run},Evening creek,40.05,-75.43,2026-03-14,19:30,pH,7.2,std units\n`;
  await page.locator('.imports-panel input[type="file"]').setInputFiles({ name: 'evening.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
  const zone = page.getByRole('combobox', { name: 'Time zone of times without one' });
  await expect(zone).toHaveAccessibleDescription(/such as most spreadsheets/);
  await expect(zone.locator('option').first()).toHaveText('None: read as UTC');
  await zone.selectOption({ label: 'EST (UTC\u221205:00)' });
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  const result = page.locator('.imports-result');
  await expect(result).toContainText('evening.csv: Imported', { timeout: 90_000 });
  await expect(result).toContainText('Times without a zone read as: EST');
  await expect(result).not.toContainText('read as UTC');
});
