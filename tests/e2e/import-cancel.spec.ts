import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { newProjectImports } from './support/projects';

/**
 * A group administrator cancels a long import part way (issue 12): the screen says it is stopping, then how
 * many values were written before the stop, and still offers the rows rejected so far as a file to fix.
 */

const WQP_RESULTS = readFileSync('devtools/demo/wqp/wqp_results.csv', 'utf-8');
const ACTIVITY = 2; // ActivityIdentifier
const START_DATE = 6; // ActivityStartDate
const ROWS = 60_000;

/** The real file's rows repeated to ROWS rows, each its own activity of this run; the third has a date that does not exist. */
function longFileOfThisRun(run: string): string {
  const [header, ...rows] = WQP_RESULTS.trimEnd().split(/\r?\n/);
  const lines = Array.from({ length: ROWS }, (_, index) => {
    const cells = rows[index % rows.length]!.split(',');
    cells[ACTIVITY] = `${cells[ACTIVITY]}-${run}-${index}`;
    if (index === 2) cells[START_DATE] = '2011-02-30';
    return cells.join(',');
  });
  return [header, ...lines].join('\n') + '\n';
}

test('orgadmin cancels a long import and keeps what was written and the rejected rows so far', async ({ page }) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const project = `Cancel walk ${run}`;
  await newProjectImports(page, project);

  await page.locator('.imports-panel input[type="file"]').setInputFiles({
    name: 'long_results.csv', mimeType: 'text/csv', buffer: Buffer.from(longFileOfThisRun(run)),
  });
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  // Cancel once the worker has written some rows, long before the last.
  const result = page.locator('.imports-result');
  await expect(result).toContainText('long_results.csv: Importing', { timeout: 120_000 });
  await expect(result.getByText(/^[1-9][\d,]* rows read/)).toBeVisible({ timeout: 60_000 });
  await result.getByRole('button', { name: 'Cancel the import' }).click();

  // "Stopping…" may pass too fast to see; the end is what counts: cancelled, with its counts final.
  await expect(result).toContainText('long_results.csv: Cancelled', { timeout: 60_000 });
  await expect(result.getByRole('button', { name: 'Cancel the import' })).toHaveCount(0);
  const count = async (term: string) =>
    Number((await result.locator('dl div', { has: page.getByText(term, { exact: true }) }).locator('dd').textContent())?.replace(/,/g, ''));
  const imported = await count('Values imported');
  expect(imported).toBeGreaterThan(0);
  expect(imported).toBeLessThan(ROWS - 1);
  expect(await count('Rows rejected')).toBe(1);

  // The history says the same.
  const entry = page.getByRole('region', { name: 'Imports of this project' }).getByRole('row', { name: /long_results\.csv/ });
  await expect(entry).toContainText('Cancelled');
  await expect(entry).toContainText(`${imported.toLocaleString('en-US')} values imported`);

  // The row rejected before the stop, as a file to fix and import again.
  const rejected = page.getByRole('region', { name: '1 problem in 1 rejected row' });
  await expect(rejected.getByRole('cell', { name: '2011-02-30', exact: true })).toBeVisible();
  const [feedback] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the rejected rows (CSV)' }).click(),
  ]);
  const [header, row, ...more] = readFileSync((await feedback.path())!, 'utf-8').replace(/^\uFEFF/, '').trimEnd().split(/\r?\n/);
  expect(more).toEqual([]);
  expect(header).toMatch(/,row,message$/);
  expect(row).toContain(`-${run}-2,`);
  expect(row).toMatch(/2011-02-30.*,3,.*that month has no such day/);
});
