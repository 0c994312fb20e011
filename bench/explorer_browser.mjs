// Browser figures of the explorer (issue 7), in headless Chromium (Debian's), printed as JSON:
//  - navigation → stations painted on the map (the 'owd:stations-painted' mark, set on the map's idle
//    event after the new points are drawn), with the number of stations;
//  - frame times while panning the map with the mouse (requestAnimationFrame intervals);
//  - a 100,000-point series: click on the chart tab → chart drawn (the 'owd:chart-drawn' mark).
//    The series comes from the page's own route handler (synthetic values in the API's shape), so the
//    figure is the browser's work only: parse, decimate (LTTB), draw.
// Usage: node bench/explorer_browser.mjs BASE_URL
import { chromium } from '@playwright/test';

const base = process.argv[2];
const SERIES_POINTS = Number(process.env.SERIES_POINTS ?? 100_000);
const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const result = {};
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });

  // 1. Navigation → points painted.
  const started = Date.now();
  await page.goto(`${base}/#/sts/overview?mode=map`);
  await page.waitForSelector('[data-testid=station-map][data-painted=true]', { timeout: 300_000 });
  const painted = await page.evaluate(() => {
    const mark = performance.getEntriesByName('owd:stations-painted').at(-1);
    return { ms: mark ? Math.round(mark.startTime) : null, stations: mark?.detail?.stations ?? null };
  });
  result.paintedMs = painted.ms;
  result.paintedWallMs = Date.now() - started;
  result.stations = painted.stations;

  // 2. Frame times while panning (drag across the map for about 3 s).
  const box = await page.locator('[data-testid=station-map]').boundingBox();
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push(now - last);
      last = now;
      if (!window.__stopFrames) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  for (let i = 0; i < 180; i++) {
    const angle = (i / 180) * Math.PI * 4;
    await page.mouse.move(cx + Math.cos(angle) * 200, cy + Math.sin(angle) * 120);
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  const frames = await page.evaluate(() => {
    window.__stopFrames = true;
    return window.__frames.slice(2);
  });
  frames.sort((a, b) => a - b);
  const pick = (q) => frames[Math.min(frames.length - 1, Math.floor(q * frames.length))];
  result.panFrames = frames.length;
  result.panFrameMedianMs = +pick(0.5).toFixed(1);
  result.panFrameP95Ms = +pick(0.95).toFixed(1);
  result.panFrameMaxMs = +frames.at(-1).toFixed(1);

  // 3. A 100,000-point series: from the chart tab's click to the chart drawn.
  // A station with values: the seeding gives values to the first generated stations (OWD-XX-00000nn).
  const stationId = await page.evaluate(async () => {
    const response = await fetch('api/v1/statistic', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ format: 'objects', limit: 50, search: '-00000' }) });
    const body = await response.json();
    return body.stations.find((s) => s.meta.parameterIds.length)?.id;
  });
  const start = Date.UTC(2000, 0, 1);
  const data = Array.from({ length: SERIES_POINTS }, (_, i) => ({
    time: new Date(start + i * 3_600_000).toISOString(),
    value: +(15 + 10 * Math.sin(i / 1200) + 3 * Math.sin(i / 24) + Math.random()).toFixed(2),
  }));
  const body = JSON.stringify({ unit: 'deg C', count: data.length, data });
  await page.route('**/api/v1/sampleValue/**', (route) => route.fulfill({ status: 200, contentType: 'application/json', body }));
  await page.goto(`${base}/#/sts/station/${stationId}/info`);
  if (!stationId) throw new Error('no station with values found');
  await page.waitForSelector('.station-info');
  // The clock starts at the click event itself (not when the test starts looking for the link).
  await page.evaluate(() => document.addEventListener('click', () => performance.mark('owd:chart-click'), { capture: true, once: true }));
  await page.getByRole('link', { name: 'Chart', exact: true }).click();
  await page.waitForSelector('.chart-canvas canvas[data-drawn=true]', { timeout: 60_000 });
  const chart = await page.evaluate(() => {
    const click = performance.getEntriesByName('owd:chart-click').at(-1).startTime;
    const drawn = performance.getEntriesByName('owd:chart-drawn').at(-1);
    return { ms: Math.round(drawn.startTime - click), drawnPoints: drawn.detail?.drawn ?? null };
  });
  result.seriesPoints = SERIES_POINTS;
  result.chartDrawnMs = chart.ms;
  result.chartDrawnPoints = chart.drawnPoints;
} catch (error) {
  // The figures measured so far still print; the failure is reported with them.
  result.error = String(error?.message ?? error).split('\n')[0];
} finally {
  await browser.close();
}
console.log(JSON.stringify(result));
