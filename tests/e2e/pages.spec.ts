import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import en from '../../frontend/src/features/pages/locales/en';
import zhCN from '../../frontend/src/features/pages/locales/zh-CN';
import { INFO_PAGES } from '../../frontend/src/features/pages/menu';
import { signIn } from './support/session';
import { DEMO_ORGANIZATION_ID } from './support/projects';

/**
 * The informational pages against the real API: every page shows its text in both languages; a
 * system administrator edits a page, a visitor sees the new text, the administrator restores the
 * product's text; script and javascript: links in Markdown stay inert; what the app keeps in the
 * browser is what the cookie policy lists; Contact us reaches the administrators' list; and the
 * quickstart's screenshots (copied, compressed, into frontend/public/quickstart/) are taken here.
 */

const TITLES = { en, 'zh-CN': zhCN } as const;

function shippedText(page: string, lang: string): string {
  return readFileSync(`chalicelib/pages/defaults/${lang}/${page}.md`, 'utf-8');
}

function firstHeading(text: string): string | undefined {
  return text.match(/^## (.+)$/m)?.[1];
}

async function useLanguage(page: Page, lang: string) {
  await page.addInitScript((language) => localStorage.setItem('app-locale', language), lang);
}

for (const lang of ['en', 'zh-CN'] as const) {
  test(`every informational page shows its text in ${lang}`, async ({ page }) => {
    await useLanguage(page, lang);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    for (const key of INFO_PAGES) {
      await page.goto(`/#/sts/${key}`);
      const title = TITLES[lang][key].title;
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const text = shippedText(key, lang);
      const heading = firstHeading(text);
      if (heading) await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      else await expect(page.locator('.page-markdown').getByText(text.split('\n')[0]!.slice(0, 30))).toBeVisible();
      // Said once: a page's text does not repeat its title as a heading of its own.
      await expect(page.getByRole('heading', { name: title, exact: true })).toHaveCount(1);
    }
    await page.goto('/#/sts/quickstart');
    const screenshot = page.locator('.page-markdown img').first();
    await expect(screenshot).toBeVisible();
    expect(await screenshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Typed addresses (each goto above) and Back: a visitor's page holds no router blocker, which warned on each.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: TITLES[lang][INFO_PAGES.at(-1)!].title })).toBeVisible();
    expect(warnings.filter((warning) => /blocker/i.test(warning))).toEqual([]);
  });
}

test('an administrator edits a page, the visitor sees it, scripts stay inert, the product text comes back', async ({ page, browser }) => {
  const marker = `Edited ${Date.now().toString(36)}`;
  await signIn(page, 'admin', '/sts/history');
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit this page' }).click();
  const editor = page.getByRole('region', { name: 'Edit “History”' });
  const text = editor.getByRole('textbox', { name: 'Markdown text' });
  await expect(text).toHaveValue(shippedText('history', 'en'));
  await text.fill([
    `## ${marker}`,
    '<script>window.hacked = true</script>',
    '<img src="x" onerror="window.hacked = true">',
    '[Do not click](javascript:window.hacked=true)',
  ].join('\n\n'));
  await expect(editor.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: marker })).toBeVisible();
  await editor.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(editor.getByRole('status')).toHaveText(/Saved as version \d+\./);

  // A visitor, not signed in, reads the new text; nothing in it ran.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/#/sts/history');
  await expect(visitor.getByRole('heading', { level: 2, name: marker })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Edit this page' })).toHaveCount(0);
  const markdown = visitor.locator('.page-markdown');
  await expect(markdown.locator('script, img, [onerror]')).toHaveCount(0);
  await expect(markdown.getByText('Do not click')).not.toHaveAttribute('href', /javascript/);
  // Its text only, not a link (an emptied link had led to the home page): a click stays on the page.
  await expect(markdown.getByRole('link', { name: 'Do not click' })).toHaveCount(0);
  await markdown.getByText('Do not click').click();
  expect(await visitor.evaluate(() => (window as unknown as { hacked?: boolean }).hacked)).toBeUndefined();
  expect(visitor.url()).toMatch(/#\/sts\/history$/);

  // The administrator serves the product's text again (version 0, the last one listed).
  const versions = editor.getByRole('listitem');
  await versions.filter({ hasText: 'The product’s default text' }).getByRole('button', { name: 'Restore' }).click();
  await expect(editor.getByRole('status')).toHaveText('Version 0 is served again.');
  await expect(versions.first()).toContainText('restored from version 0');
  await visitor.reload(); // the visitor is still on the page: a reload reads it again
  await expect(visitor.getByRole('heading', { level: 2, name: firstHeading(shippedText('history', 'en'))! })).toBeVisible();
  await expect(visitor.getByText(marker)).toHaveCount(0);
  await visitor.context().close();
});

test('the browser keeps only what the cookie policy lists', async ({ page }) => {
  await signIn(page, 'viewer', '/sts/cookies');
  await page.getByRole('button', { name: /^(Collapse|Expand) menu$/ }).click();
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('listbox', { name: 'Language' }).getByRole('option', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cookie 政策' })).toBeVisible();
  // The Chinese text arrives after its heading: wait for its list before reading it.
  const entries = page.locator('.page-markdown li > code:first-child');
  await expect(entries).toHaveCount(6);
  const listed = await entries.allTextContents();
  expect(listed.sort()).toEqual(['app-locale', 'app-menu-collapsed', 'invitations-offered', 'oidc.*', 'owd-route-after-sign-out', 'owd-upload:*']);
  const kept = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  expect(kept).toContain('app-locale');
  const covered = (key: string) => listed.some((entry) => (entry.endsWith('*') ? key.startsWith(entry.slice(0, -1)) : key === entry));
  expect(kept.filter((key) => !covered(key))).toEqual([]);
});

test('a visitor writes to the administrators, who read it in the admin shell', async ({ page, browser }) => {
  const visitor = await (await browser.newContext()).newPage();
  const message = `Is the Fairview data monthly? ${Date.now().toString(36)}`;
  await visitor.goto('/#/sts/contactUs');
  await visitor.getByRole('textbox', { name: 'Your name' }).fill('Lin Wei');
  await visitor.getByRole('textbox', { name: 'Your email address' }).fill('lin.wei@example.com');
  await visitor.getByRole('textbox', { name: 'Your message' }).fill(message);
  await visitor.getByRole('button', { name: 'Send the message' }).click();
  await expect(visitor.getByRole('status')).toHaveText('Thank you. Your message was sent to the administrators; we will answer by email.');
  await visitor.context().close();

  await signIn(page, 'admin', '/home');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lin Wei <lin.wei@example.com>' }).filter({ hasText: message })).toBeVisible();
});

test('the quickstart screenshots: explorer, station chart, organization workspace', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 760 });
  await page.goto(`/#/sts/overview?mode=map&organization=${DEMO_ORGANIZATION_ID}`);
  await expect(page.getByTestId('station-map')).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
  await page.screenshot({ path: 'screenshots/quickstart-explorer.png' });

  await page.goto(`/#/sts/overview?mode=table&organization=${DEMO_ORGANIZATION_ID}`);
  await page.getByRole('table').locator('tbody tr:not([aria-hidden])').first().getByRole('link').first().click();
  await expect(page.locator('.chart-canvas canvas')).toHaveAttribute('data-drawn', 'true', { timeout: 20_000 });
  await page.screenshot({ path: 'screenshots/quickstart-station-chart.png' });

  await signIn(page, 'orgadmin', `/userspace/organizations/${DEMO_ORGANIZATION_ID}/members`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await page.screenshot({ path: 'screenshots/quickstart-organization.png' });
});

test("the PDF report of the explorer's filter downloads from /sts/report", async ({ page, request }) => {
  const found = await request.post('/api/v1/statistic', { data: { organizationIds: [DEMO_ORGANIZATION_ID], limit: 20 } });
  const stations = ((await found.json()) as { stations: { identifier: string; meta: { sampleCount: number } }[] }).stations;
  const station = stations.find((s) => s.meta.sampleCount > 0)!;
  // From the explorer, filtered to one station, through the header's link: the report keeps the filter.
  await page.goto(`/#/sts/overview?organization=${DEMO_ORGANIZATION_ID}&q=${encodeURIComponent(station.identifier)}`);
  await page.getByRole('banner').getByRole('link', { name: 'PDF report' }).click();
  await expect(page).toHaveURL(/#\/sts\/report\?/);
  // The filter said in words, as the explorer names it.
  await expect(page.getByText(`Search stations: ${station.identifier}`, { exact: false })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Create the PDF report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^open-water-data-report-\d{4}-\d\d-\d\d\.pdf$/);
  const bytes = readFileSync(await file.path());
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(5_000);
  await expect(page.getByRole('status')).toContainText('The report is ready');
});
