import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

test('the home page names the running API: name, version, stage, build time', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/#\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Open Water Data' })).toBeVisible();
  const facts = page.getByRole('definition');
  await expect(facts.nth(0)).toHaveText('0.1.0-e2e');
  // The stage by its name in the interface language (the API reports "local").
  await expect(facts.nth(1)).toHaveText('Local');
  // The build time as people read dates here (a walk found the raw ISO text), the instant kept in <time dateTime>.
  await expect(facts.nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M$/);
  await expect(facts.nth(2).locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  await page.screenshot({ path: 'screenshots/system-info.png', fullPage: true });
});

test('an unknown API path answers JSON 404 through the gateway', async ({ request }) => {
  const response = await request.get('/api/v1/no-such-thing');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ statusCode: 404, message: 'Cannot GET /api/v1/no-such-thing' });
});

test('the API reference, linked from the about menu, draws every route of the API document', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(/#\/api-reference$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Open Water Data API/ })).toBeVisible();
  // Swagger UI's own controls pass axe too (folded, then with a domain's operations): the servers list has a
  // name, its badges, links and buttons contrast.
  await expect(page.getByRole('combobox', { name: 'Servers' })).toBeVisible();
  expect(await seriousViolations(page, 'API reference')).toEqual([]);
  // Each domain folded, a click unfolds its operations.
  await page.locator('.opblock-tag', { hasText: /^stations/ }).first().click();
  await expect(page.locator('.opblock-summary-path[data-path="/api/v1/station/bulk"]')).toBeVisible();
  expect(await seriousViolations(page, 'API reference, stations unfolded')).toEqual([]);
  await expect(page.getByRole('link', { name: 'The OpenAPI 3.1 document (JSON)' })).toHaveAttribute('href', '/api/v1/openapi.json');
  await page.screenshot({ path: 'screenshots/api-reference.png' });
});

test('after the API reference, the skip link still moves the focus and leaves the address as it was', async ({ page }) => {
  // Swagger UI's bundle carries zenscroll, which took over every "#id" link of the app once loaded.
  await page.goto('/#/api-reference');
  await expect(page.getByRole('heading', { name: /Open Water Data API/ })).toBeVisible();
  await page.goto('/#/sts/overview?mode=table');
  await expect(page.getByRole('table')).toBeVisible();
  // The move to another page put the focus on the main landmark; the skip link is still the first stop of
  // the page's own tab order (focused here, as Tab from the top of the page would).
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await skip.focus();
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main-content')).toBeFocused();
  expect(new URL(page.url()).hash).toBe('#/sts/overview?mode=table');
});
