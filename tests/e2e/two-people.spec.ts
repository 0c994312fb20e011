import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { apiAs, signIn } from './support/session';
import { DEMO_ORGANIZATION_ID as DEMO_ORG } from './support/projects';

/**
 * Two people of one organization at the same time, each in a browser of their own, against the real API: the
 * second to save a station's name meets the first one's change (under the field, with a notice), and saves over
 * it on purpose; a contributor takes values recorded by mistake out of a station's chart, a period of them.
 */

async function editStation(page: Page, identifier: string, name: string) {
  await page.goto(`/#/userspace/organizations/${DEMO_ORG}/stations?q=${identifier}`);
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  return page.getByRole('dialog', { name: 'Edit station' });
}

test('two people rename one station: the second sees the first one\'s name and saves over it on purpose', async ({ page, browser, request }) => {
  const identifier = `E2E-TWO-${Date.now().toString(36)}`;
  const orgadmin = await apiAs(request, 'orgadmin');
  const created = await orgadmin.post('/station', { organizationId: DEMO_ORG, identifier, name: 'Two editors creek', latitude: 40.1, longitude: -75.2 });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const other = await browser.newContext();
  const carl = await other.newPage();
  await signIn(page, 'orgadmin');
  await signIn(carl, 'contributor');
  const olgasDialog = await editStation(page, identifier, 'Two editors creek');
  const carlsDialog = await editStation(carl, identifier, 'Two editors creek');

  await olgasDialog.getByRole('textbox', { name: 'Name' }).fill('Renamed by Olga');
  await olgasDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Station Renamed by Olga saved.')).toBeVisible();

  await carlsDialog.getByRole('textbox', { name: 'Name' }).fill('Renamed by Carl');
  await carlsDialog.getByRole('textbox', { name: 'Longitude' }).fill('-75.25');
  await carlsDialog.getByRole('button', { name: 'Save' }).click();
  await expect(carlsDialog.getByRole('alert')).toContainText('Someone else changed this while you were editing it.');
  await expect(carlsDialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Changed meanwhile by someone else to: Renamed by Olga');
  expect(await seriousViolations(carl)).toEqual([]);
  expect(((await (await orgadmin.get(`/station/${id}`)).json()) as { name: string }).name).toBe('Renamed by Olga');

  await carlsDialog.getByRole('button', { name: 'Save' }).click();
  await expect(carl.getByText('Station Renamed by Carl saved.')).toBeVisible();
  const stored = (await (await orgadmin.get(`/station/${id}`)).json()) as { name: string; longitude: number };
  expect([stored.name, stored.longitude]).toEqual(['Renamed by Carl', -75.25]);
  await other.close();
});

test('a contributor deletes a period of values recorded by mistake from the station chart', async ({ page, request }) => {
  const identifier = `E2E-DEL-${Date.now().toString(36)}`;
  const orgadmin = await apiAs(request, 'orgadmin');
  const projects = (await (await orgadmin.get(`/project?filter=organizationId||$eq||${DEMO_ORG}`)).json()) as { id: string }[];
  const path = `/organization/${DEMO_ORG}/projects/${projects[0]!.id}`;
  const rows = [1, 2, 3, 4].map((day) => `${identifier},Mistake creek,40.3,-75.4,2024-05-0${day},pH,7.${day},std units`);
  const queued = await orgadmin.postForm(`${path}/import-data`, {
    file: {
      name: 'mistake.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`StationIdentifier,StationName,Latitude,Longitude,Date,Parameter,Value,Unit\n${rows.join('\n')}\n`),
    },
  });
  expect(queued.status(), await queued.text()).toBe(202);
  const { logId } = (await queued.json()) as { logId: string };
  await expect
    .poll(async () => ((await (await orgadmin.get(`${path}/queued-import/${logId}`)).json()) as { status: string }).status, { timeout: 30_000 })
    .toBe('succeeded');
  const [station] = (await (await orgadmin.get(`/station?filter=identifier||$eq||${identifier}`)).json()) as { id: string }[];

  await signIn(page, 'contributor', `/sts/station/${station!.id}/chart`);
  await page.getByRole('button', { name: 'Delete values of pH…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete values of pH' });
  await dialog.getByLabel('From').fill('2024-05-02');
  await dialog.getByLabel('To').fill('2024-05-03');
  await expect(dialog).toContainText(`The values of pH at Mistake creek (${identifier}) from 2024-05-02 to 2024-05-03 will be deleted.`);
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete values' }).click();
  await expect(page.getByText('2 values deleted.')).toBeVisible();
  const left = (await (await orgadmin.get(`/sampleValue/${station!.id}/${await phId(orgadmin)}`)).json()) as { data: { time: string }[] };
  expect(left.data.map((value) => value.time.slice(0, 10))).toEqual(['2024-05-01', '2024-05-04']);
});

async function phId(api: Awaited<ReturnType<typeof apiAs>>): Promise<string> {
  const parameters = (await (await api.get('/parameter/parameters?limit=1000')).json()) as { id: string; label: string }[];
  return parameters.find((parameter) => parameter.label === 'pH')!.id;
}
