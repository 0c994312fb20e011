import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * The administration shell as a visitor meets it (issue 5): the side menu's collapse rule and
 * its memory, the language dropdown, lazy views (spinner, failure box), the 404 redirect, and the
 * quality bar (axe, phone width) with screenshots of the main screens.
 */

const MENU_KEY = 'app-menu-collapsed';

async function menuExpanded(page: Page): Promise<string | null> {
  return page.locator('.menu-toggle').getAttribute('aria-expanded');
}

test('the menu starts collapsed below 1920 px, open at 1920 px, and a toggle is remembered over a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/#/home');
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  expect(await menuExpanded(page)).toBe('false');
  expect(await page.evaluate((key) => localStorage.getItem(key), MENU_KEY)).toBeNull();

  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByText('Explore data')).toBeVisible();

  // The choice wins over the width rule, and survives a reload.
  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), MENU_KEY)).toBe('true');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole('button', { name: 'Expand menu' }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Collapse menu' })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), MENU_KEY)).toBe('false');
});

test('switching to 简体中文 and back: labels, <html lang>, the toast, the dropdown stays open', async ({ page }) => {
  await page.goto('/#/home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const dropdown = page.getByRole('button', { name: 'Language: English' });
  await dropdown.click();
  const options = page.getByRole('listbox', { name: 'Language' });
  await expect(options.getByRole('option', { name: 'English' })).toHaveAttribute('aria-selected', 'true');

  await options.getByRole('option', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByText('语言切换成功。')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeAttached();
  const chineseOptions = page.getByRole('listbox', { name: '语言' });
  await expect(chineseOptions.getByRole('option', { name: '简体中文' })).toHaveAttribute('aria-selected', 'true');

  // Remembered over a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByRole('button', { name: '语言：简体中文' }).click();
  await page.getByRole('listbox', { name: '语言' }).getByRole('option', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByText('Language changed successfully.')).toBeVisible();
  // A press anywhere else closes it; Escape does too.
  const englishOptions = page.getByRole('listbox', { name: 'Language' });
  await expect(englishOptions).toBeVisible();
  await page.getByRole('main').click({ position: { x: 5, y: 5 } });
  await expect(englishOptions).toHaveCount(0);
  await page.getByRole('button', { name: 'Language: English' }).click();
  await expect(englishOptions).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(englishOptions).toHaveCount(0);
});

test('a slow view shows "Loading..." after 300 ms, then the page', async ({ page }) => {
  await page.route('**/assets/SystemInfoPage-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/#/home');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Open Water Data' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

test('a view whose code fails to load shows "Component load failed" and an error toast', async ({ page }) => {
  await page.route('**/assets/SystemInfoPage-*.js', (route) => route.abort('failed'));
  await page.goto('/#/home');
  await expect(page.getByRole('alert').filter({ hasText: 'Component load failed' })).toBeVisible();
  await expect(page.locator('.toast-error')).toBeVisible();
  // The shell stays usable: the menu leads elsewhere.
  await page.getByRole('link', { name: 'Explore data' }).click();
  await expect(page).toHaveURL(/#\/sts\/overview/);
});

test('a view that does not load within 8 s shows "Component load failed"', async ({ page }) => {
  test.setTimeout(45_000);
  await page.route('**/assets/SystemInfoPage-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    await route.continue().catch(() => undefined);
  });
  const started = Date.now();
  await page.goto('/#/home');
  await expect(page.getByText('Loading...')).toBeVisible();
  await expect(page.getByText('Component load failed')).toBeVisible({ timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(7_500);
});

test('an unknown address goes to the 404 page, which names it', async ({ page }) => {
  await page.goto('/#/no/such/page?x=1');
  await expect(page).toHaveURL(/#\/404\?url=/);
  expect(decodeURIComponent(new URL(page.url().replace('#', '')).searchParams.get('url') ?? '')).toBe('/no/such/page?x=1');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('There is no page at /no/such/page?x=1.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).toHaveURL(/#\/home$/);
});

const SCREENS = [
  { name: 'home', path: '/#/home', ready: (page: Page) => expect(page.getByRole('definition').first()).toBeVisible() },
  { name: 'explorer', path: '/#/sts/overview', ready: (page: Page) => expect(page.locator('.result-count')).toBeVisible() },
  { name: 'mission', path: '/#/sts/mission', ready: (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { name: 'not-found', path: '/#/404?url=%2Fmissing', ready: (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
];

for (const lang of ['en', 'zh-CN']) {
  for (const width of [1440, 375]) {
    test(`main screens in ${lang} at ${width} px: no serious accessibility violations, no sideways scrolling`, async ({ page }) => {
      await page.addInitScript((language) => localStorage.setItem('app-locale', language), lang);
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await screen.ready(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        expect(await seriousViolations(page, screen.name)).toEqual([]);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${screen.name} scrolls sideways`).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `screenshots/${screen.name}-${lang}-${width}.png`, fullPage: true });
      }
    });
  }
}
