import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { DEMO_ORGANIZATION_ID } from './support/projects';
import { apiAs } from './support/session';

/**
 * The data section as a visitor uses it (issue 7): a shared explorer link with a filter, a filter
 * change written to the address, the table (sort, select), a station's chart drawn from its values,
 * its info. Once in English and once in Simplified Chinese.
 */

const LANGUAGES = {
  en: {
    stations: /^([\d,]+) stations? · ([\d,]+) samples?/,
    stationTypes: 'Station types',
    table: 'Table',
    name: 'Name',
    select: (name: string) => `Select ${name}`,
    selected: '1 selected',
    chart: 'Chart',
    info: 'Info',
    summary: 'Series shown',
    identifier: 'Identifier',
    openStation: 'Open the station page',
    keyboardHint: 'Arrow keys move the map, + and − zoom; Enter opens the stations at the cross in the middle.',
    resetZoom: 'Reset zoom',
    legend: 'Legend',
    colorBy: 'Colour by',
    phOption: 'pH',
    useInPython: 'Use in Python / R',
    wqpStations: 'Stations (WQP address)',
  },
  'zh-CN': {
    stations: /^([\d,]+) 个站点 · ([\d,]+) 个样品/,
    stationTypes: '站点类型',
    table: '表格',
    name: '名称',
    select: (name: string) => `选择 ${name}`,
    selected: '已选择 1 个',
    chart: '图表',
    info: '信息',
    summary: '已显示的数据序列',
    identifier: '标识符',
    openStation: '打开站点页面',
    keyboardHint: '方向键移动地图，+ 和 − 缩放；按 Enter 打开地图中央十字处的站点。',
    resetZoom: '重置缩放',
    legend: '图例',
    colorBy: '着色依据',
    // A parameter is named as the filter names it: in Chinese, then as WQX names it.
    phOption: 'pH值 · pH',
    useInPython: '在 Python / R 中使用',
    wqpStations: '站点（WQP 地址）',
  },
} as const;

interface ApiStation {
  id: string;
  identifier: string;
  name: string;
  stationType: string;
  meta: { sampleCount: number };
}

async function stationsOf(request: APIRequestContext, query: Record<string, unknown>) {
  const response = await request.post('/api/v1/statistic', { data: { ...query, format: 'objects', limit: 5000 } });
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as { total: number; stations: ApiStation[] };
}

async function stationCount(page: Page, pattern: RegExp): Promise<number> {
  const text = (await page.locator('.result-count').textContent()) ?? '';
  const match = text.match(pattern);
  expect(match, text).not.toBeNull();
  return Number(match![1].replace(/,/g, ''));
}

/** The Content-Security-Policy violations the page reports (the gateway sends the cloud's policy). */
async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI}`,
      ),
    );
  });
  return violations;
}

for (const [lang, L] of Object.entries(LANGUAGES)) {
  test(`explorer and station page in ${lang}`, async ({ page, request }) => {
    await page.addInitScript((language) => localStorage.setItem('app-locale', language), lang);
    const cspViolations = await collectCspViolations(page);
    const site = await request.get('/');
    expect(site.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(site.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    const all = await stationsOf(request, { organizationIds: [DEMO_ORGANIZATION_ID] });
    expect(all.total).toBeGreaterThan(10);

    // A shared link: map only, one organization.
    await page.goto(`/#/sts/overview?mode=map&organization=${DEMO_ORGANIZATION_ID}`);
    await expect(page.locator('.result-count')).toHaveText(L.stations);
    expect(await stationCount(page, L.stations)).toBe(all.total);
    const map = page.getByTestId('station-map');
    await expect(map).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
    await expect(map).toHaveAttribute('data-stations', String(all.total));
    await expect(page.getByRole('table')).toHaveCount(0);
    // The legend lists the station types of the result with their numbers of stations.
    const legend = page.getByRole('list', { name: L.legend });
    const counts = (await legend.locator('li').allTextContents()).map((t) => Number(t.match(/\(([\d,]+)\)/)![1].replace(/,/g, '')));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(all.total);

    // One station found by its identifier: a lone point in the middle of the fitted map; hover shows its popup.
    const station = all.stations.find((s) => s.meta.sampleCount > 0)!;
    await page.goto(`/#/sts/overview?mode=map&organization=${DEMO_ORGANIZATION_ID}&q=${encodeURIComponent(station.identifier)}`);
    await expect(page.locator('.result-count')).toHaveText(L.stations);
    await expect.poll(() => stationCount(page, L.stations)).toBe(1); // the previous count stays while the new one loads
    await expect(map).toHaveAttribute('data-stations', '1');
    await expect(map).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
    const box = (await map.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2 - 20, box.y + box.height / 2 - 20);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    const popup = page.locator('.station-popup');
    await expect(popup.locator('.station-popup-name')).toHaveText(station.name);
    await expect(popup).toContainText(station.identifier);
    await expect(popup.getByRole('link', { name: L.openStation })).toHaveAttribute('href', `#/sts/station/${station.id}`);
    // From the keyboard: the station is at the cross in the map's middle; Enter lists it, the focus in the list,
    // and Escape gives the focus back to the map.
    await page.mouse.move(box.x + 5, box.y + box.height - 5);
    const mapCanvas = map.locator('canvas');
    await mapCanvas.focus();
    const hint = await mapCanvas.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent);
    expect(hint).toBe(L.keyboardHint);
    await page.screenshot({ path: `screenshots/explorer-map-keyboard-${lang}.png` });
    await page.keyboard.press('Enter');
    const pinned = page.locator('.station-pinned');
    await expect(pinned.locator('.station-popup-name')).toHaveText(station.name);
    await expect(pinned.getByRole('link', { name: L.openStation })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(pinned).toHaveCount(0);
    await expect(mapCanvas).toBeFocused();

    // Change a filter: the address follows, the count changes, and the back button undoes it.
    await page.goto(`/#/sts/overview?organization=${DEMO_ORGANIZATION_ID}`);
    await expect(page.locator('.result-count')).toHaveText(L.stations);
    await page.locator('summary', { hasText: L.stationTypes }).click();
    const lakes = all.stations.filter((s) => s.stationType === 'lake').length;
    await page.locator('.option-filter', { hasText: L.stationTypes }).locator('label', { hasText: /lake|Lake|湖/i }).first().getByRole('checkbox').check();
    await expect(page).toHaveURL(/stationType=lake/);
    await expect.poll(() => stationCount(page, L.stations)).toBe(lakes);
    await page.goBack();
    await expect(page).not.toHaveURL(/stationType/);
    await expect.poll(() => stationCount(page, L.stations)).toBe(all.total);

    // Colour by pH's latest value: the address keeps the choice, the legend shows the server's range and unit.
    const ph = ((await (await request.get('/api/v1/parameter/parameters?filter=label||$eq||pH')).json()) as { id: string }[])[0].id;
    const byPh = await request.post('/api/v1/statistic', { data: { organizationIds: [DEMO_ORGANIZATION_ID], colorBy: ph, format: 'columns' } });
    expect(byPh.ok()).toBeTruthy();
    const { min, max, unit } = ((await byPh.json()) as { totals: { value: { min: number; max: number; unit: string } } }).totals.value;
    expect(min).toBeLessThan(max);
    await page.getByRole('combobox', { name: L.colorBy }).selectOption({ label: L.phOption });
    await expect(page).toHaveURL(new RegExp(`colorBy=${ph}`));
    const valueLegend = page.getByRole('group', { name: L.legend });
    await expect(valueLegend).toContainText(`(${unit})`);
    const shown = async (end: 'min' | 'max') => Number(((await valueLegend.locator(`.value-legend-${end}`).textContent()) ?? '').replace(/,/g, ''));
    await expect.poll(() => shown('min')).toBeCloseTo(min, 5);
    await expect.poll(() => shown('max')).toBeCloseTo(max, 5);
    await expect(map).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });

    // The table: sort by name, select a station, open its page.
    await page.getByRole('button', { name: L.table, exact: true }).click();
    await expect(page).toHaveURL(/mode=table/);
    const table = page.getByRole('table');
    await table.getByRole('button', { name: L.name }).click();
    await expect(table.getByRole('columnheader', { name: L.name })).toHaveAttribute('aria-sort', 'ascending');
    const sortedNames = all.stations.map((s) => s.name).sort(new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare);
    const firstRow = table.locator('tbody tr:not([aria-hidden])').first();
    await expect(firstRow.locator('td').nth(1)).toHaveText(sortedNames[0]);
    const target = all.stations.find((s) => s.name === sortedNames[0])!;
    await page.getByRole('checkbox', { name: L.select(target.name) }).check();
    await expect(page.getByText(L.selected)).toBeVisible();
    await firstRow.getByRole('link', { name: target.name }).click();

    // The station page opens on its chart, drawn from the station's values.
    await expect(page).toHaveURL(new RegExp(`#/sts/station/${target.id}/chart`));
    await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();
    const summary = page.getByRole('table', { name: L.summary });
    const points = Number(((await summary.locator('tbody tr').first().locator('td').nth(1).textContent()) ?? '0').replace(/,/g, ''));
    expect(points).toBeGreaterThan(0);
    const canvas = page.locator('.chart-canvas canvas');
    await expect(canvas).toHaveAttribute('data-drawn', 'true');
    const drawn = Number(await canvas.getAttribute('data-drawn-points'));
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual(points + 100);
    // Pixels in the plot: the series' colour is on the canvas.
    const coloured = await canvas.evaluate((el: HTMLCanvasElement) => {
      const data = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] === 11 && data[i + 1] === 95 && data[i + 2] === 138) n++;
      return n;
    });
    expect(coloured).toBeGreaterThan(10);
    await page.screenshot({ path: `screenshots/station-chart-${lang}.png`, fullPage: true });
    expect(await seriousViolations(page, `station chart ${lang}`)).toEqual([]);
    // Shift + wheel over the chart zooms the time axis (chartjs-plugin-zoom); 'Reset zoom' undoes it.
    const resetZoom = page.getByRole('button', { name: L.resetZoom });
    await expect(resetZoom).toBeDisabled();
    const chartBox = (await canvas.boundingBox())!;
    await page.mouse.move(chartBox.x + chartBox.width / 2, chartBox.y + chartBox.height / 3);
    await page.keyboard.down('Shift');
    await page.mouse.wheel(0, -200);
    await page.keyboard.up('Shift');
    await expect(resetZoom).toBeEnabled();
    await resetZoom.click();
    await expect(resetZoom).toBeDisabled();

    // Info: the station's metadata.
    await page.getByRole('link', { name: L.info, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`#/sts/station/${target.id}/info`));
    await expect(page.locator('.station-info dd').first()).toHaveText(target.identifier);
    // Its parameters with their numbers of values, which add up to the station's; its point on a small map.
    const valueCounts = page.locator('.parameter-table tbody td.numeric');
    await expect(valueCounts.first()).toHaveText(/^[\d,]+$/);
    const total = (await valueCounts.allTextContents()).reduce((sum, text) => sum + Number(text.replace(/,/g, '')), 0);
    expect(total).toBe(target.meta.sampleCount);
    await expect(page.getByTestId('station-mini-map')).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
    // 'Use in Python / R': the station's WQP address, which this portal answers with the station's row.
    await page.getByText(L.useInPython, { exact: true }).click();
    const stationsAddress = page.locator('.use-in-python figure').first();
    await expect(stationsAddress.locator('figcaption')).toContainText(L.wqpStations);
    const address = (await stationsAddress.locator('code').textContent())!;
    expect(new URL(address).searchParams.get('siteid')).toBe(target.identifier);
    const wqp = await page.request.get(address);
    expect(wqp.status()).toBe(200);
    expect((await wqp.text()).split('\r\n').filter((line) => line.includes(target.identifier))).toHaveLength(1);
    await page.screenshot({ path: `screenshots/station-info-${lang}.png`, fullPage: true });
    expect(await seriousViolations(page, `station info ${lang}`)).toEqual([]);
    // The map's worker, the charts and the translations all ran under the site's Content-Security-Policy.
    expect(cspViolations).toEqual([]);
  });
}

test('a phone shows the map or the table, with a toggle', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 375, height: 740 } });
  await page.goto('/#/sts/overview');
  const toggle = page.getByRole('group', { name: 'View' });
  await expect(toggle.getByRole('button')).toHaveText(['Map', 'Table']);
  await expect(page.getByTestId('station-map')).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
  await expect(page.getByRole('table')).toHaveCount(0);
  await toggle.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByTestId('station-map')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  // Open, 'Use in Python / R' scrolls its long addresses in their own boxes: the page stays the phone's width
  // (it had widened to 803 px, zooming the whole page out).
  await page.getByText('Use in Python / R').click();
  await expect(page.getByRole('button', { name: 'Copy R', exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'screenshots/explorer-phone.png', fullPage: true });
  await page.close();
});

test("on a phone, the keyboard's list of the stations at one spot stays on the screen, and scrolls to each of them", async ({ browser, request }) => {
  // Stations of their own, all at one place (the same site in several programmes): one dot, whose list is long.
  const word = `E2E-SPOT-${Date.now().toString(36)}`;
  const orgadmin = await apiAs(request, 'orgadmin');
  const count = 8;
  for (let k = 1; k <= count; k++) {
    const station = { organizationId: DEMO_ORGANIZATION_ID, identifier: `${word}-${k}`, name: `${word} Spring Creek below the old mill, bank ${k}`, latitude: 41.21, longitude: -77.43 };
    const created = await orgadmin.post('/station', station);
    expect(created.status(), await created.text()).toBe(201);
  }
  // Read once here, the explorer's snapshot is rebuilt with them before the page's reads (a list looked up in a
  // snapshot rebuilt meanwhile is refused).
  expect((await stationsOf(request, { search: word })).total).toBe(count);
  const viewport = { width: 375, height: 740 };
  const page = await browser.newPage({ viewport });
  await page.goto(`/#/sts/overview?mode=map&q=${word}`);
  const map = page.getByTestId('station-map');
  await expect(map).toHaveAttribute('data-stations', String(count), { timeout: 20_000 });
  await expect(map).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
  await map.locator('canvas').focus();
  await page.keyboard.press('Enter');
  const pinned = page.locator('.station-pinned');
  await expect(pinned.locator('.station-popup-heading')).toHaveText(`${count} stations at this spot`);
  await expect(pinned.getByRole('listitem')).toHaveCount(count);
  await page.screenshot({ path: 'screenshots/explorer-phone-keyboard-list.png' });
  type Box = { x: number; y: number; width: number; height: number };
  const within = (box: Box | null, outer: Box) => {
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(outer.x - 0.5);
    expect(box!.y).toBeGreaterThanOrEqual(outer.y - 0.5);
    expect(box!.x + box!.width).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
    expect(box!.y + box!.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
  };
  // The whole popup (its heading, list and close button) on the screen and on the map, which would clip it.
  const screen = { x: 0, y: 0, ...viewport };
  within(await pinned.boundingBox(), screen);
  within(await pinned.boundingBox(), (await map.boundingBox())!);
  // Each station reached by Tab (its link, then its box) is scrolled into the list's view, never cut off.
  const list = pinned.locator('.station-popup-list');
  const listBox = (await list.boundingBox())!;
  for (let k = 0; k < count; k++) {
    const item = pinned.getByRole('listitem').nth(k);
    await expect(item.getByRole('link')).toBeFocused();
    within(await item.getByRole('link').boundingBox(), listBox);
    await page.keyboard.press('Tab');
    await expect(item.getByRole('checkbox')).toBeFocused();
    within(await item.getByRole('checkbox').boundingBox(), listBox);
    await page.keyboard.press('Tab');
  }
  expect(await seriousViolations(page, 'the keyboard list on a phone')).toEqual([]);
  await page.close();
});

/** The centre of the largest patch of the clusters' blue (drawn at 75 % over the basemap) in a screenshot of
 * the map, in the map's own pixels; null when there is none. */
async function largestClusterPatch(page: Page, screenshot: Buffer): Promise<{ x: number; y: number; size: number } | null> {
  return page.evaluate(async (png) => {
    const image = new Image();
    image.src = `data:image/png;base64,${png}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [image.width, image.height];
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
    const blue = (i: number) => data[i * 4 + 2] > data[i * 4] + 40 && data[i * 4 + 2] > data[i * 4 + 1] + 10 && data[i * 4] < 120;
    const seen = new Uint8Array(width * height);
    let best: { x: number; y: number; size: number } | null = null;
    for (let start = 0; start < width * height; start++) {
      if (seen[start] || !blue(start)) continue;
      const stack = [start];
      seen[start] = 1;
      let [size, sumX, sumY] = [0, 0, 0];
      while (stack.length) {
        const at = stack.pop()!;
        const [x, y] = [at % width, Math.floor(at / width)];
        size += 1;
        sumX += x;
        sumY += y;
        for (const next of [x > 0 ? at - 1 : -1, x < width - 1 ? at + 1 : -1, y > 0 ? at - width : -1, y < height - 1 ? at + width : -1]) {
          if (next >= 0 && !seen[next] && blue(next)) {
            seen[next] = 1;
            stack.push(next);
          }
        }
      }
      if (!best || size > best.size) best = { x: sumX / size, y: sumY / size, size };
    }
    return best;
  }, screenshot.toString('base64'));
}

test('a cluster on the map says how many stations it holds, and a click on it zooms in to them', async ({ page, request }) => {
  const all = await stationsOf(request, { organizationIds: [DEMO_ORGANIZATION_ID] });
  await page.goto(`/#/sts/overview?mode=map&organization=${DEMO_ORGANIZATION_ID}`);
  const map = page.getByTestId('station-map');
  await expect(map).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
  // The organization's stations, fitted to the view, gather into clusters where they lie close together.
  await expect(map).toHaveAttribute('data-zoom', /^\d/);
  const fitted = Number(await map.getAttribute('data-zoom'));
  const patch = await largestClusterPatch(page, await map.screenshot());
  expect(patch, 'a cluster drawn on the map').not.toBeNull();
  expect(patch!.size).toBeGreaterThan(200); // a cluster's disc (radius 10 px and more), not a station's point
  const box = (await map.boundingBox())!;
  await page.mouse.move(box.x + patch!.x - 15, box.y + patch!.y - 15);
  await page.mouse.move(box.x + patch!.x, box.y + patch!.y);
  const hover = page.locator('.station-hover');
  await expect(hover).toHaveText(/^([\d,]+) stations: click to zoom in$/);
  const held = Number((await hover.textContent())!.match(/^([\d,]+)/)![1].replace(/,/g, ''));
  expect(held).toBeGreaterThan(1);
  expect(held).toBeLessThanOrEqual(all.total);
  await page.mouse.click(box.x + patch!.x, box.y + patch!.y);
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeGreaterThan(fitted);
});

test('a change of language keeps the map as the user moved it: the same map, its labels in the new language', async ({ page }) => {
  await page.goto(`/#/sts/overview?mode=map&organization=${DEMO_ORGANIZATION_ID}`);
  const map = page.getByTestId('station-map');
  await expect(map).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
  await expect(map).toHaveAttribute('data-zoom', /^\d/);
  const fitted = Number(await map.getAttribute('data-zoom'));
  // Moved from the keyboard (maplibre's own keys): panned, then zoomed in. The zoom is written when a move ends, so
  // the new one says the map has stopped.
  const canvas = map.locator('canvas');
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('+');
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeCloseTo(fitted + 1, 1);
  const moved = await map.getAttribute('data-zoom');
  /** The map's top-left quarter: clear of its controls, the cross in its middle, the keys' hint and the toasts. */
  const quarter = async () => {
    const box = (await map.boundingBox())!;
    return page.screenshot({ clip: { x: box.x + 2, y: box.y + 2, width: box.width / 2 - 30, height: box.height / 2 - 30 } });
  };
  const before = await quarter();
  const canvasBefore = await canvas.elementHandle();

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('listbox', { name: 'Language' }).getByRole('option', { name: '简体中文' }).click();
  // maplibre's labels and the map's name in Chinese, the keys' hint too: once, on the same canvas.
  await expect(page.getByRole('button', { name: '放大' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: '站点地图' })).toBeVisible();
  expect(await canvas.evaluate((element) => document.getElementById(element.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(
    LANGUAGES['zh-CN'].keyboardHint,
  );
  expect(await canvasBefore!.evaluate((element) => element.isConnected)).toBe(true);
  await expect(map).toHaveAttribute('data-painted', 'true', { timeout: 20_000 });
  // The view as it was: its zoom, and the stations drawn where they were.
  await expect(map).toHaveAttribute('data-zoom', moved!);
  expect((await quarter()).equals(before)).toBe(true);
  expect(await seriousViolations(page, 'the map in Chinese')).toEqual([]);
});
