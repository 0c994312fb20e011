import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { apiAs, signIn } from './support/session';
import { DEMO_ORGANIZATION_ID as DEMO_ORG } from './support/projects';

/**
 * A project's activity opened as a member opens it: from the Activities tab of the project that holds the
 * real Wisconsin results (demo data), its details and the value it measured, written as the file wrote it
 * (12:20 CDT), then back to the list with the focus on the activity's link; at 375 px in Chinese too.
 */

const ACTIVITY = 'WIDNR_WQX-45822640';

test("a member opens an activity from the project's list, reads what it measured, and goes back", async ({ page, request }) => {
  const contributor = await apiAs(request, 'contributor');
  const projects = (await (await contributor.get(`/project?filter=organizationId||$eq||${DEMO_ORG}&limit=1000`)).json()) as
    | { id: string; projectKey: string }[]
    | { data: { id: string; projectKey: string }[] };
  const list = Array.isArray(projects) ? projects : projects.data;
  const project = list.find((p) => p.projectKey === 'CBSM_URSS_Madison');
  expect(project, 'the demo project of the Wisconsin results').toBeTruthy();
  const activities = `/userspace/organizations/${DEMO_ORG}/projects/${project!.id}/activities`;

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'contributor', activities);
  await page.getByRole('link', { name: ACTIVITY }).click();
  const heading = page.getByRole('heading', { name: `Activity ${ACTIVITY}` });
  await expect(heading).toBeFocused();
  const values = page.getByRole('table', { name: /Values of activity/ });
  const row = values.getByRole('row', { name: /Specific conductance/ });
  await expect(row).toContainText('1000');
  await expect(row).toContainText('uS/cm');
  await expect(row).toContainText('2011-05-09 12:20:00 CDT');
  expect(await seriousViolations(page, 'activity')).toEqual([]);

  await page.getByRole('link', { name: 'Back to the activities' }).click();
  await expect(page.getByRole('link', { name: ACTIVITY })).toBeFocused();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.evaluate(() => localStorage.setItem('app-locale', 'zh-CN'));
  await page.goto(`/#${activities}?activity=${ACTIVITY}`);
  await page.reload(); // the language is read when the app starts
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { name: `活动 ${ACTIVITY}` })).toBeVisible();
  await expect(page.getByRole('table').getByRole('row', { name: /Specific conductance/ })).toContainText('12:20:00 CDT');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});
