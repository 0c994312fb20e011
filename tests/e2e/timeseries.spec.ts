import { expect, test, type APIRequestContext } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { DEMO_ORGANIZATION_ID as DEMO_ORGANIZATION } from './support/projects';

/**
 * Logger data on the station chart (issue 13): a year of 15-minute values pushed with an organization API key
 * reaches the chart as daily means; zooming in asks for finer levels until the values as measured, a day of them.
 */


async function orgadminHeaders(request: APIRequestContext) {
  const config = (await (await request.get('/config.json')).json()) as { oidc: { authority: string } };
  const token = await request.post(`${config.oidc.authority}/token`, {
    form: { grant_type: 'password', client_id: 'cli', username: 'orgadmin', password: 'orgadmin', scope: 'openid profile email' },
  });
  expect(token.ok(), await token.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
}

/** A year (2023) of 15-minute conductance values at a demo station, pushed 10,000 at a time: its id. */
async function stationWithAYearOfLoggerData(request: APIRequestContext): Promise<string> {
  const headers = await orgadminHeaders(request);
  const stations = (await (await request.get(`/api/v1/station?filter=organizationId||$eq||${DEMO_ORGANIZATION}&limit=1`, { headers })).json()) as { id: string; identifier: string }[];
  const station = stations[0]!;
  const projects = (await (await request.get(`/api/v1/project?filter=organizationId||$eq||${DEMO_ORGANIZATION}&limit=1`, { headers })).json()) as { id: string }[];
  const key = await request.post(`/api/v1/organization/${DEMO_ORGANIZATION}/api-keys`, { headers, data: { name: 'Browser test logger' } });
  expect(key.status(), await key.text()).toBe(201);
  const apiKey = ((await key.json()) as { key: string }).key;
  const start = Date.UTC(2023, 0, 1);
  const values: [string, number][] = [];
  for (let i = 0; i < 35_040; i++) {
    const t = start + i * 900_000;
    values.push([new Date(t).toISOString().replace('.000Z', 'Z'), Math.round((400 + 50 * Math.sin((2 * Math.PI * i) / 96) + i / 1000) * 100) / 100]);
  }
  for (let i = 0; i < values.length; i += 10_000) {
    const pushed = await request.post(`/api/v1/wapi/${projects[0]!.id}/ts`, {
      headers: { 'X-API-Key': apiKey },
      data: { series: [{ stationIdentifier: station.identifier, parameter: 'Specific conductance', unit: 'uS/cm', values: values.slice(i, i + 10_000) }] },
    });
    expect(pushed.status(), await pushed.text()).toBe(200);
  }
  return station.id;
}

test('a station chart shows a year of logger data as daily means and the values as measured once zoomed to a day', async ({ page, request }) => {
  test.setTimeout(120_000);
  const stationId = await stationWithAYearOfLoggerData(request);
  await page.goto(`/#/sts/station/${stationId}/chart`);
  const panel = page.getByRole('region', { name: 'Logger data' });
  await panel.getByRole('radio', { name: /^Specific conductance, uS\/cm: 35,040 values/ }).check();
  const level = panel.getByRole('status');
  await expect(level).toHaveText('Daily means of 35,040 values (365 days). Zoom in for hours, then the values as measured.');
  const canvas = panel.locator('canvas');
  await expect(canvas).toHaveAttribute('data-drawn-points', '365');
  expect(await seriousViolations(page, 'station chart with logger data')).toEqual([]);

  // Zoom in step by step (each shows 80 % of the range): hours first, then the values as measured.
  const seen = new Set<string>();
  for (let step = 0; step < 40; step++) {
    const text = (await level.textContent()) ?? '';
    seen.add(text.split(' ')[0]!);
    const drawn = Number(await canvas.getAttribute('data-drawn-points'));
    if (text.startsWith('Values as measured') && drawn <= 96) break;
    await panel.getByRole('button', { name: 'Zoom in' }).click();
    await expect(level).not.toHaveText(text);
  }
  await expect(level).toHaveText(/^Values as measured: \d+ of \d+\./);
  const drawn = Number(await canvas.getAttribute('data-drawn-points'));
  expect(drawn).toBeGreaterThan(0);
  expect(drawn).toBeLessThanOrEqual(96); // a day (or less) of 15-minute values
  expect([...seen]).toEqual(expect.arrayContaining(['Daily', 'Hourly', 'Values']));

  // Reset zoom (the chart's own button, which the finer answers no longer disable) shows the whole year again.
  await panel.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(level).toHaveText('Daily means of 35,040 values (365 days). Zoom in for hours, then the values as measured.');
});
