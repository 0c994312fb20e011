import {
  Chart as ChartJS,
  Decimation,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  ScatterController,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
  type PointStyle,
} from 'chart.js';
import zoomPlugin from 'chartjs-plugin-zoom';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Chart } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { download } from '../../../lib/download';
import { formatTick, formatValue } from '../../../lib/numbers';
import type { Series } from '../api/sampleValues';
import { pointTimeText } from '../lib/pointText';
import { NO_UNIT, unitAxes, type SeriesInfo } from '../lib/series';
import { axisExtent, calendarTicks, pointTimeFormat, tickCount, tickLabel, writtenZone, zonesWritten, type TickUnit } from '../lib/timeAxis';
import { TOUCH_QUERY, useMediaQuery } from '../../../lib/useMediaQuery';
import { shownZone } from '../../timeseries/lib/zone';

// Registered here, in the lazily loaded chart chunk, so chartjs-plugin-zoom and hammerjs stay out of the initial JS.
ChartJS.register(LineController, ScatterController, LineElement, PointElement, LinearScale, Tooltip, Legend, Decimation, zoomPlugin);

export const COLORS = ['#0b5f8a', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#17becf', '#8c564b', '#e377c2'];
/**
 * Each series' dash and point shape, beside its colour: lines are told apart, and matched with their legend (which
 * shows the shapes), by an eye that does not tell red from green, and in print. Triangles are the flagged values'.
 */
export const LINE_STYLES: { borderDash: number[]; pointStyle: PointStyle }[] = [
  { borderDash: [], pointStyle: 'circle' },
  { borderDash: [8, 4], pointStyle: 'rect' },
  { borderDash: [2, 3], pointStyle: 'rectRot' },
  { borderDash: [12, 4, 2, 4], pointStyle: 'crossRot' },
  { borderDash: [4, 4], pointStyle: 'star' },
];
/** The flagged values' triangles, of every series. */
export const FLAGGED_COLOR = '#000000';
/** Above this many points in view a series is thinned with LTTB (chart.js's decimation plugin). */
export const DECIMATION_THRESHOLD = 2000;
/** One zoom step (wheel, buttons, keys): in shows 80 % of the time range, out 125 % (the plugin's wheel formula). */
const ZOOM_SPEED = 0.2;
const ZOOM_IN = 1 + ZOOM_SPEED;
const ZOOM_OUT = 2 - 1 / (1 - ZOOM_SPEED);

/** A point drawn: its time on the axis (placed), its value, and its index in its series (what the tooltip tells of it). */
type Point = { x: number; y: number; i: number; flag?: string };

/** A white background, so the PNG download is not transparent. */
const whiteBackground: Plugin = {
  id: 'owdWhiteBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
};

/** Marks the canvas once drawn, with the number of points actually drawn (after decimation). */
const drawnMarker: Plugin = {
  id: 'owdDrawnMarker',
  afterRender(chart) {
    let drawn = 0;
    chart.data.datasets.forEach((_, i) => {
      if (chart.isDatasetVisible(i)) drawn += chart.getDatasetMeta(i).data.length;
    });
    const canvas = chart.canvas;
    if (canvas.dataset.drawn !== 'true') performance.mark('owd:chart-drawn', { detail: { drawn } });
    canvas.dataset.drawn = 'true';
    canvas.dataset.drawnPoints = String(drawn);
  },
};

/**
 * Where a series' values are drawn on a time axis whose clock is `offset` ms ahead of UTC (the zone most values were
 * written in): each at its time as written, on that clock. A value written in that zone is at its moment; one
 * written in another (a winter CST value on a CDT axis, a UTC one) is moved by the zones' difference, so that its
 * tooltip's "10:00 AM CST" is drawn at 10:00 on the axis. Values that do not say how their times were written (logger
 * series), or an axis in the browser's zone, keep their moments.
 */
function placed(series: Series, offset: number | undefined): Float64Array {
  const own = series.zoneOffset;
  if (offset === undefined || (!series.asWritten && !own && !series.zone)) return series.time;
  if (offset === 0 && !own) return series.time;
  return series.time.map((time, i) => time + (own?.[i] ?? 0) - offset);
}

/** Points in the order of their time on the axis (which chart.js needs of a line, and its decimation): values of
 * several zones, moved to their times as written, may not be in the order of their moments. */
function inTimeOrder(points: Point[]): Point[] {
  for (let k = 1; k < points.length; k++) if (points[k]!.x < points[k - 1]!.x) return [...points].sort((a, b) => a.x - b.x);
  return points;
}

/**
 * A finger's swipe up or down that starts on the chart scrolls the page. hammerjs (chartjs-plugin-zoom's pinch and
 * pan) sets `touch-action: none` on the canvas itself, for its pinch: the browser then gives every touch to the chart,
 * and a rule on the canvas's box cannot give it back (touch-action only narrows from box to canvas). `pan-y` on the
 * canvas lets the browser scroll vertically while a pinch and a sideways drag stay the chart's. Set after every update:
 * the plugin starts hammerjs anew (and it sets its own again) when its pan or pinch options change.
 */
const verticalSwipeScrolls: Plugin = {
  id: 'owdVerticalSwipeScrolls',
  afterUpdate(chart) {
    chart.canvas.style.touchAction = 'pan-y';
  },
};

/** A drag the chart pans with: a mouse's, or a finger's (or a pen's) sideways, not one mostly up or down, which is
 * the page's to scroll (verticalSwipeScrolls). */
function isPanDrag(event: { pointerType: string; deltaX: number; deltaY: number }): boolean {
  return event.pointerType === 'mouse' || Math.abs(event.deltaX) > Math.abs(event.deltaY);
}

/** A wheel turn that zooms, as before the plugin: with Ctrl or Shift, and a vertical turn. */
function isZoomWheel(event: WheelEvent): boolean {
  return (event.ctrlKey || event.shiftKey) && event.deltaY !== 0;
}

export interface TimeSeriesChartProps {
  all: SeriesInfo[];
  title: string;
  filename: string;
  /** Called with the time range shown (ms) after each zoom or pan, and whether it is zoomed (or panned) away from
   * the whole range: a view that fetches by zoom level (logger data) fetches again. (Of sampled values written in
   * several zones, the range is on the axis's clock: see placed.) */
  onRangeChange?: (from: number, to: number, zoomed: boolean) => void;
  /** The time range (ms) the axis spans unzoomed, when it is not the values' (nor from..to): a series fetched by
   * zoom level spans its whole period, beyond the values loaded. Zooming out and panning reach up to it, and new
   * values within it keep the zoom. */
  extent?: { min: number; max: number };
  /** A chosen date range (YYYY-MM-DD, either end may be open): the time axis spans it, not only the values. */
  from?: string;
  to?: string;
  /** The heading drawn above the chart in the downloaded PNG (the station and its parameters); `title` by default.
   * The time range shown is written under it. */
  imageTitle?: string;
}

/** A text's lines of at most `width` as `context` draws it: broken at spaces, and between any two characters
 * where a word alone is wider (Chinese has no spaces; a long identifier may not fit a phone's width). */
export function wrappedLines(context: Pick<CanvasRenderingContext2D, 'measureText'>, text: string, width: number): string[] {
  const fits = (line: string) => context.measureText(line).width <= width;
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/(?<=\s)/)) {
    if (fits(line + word)) {
      line += word;
      continue;
    }
    if (line.trim()) lines.push(line.trimEnd());
    line = '';
    for (const character of word) {
      if (line && !fits(line + character)) {
        lines.push(line);
        line = '';
      }
      line += character;
    }
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** The chart's image with a heading above it: a title (wrapped to the image's width) and the time range
 * shown, drawn on a white band. */
function imageWithHeading(chart: ChartJS, title: string, subtitle: string): string {
  const source = chart.canvas;
  const ratio = chart.currentDevicePixelRatio || 1;
  const out = document.createElement('canvas');
  const context = out.getContext('2d');
  if (!context) return chart.toBase64Image('image/png', 1);
  const pad = 12 * ratio;
  const titleSize = 16 * ratio;
  const lineHeight = titleSize * 1.25;
  const subtitleSize = 13 * ratio;
  const gap = 6 * ratio;
  const fonts = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans SC", "PingFang SC", "Microsoft YaHei", sans-serif';
  const titleFont = `600 ${titleSize}px ${fonts}`;
  // Measured before the canvas is sized: sizing a canvas resets its context (the font too).
  context.font = titleFont;
  const lines = wrappedLines(context, title, source.width - 2 * pad);
  const band = pad + lines.length * lineHeight + gap + subtitleSize + pad;
  out.width = source.width;
  out.height = source.height + band;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  context.textBaseline = 'top';
  context.textAlign = 'left';
  context.font = titleFont;
  context.fillStyle = '#1f2933';
  lines.forEach((line, n) => context.fillText(line, pad, pad + n * lineHeight));
  context.font = `${subtitleSize}px ${fonts}`;
  context.fillStyle = '#52606d';
  context.fillText(subtitle, pad, pad + lines.length * lineHeight + gap, out.width - 2 * pad);
  context.drawImage(source, 0, band);
  return out.toDataURL('image/png', 1);
}

/** Several series against time, one y axis per unit; wheel/drag/pinch/keys zoom and pan (chartjs-plugin-zoom); PNG download. */
export function TimeSeriesChart({ all, title, filename, onRangeChange, from, to, imageTitle, extent }: TimeSeriesChartProps) {
  const { t, i18n } = useTranslation();
  const chartRef = useRef<ChartJS<'line'> | null>(null);
  const [zoomed, setZoomed] = useState(false);
  // On a touch screen the hint says what fingers do (the plugin's pinch and pan, through hammerjs), not the wheel and keys.
  const touch = useMediaQuery(TOUCH_QUERY);
  const rangeListener = useRef(onRangeChange);
  rangeListener.current = onRangeChange;
  /** After a zoom or pan: whether it is zoomed, and the range shown to whoever listens. */
  const settled = (chart: ChartJS) => {
    const isZoomed = chart.isZoomedOrPanned();
    setZoomed(isZoomed);
    rangeListener.current?.(chart.scales.x.min, chart.scales.x.max, isZoomed);
  };

  // The time axis is written in the zone most values were written in (their tooltips' times), whatever the
  // browser's zone: a Wisconsin sample taken at 16:10 CDT on Sep 11 is drawn on Sep 11, in Shanghai too.
  const zone = useMemo(() => writtenZone(all.map(({ series }) => series)), [all]);
  const offset = zone?.offset;
  // The values and the chart's options apart: new values with the same axes (the same range unzoomed, the same
  // units) only replace the lines, and the chart stays zoomed where it was (a logger series' finer level arrives).
  const { data, times, seriesOf } = useMemo(() => {
    const units = unitAxes(all);
    const datasets: ChartData<'line' | 'scatter', Point[]>['datasets'] = [];
    // The series of each dataset (a series' line, then its flagged values): what the tooltip reads a point's
    // time as written, its zone and its detection from.
    const seriesOf: Series[] = [];
    const times: Float64Array[] = [];
    all.forEach(({ series, name, unit, maxGap }, k) => {
      const color = COLORS[k % COLORS.length];
      const { borderDash, pointStyle } = LINE_STYLES[k % LINE_STYLES.length]!;
      const axis = `y${units.indexOf(unit || NO_UNIT)}`;
      const x = placed(series, offset);
      times.push(x);
      let points: Point[] = new Array(series.time.length);
      // A result without a number (not detected) is no point of the line: its detection limit, when given, is
      // drawn as a flagged value only.
      for (let i = 0; i < series.time.length; i++) points[i] = { x: x[i], y: series.noNumber?.has(i) ? NaN : series.value[i], i };
      points = inTimeOrder(points);
      seriesOf.push(series);
      datasets.push({
        type: 'line',
        label: unit ? `${name} (${unit})` : name,
        data: points,
        yAxisID: axis,
        borderColor: color,
        backgroundColor: color,
        borderWidth: 1.5,
        borderDash,
        pointStyle,
        // Large enough for the shapes to be told apart.
        pointRadius: points.length > 500 ? 0 : 3,
        pointHitRadius: 4,
        spanGaps: maxGap ?? true,
        indexAxis: 'x',
      });
      if (series.flags.size) {
        const flagged: Point[] = [];
        for (const [i, flag] of series.flags) flagged.push({ x: x[i], y: series.value[i], i, flag });
        seriesOf.push(series);
        datasets.push({
          type: 'scatter',
          label: t('stations.chart.flagged', { name }),
          data: inTimeOrder(flagged),
          yAxisID: axis,
          // Apart from every series' colour: a flagged value is not mistaken for one of the line's.
          borderColor: FLAGGED_COLOR,
          backgroundColor: '#ffffff',
          pointStyle: 'triangle',
          pointRadius: 5,
          borderWidth: 1.5,
        });
      }
    });
    return { data: { datasets } as ChartData<'line', Point[]>, times, seriesOf };
  }, [all, offset, t]);
  // Read by the tooltip's callbacks, which the options (kept while only the values change) hold.
  const datasetSeries = useRef(seriesOf);
  datasetSeries.current = seriesOf;
  // What the axis's clock is, each value drawn at its time as written: one zone ("CDT"), a place's standard and
  // daylight time ("CST/CDT"), or several zones (each value at its own zone's time: named as such).
  const zones = useMemo(() => zonesWritten(all.map(({ series }) => series)), [all]);
  // The axis spans the values (or the chosen range, or the extent given), not out to round numbers.
  const home = extent ?? axisExtent(times, from, to, undefined, offset);
  const [homeMin, homeMax] = [home?.min, home?.max];
  // Series that do not say how their times were written (logger data) are drawn in the browser's zone: the axis names
  // it, at moments across the range unzoomed ("CST/CDT" when it spans a change of season), as the sampled values' axis
  // names theirs (a -05:00 logger seen in Shanghai reads GMT+8, not an unexplained 1:00 PM).
  const localZone = useMemo(() => {
    if (zone !== undefined || homeMin === undefined || homeMax === undefined) return '';
    const steps = 24;
    return shownZone(Array.from({ length: steps + 1 }, (_, k) => new Date(homeMin + ((homeMax - homeMin) * k) / steps).toISOString()));
  }, [zone, homeMin, homeMax]);
  // The zone(s) named on the axis and under the PNG's title: with `zone`, one name ("CDT", "CST/CDT"), or each
  // value's own (a list); else the browser's.
  const shownIn: { zone: string } | { zones: string[] } | undefined = zone
    ? zones.onePlace ? { zone: zones.codes.join('/') } : { zones: zones.codes }
    : localZone ? { zone: localZone } : undefined;
  const axisTitle = !shownIn
    ? ''
    : 'zones' in shownIn
      ? t('stations.chart.timeAxisEachZone', { zones: shownIn.zones })
      : t(zone ? 'stations.chart.timeAxisZone' : 'stations.chart.timeAxisLocalZone', { zone: shownIn.zone });
  const unitList = unitAxes(all).join('\n');
  const spanned = useMemo(() => axisExtent(times, from, to, 0, offset), [times, from, to, offset]);

  const options = useMemo(() => {
    const units = unitList.split('\n');
    // Ticks on the calendar: years, months, weeks, days or hours for the span shown (after a zoom too), as many
    // as the width holds.
    let tickUnit: TickUnit = 'day';
    const scales: ChartOptions<'line'>['scales'] = {
      x: {
        type: 'linear',
        bounds: 'data',
        min: homeMin,
        max: homeMax,
        afterBuildTicks(scale) {
          const { unit, ticks } = calendarTicks(scale.min, scale.max, tickCount(scale.width), offset);
          tickUnit = unit;
          scale.ticks = ticks.map((value) => ({ value }));
        },
        ticks: {
          maxRotation: 0,
          callback(value, index, ticks) {
            return tickLabel(Number(value), tickUnit, index > 0 ? ticks[index - 1]?.value : undefined, i18n.language, offset);
          },
        },
        // Which zone the axis's times are in: the values' own, or the browser's (said to be so).
        title: { display: axisTitle !== '', text: axisTitle },
      },
    };
    units.forEach((unit, k) => {
      scales[`y${k}`] = {
        type: 'linear',
        position: k % 2 === 0 ? 'left' : 'right',
        // An axis of values without a unit has no title (a lone dash, turned, read as a bar).
        title: { display: unit !== NO_UNIT, text: unit },
        grid: { drawOnChartArea: k === 0 },
        // As many decimals as the step between ticks needs (chart.js's own would write tiny values' ticks
        // in scientific notation, in the browser's language rather than the interface's).
        ticks: {
          callback(value, _index, ticks) {
            const step = ticks.length > 1 ? Math.abs(ticks[1]!.value - ticks[0]!.value) : 0;
            return formatTick(Number(value), step, i18n.language);
          },
        },
      };
    });
    const chartOptions: ChartOptions<'line'> = {
      animation: false,
      parsing: false,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      locale: i18n.language,
      scales,
      plugins: {
        zoom: {
          // Within the range unzoomed: the values, the chosen dates, or the extent given (beyond the values loaded).
          limits: { x: { min: 'original', max: 'original' } },
          pan: { enabled: true, mode: 'x', threshold: 2, onPanStart: ({ event }) => isPanDrag(event), onPanComplete: ({ chart }) => settled(chart) },
          zoom: {
            mode: 'x',
            wheel: { enabled: true, speed: ZOOM_SPEED },
            pinch: { enabled: true },
            // The plain wheel still scrolls the page: Ctrl or Shift + wheel zooms (modifierKey takes one key only).
            onZoomStart: ({ event }) => event.type !== 'wheel' || isZoomWheel(event as WheelEvent),
            onZoomComplete: ({ chart }) => settled(chart),
          },
        },
        decimation: { enabled: true, algorithm: 'lttb', samples: 1000, threshold: DECIMATION_THRESHOLD },
        // The legend shows each series' point shape, not a box of its colour alone.
        legend: { position: 'bottom', labels: { usePointStyle: true } },
        tooltip: {
          callbacks: {
            // Each point's time as its source wrote it, with its zone (or its date alone): one line per time shown.
            title: (items) => [
              ...new Set(items.map((item) => {
                const series = datasetSeries.current[item.datasetIndex];
                return series ? pointTimeText(series, (item.raw as Point).i, i18n.language) : '';
              })),
            ],
            // The value with its significant digits (the flagged values' too: not the scatter's "(x, y)").
            label: (item) => {
              const { i, y } = item.raw as Point;
              const series = datasetSeries.current[item.datasetIndex];
              // A value's figures as written where they differ from its number's (13.0, 7.10): not rounded away.
              const value = series?.noNumber?.has(i)
                ? t('stations.chart.noNumberValue', { limit: formatValue(y, i18n.language) })
                : series?.written?.[i] || formatValue(y, i18n.language);
              return t('stations.chart.tooltipValue', { label: item.dataset.label, value });
            },
            afterLabel: (item) => (item.raw as Point).flag ?? '',
          },
        },
      },
    };
    return chartOptions;
    // (settled reads only a state setter and a ref: the first one serves.)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unitList, homeMin, homeMax, offset, axisTitle, i18n.language, t]);

  // Another range unzoomed, other units or another language rebuild the options without the zoomed range, so the
  // chart shows it all again: whoever listens learns so.
  const shownOptions = useRef(options);
  useEffect(() => {
    if (shownOptions.current === options) return;
    shownOptions.current = options;
    setZoomed(false);
    const chart = chartRef.current;
    if (chart) rangeListener.current?.(chart.scales.x.min, chart.scales.x.max, false);
  }, [options]);

  /** Keys and buttons go through the plugin's API, which calls no callback: read the state back. */
  const act = (change: (chart: ChartJS<'line'>) => void) => {
    const chart = chartRef.current;
    if (!chart) return;
    change(chart);
    settled(chart);
  };
  const zoomIn = () => act((chart) => chart.zoom(ZOOM_IN));
  const zoomOut = () => act((chart) => chart.zoom(ZOOM_OUT));
  const resetZoom = () => act((chart) => chart.resetZoom('none'));
  /** Shifts the time range by a fraction of it (positive: later); the plugin pans by pixels. */
  const pan = (fraction: number) => act((chart) => chart.pan({ x: -fraction * chart.scales.x.width }));
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => pan(-0.1),
      ArrowRight: () => pan(0.1),
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      '0': resetZoom,
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  /** The PNG: the chart as shown (its zoom too), under a heading that says what it is and when. */
  const savePng = () => {
    const chart = chartRef.current;
    if (!chart) return;
    // The axis's range, less the margin beyond the values (or the chosen days).
    const min = Math.max(chart.scales.x.min, spanned?.min ?? -Infinity);
    const max = Math.min(chart.scales.x.max, spanned?.max ?? Infinity);
    const format = pointTimeFormat(max - min, i18n.language, offset !== undefined);
    const shift = offset ?? 0;
    const ends = { from: format.format(new Date(min + shift)), to: format.format(new Date(max + shift)) };
    const period = !shownIn
      ? t('stations.chart.imagePeriod', ends)
      : 'zones' in shownIn
        ? t('stations.chart.imagePeriodInEachZone', { ...ends, zones: shownIn.zones })
        : t('stations.chart.imagePeriodInZone', { ...ends, zone: shownIn.zone });
    download(`${filename}.png`, imageWithHeading(chart, imageTitle ?? title, period));
  };

  return (
    <div className="time-series-chart">
      <div className="chart-tools" role="toolbar" aria-label={t('stations.chart.tools')}>
        <button type="button" onClick={zoomIn}>{t('stations.chart.zoomIn')}</button>
        <button type="button" onClick={zoomOut}>{t('stations.chart.zoomOut')}</button>
        <button type="button" onClick={resetZoom} disabled={!zoomed}>{t('stations.chart.resetZoom')}</button>
        <button type="button" onClick={savePng}>{t('stations.chart.downloadPng')}</button>
      </div>
      <div className="chart-canvas">
        <Chart
          ref={chartRef}
          type="line"
          data={data}
          options={options}
          plugins={[whiteBackground, drawnMarker, verticalSwipeScrolls]}
          aria-label={title}
          role="img"
          tabIndex={0}
          onKeyDown={onKeyDown}
        />
      </div>
      <p className="muted small">{t(touch ? 'stations.chart.howToZoomTouch' : 'stations.chart.howToZoom')}</p>
    </div>
  );
}

export default TimeSeriesChart;
