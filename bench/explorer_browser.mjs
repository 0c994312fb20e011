// Browser figures of the explorer (issues 7 and 18), in headless Chromium (Debian's), printed as JSON:
//  - navigation → stations painted on the map (the 'owd:stations-painted' mark, set on the map's idle
//    event after the new points are drawn), with the number of stations;
//  - frame times while panning the map with the mouse (requestAnimationFrame intervals);
//  - filter changes (a station type, free text) → the new points painted, from the address change;
//  - the table: its first rows and the next page shown, and how many stations the table loaded;
//  - the page's memory: the JS heap (CDP Performance metrics), the largest seen;
//  - a 100,000-point series: click on the chart tab → chart drawn (the 'owd:chart-drawn' mark).
//    The series comes from the page's own route handler (synthetic values in the API's shape), so the
//    figure is the browser's work only: parse, decimate (LTTB), draw.
// Usage: node bench/explorer_browser.mjs BASE_URL
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Proportional memory (PSS, MB: shared pages divided among their sharers, so no page counts twice) of
 * the processes this script started (Chromium's browser, renderer, GPU and utility processes), in all
 * and of the renderers alone (the pages). */
function chromiumMemoryMb() {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=']).toString().trim().split('\n').map((l) => l.trim().split(/\s+/).map(Number));
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (mine.has(ppid) && !mine.has(pid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  mine.delete(process.pid);
  let all = 0;
  let renderers = 0;
  for (const pid of mine) {
    try {
      const kb = Number(/^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      all += kb;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) renderers += kb;
    } catch {
      // the process ended meanwhile
    }
  }
  return { all: Math.round(all / 1024), renderers: Math.round(renderers / 1024) };
}

const base = process.argv[2];
const SERIES_POINTS = Number(process.env.SERIES_POINTS ?? 100_000);
const browser = await chromium.launch({
  executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
const result = {};
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  let heapMax = 0;
  let pssMax = 0;
  let rendererMax = 0;
  const heap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    heapMax = Math.max(heapMax, used);
    const memory = chromiumMemoryMb();
    pssMax = Math.max(pssMax, memory.all);
    rendererMax = Math.max(rendererMax, memory.renderers);
    return used;
  };

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
  result.heapAfterPaintMb = Math.round((await heap()) / 1e6);

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

  // 3. Filter changes: the address changes as the filter panel changes it; → the new points painted.
  const repaint = async (hash) => {
    const before = await page.evaluate(() => performance.getEntriesByName('owd:stations-painted').length);
    await page.evaluate((h) => {
      performance.mark('owd:filter-changed');
      window.location.hash = h;
    }, hash);
    await page.waitForFunction((n) => performance.getEntriesByName('owd:stations-painted').length > n, before, { timeout: 120_000 });
    return page.evaluate(() => {
      const changed = performance.getEntriesByName('owd:filter-changed').at(-1).startTime;
      const mark = performance.getEntriesByName('owd:stations-painted').at(-1);
      return { ms: Math.round(mark.startTime - changed), stations: mark.detail?.stations ?? null };
    });
  };
  result.filters = [];
  // A parameter the stations measured, to colour every station by its latest value (a new answer for all).
  const colorBy = await page.evaluate(async () => {
    const response = await fetch('api/v1/statistic', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ format: 'objects', limit: 1 }) });
    return (await response.json()).totals?.parameterIds?.[0] ?? null;
  });
  for (const [label, hash] of [
    ['station type: lake', '#/sts/overview?mode=map&stationType=lake'],
    ['free text: creek near', '#/sts/overview?mode=map&q=creek%20near'],
    ['station type and free text: lake, creek', '#/sts/overview?mode=map&stationType=lake&q=creek'],
    ...(colorBy ? [['all, coloured by a parameter\'s value', `#/sts/overview?mode=map&colorBy=${encodeURIComponent(colorBy)}`]] : []),
    // The page kept this answer from the navigation (SWR's cache): the map is remade from it.
    ['back to all (no filter)', '#/sts/overview?mode=map'],
  ]) {
    const r = await repaint(hash);
    result.filters.push({ label, ...r });
    await heap();
  }

  // 4. The table: its first rows, then the next page; the table's answers are pages, not every station.
  const tableAnswers = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('/statistic') || response.request().method() !== 'POST') return;
    const sent = JSON.parse(response.request().postData() ?? '{}');
    if (sent.format !== 'objects') return;
    try {
      const body = await response.json();
      tableAnswers.push({ rows: body.stations?.length ?? 0, total: body.total });
    } catch {
      // a navigation cancelled the answer
    }
  });
  let tableStarted = Date.now();
  await page.evaluate(() => { window.location.hash = '#/sts/overview?mode=table'; });
  await page.waitForSelector('.station-table tbody tr', { timeout: 120_000 });
  result.tableFirstRowsMs = Date.now() - tableStarted;
  const firstRow = await page.locator('.station-table tbody tr').first().getAttribute('aria-rowindex');
  tableStarted = Date.now();
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.waitForFunction((r) => document.querySelector('.station-table tbody tr')?.getAttribute('aria-rowindex') !== r, firstRow, { timeout: 60_000 });
  result.tableNextPageMs = Date.now() - tableStarted;
  result.tableRowsLoaded = tableAnswers.reduce((sum, a) => sum + a.rows, 0);
  result.tableTotal = tableAnswers.at(-1)?.total ?? null;
  await heap();
  result.heapMaxMb = Math.round(heapMax / 1e6);
  result.chromiumPssMaxMb = pssMax;
  result.rendererPssMaxMb = rendererMax;

  // 5. A 100,000-point series: from the chart tab's click to the chart drawn.
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
