import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayBound } from '../../../lib/dates';
import { saveCsv } from '../../../lib/download';
import { problemQualifiers } from '../../../lib/qualifiers';
import { Loading } from '../../../shell/Loading';
import { messageOf } from '../../../shell/toast';
import { axisExtent } from '../../stations/lib/timeAxis';
import { useTimeSeriesChart } from '../../stations/components/useTimeSeriesChart';
import { useOneAtATime } from '../../../shell/useOneAtATime';
import {
  asSeries, fetchSeriesCsv, maxGapOf, outOfRangeCount, useTimeSeriesData, useTimeSeriesDataOnce, type Level, type TimeSeriesData, type TimeSeriesInfo,
  type View,
} from '../api/timeseries';

/** The station chart's chosen dates (YYYY-MM-DD, '' for an open end). */
export interface DateRange {
  from: string;
  to: string;
}

const DAY = 86_400_000;

/** A chosen day's first (or, `end`, last) millisecond, a local day as the station chart's axis draws it. */
/** The chosen dates as the range asked for, from the start of the first day to the end of the last; null: all. */
function chosenView({ from, to }: DateRange): View | null {
  const view = { from: dayBound(from), to: dayBound(to, true) };
  return view.from === undefined && view.to === undefined ? null : view;
}

/**
 * What the chart spans unzoomed, and where zooming out and panning stop: the chosen dates, an open end at the
 * series' first or last value (with the axis's margin, so that its point is drawn whole).
 */
function wholeRange(series: Pick<TimeSeriesInfo, 'firstTime' | 'lastTime'>, range: DateRange): { min: number; max: number } | undefined {
  const values = series.firstTime && series.lastTime ? axisExtent([[Date.parse(series.firstTime), Date.parse(series.lastTime)]]) : undefined;
  let min = dayBound(range.from) ?? values?.min;
  let max = dayBound(range.to, true) ?? values?.max;
  if (min === undefined || max === undefined) return undefined;
  // A chosen end beyond the other end of the values: a day from it.
  if (min >= max) {
    if (range.from) max = min + DAY;
    else min = max - DAY;
  }
  return { min, max };
}

/** Offers the file at a URL (the server's presigned link to a large CSV, sent as an attachment). */
function downloadFrom(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

type LevelText = Level | 'rawZoomOut' | 'none' | 'noneZoomOut';

/** An answer without values: the range has none. */
const isEmpty = (body: TimeSeriesData) => body.count === 0 || body.points.length === 0;

/**
 * What the answer shown is, and what zooming out would show beyond it: only when the chart is zoomed and the range
 * unzoomed (`whole`, once known) has a coarser level (or, for a range without values, values at all).
 */
function levelKey(body: TimeSeriesData, zoomed: boolean, whole: TimeSeriesData | undefined): LevelText {
  if (isEmpty(body)) return zoomed && whole && whole.count > 0 ? 'noneZoomOut' : 'none';
  if (body.aggregate === 'raw') return zoomed && whole && whole.aggregate !== 'raw' ? 'rawZoomOut' : 'raw';
  return body.aggregate;
}

export interface LoggerChartProps {
  series: TimeSeriesInfo;
  name: string;
  /** The station chart's chosen dates: the chart spans them (the whole series when both ends are open). */
  range: DateRange;
}

/**
 * One logger series on the station chart. The whole series (or the chosen dates) first, as daily or monthly
 * min/mean/max when it is long; every zoom or pan asks the server for the range shown, which answers with the
 * finest level that fits 2,000 points: hours, then the values as measured. The chart stays (and keeps its zoom
 * and the keyboard focus) while each answer replaces its line.
 */
export function LoggerChart({ series, name, range }: LoggerChartProps) {
  const { t } = useTranslation();
  // The range zoomed to, with the dates it was zoomed within: other dates show them whole again.
  const dates = `${range.from}/${range.to}`;
  const [zoom, setZoom] = useState<{ view: View; dates: string } | null>(null);
  const zoomed = zoom?.dates === dates;
  const view = zoomed ? zoom.view : chosenView(range);
  const data = useTimeSeriesData(series.id, view);
  const whole = useTimeSeriesDataOnce(series.id, chosenView(range)).data;
  const { Chart, error: chartError } = useTimeSeriesChart();
  const unit = series.unit ?? '';
  const failure = data.error ?? chartError;
  const body = data.data;
  const outOfRange = useCallback(
    (inMean?: number) => (inMean === undefined ? t('timeseries.chart.outOfRange') : t('timeseries.chart.outOfRangeInMean', { count: inMean })),
    [t],
  );
  const all = useMemo(() => {
    if (!body) return [];
    const shown = asSeries(series.parameterId, unit, body, outOfRange);
    // asSeries flags every value with a qualifier: a value only approved (A) or provisional (P) is not flagged,
    // and a flagged value lists only the qualifiers that mark a problem (lib/qualifiers says which, and why).
    for (const [i, flag] of shown.flags) {
      const qualifier = body.points[i]?.q;
      if (!qualifier) continue;
      const rest = flag.startsWith(qualifier) ? flag.slice(qualifier.length).replace(/^; /, '') : flag;
      const kept = [problemQualifiers(qualifier), rest].filter(Boolean).join('; ');
      if (kept) shown.flags.set(i, kept);
      else shown.flags.delete(i);
    }
    // A logger measures at a steady step: a stretch much longer without values is a gap, not a straight line.
    return [{ series: shown, name, unit, maxGap: maxGapOf(shown.time, body.step) }];
  }, [body, series.parameterId, unit, name, outOfRange]);
  const flagged = body ? outOfRangeCount(body) : 0;
  const { firstTime, lastTime } = series;
  const { from, to } = range;
  const extent = useMemo(() => wholeRange({ firstTime, lastTime }, { from, to }), [firstTime, lastTime, from, to]);
  const filename = name.replace(/[^\w.-]+/g, '_').replace(/^_+|_+$/g, '') || series.id;

  // The CSV is the server's (GET /wapi/ts/download): every value as measured in the range shown.
  const { busy: csvBusy, error: csvError, run: runCsv } = useOneAtATime();
  const downloadCsv = () =>
    runCsv(async () => {
      const file = await fetchSeriesCsv(series.id, view);
      if (file && 'text' in file) saveCsv(`${filename}.csv`, file.text);
      else if (file) downloadFrom(file.url, `${filename}.csv`);
    });

  return (
    <div className="logger-chart">
      {failure && (
        <div role="alert" className="alert alert-error">
          {t('timeseries.chart.failed', { message: messageOf(failure) })}
        </div>
      )}
      {body && (
        <p role="status" className="logger-level" aria-busy={data.isValidating}>
          {t(`timeseries.chart.level.${levelKey(body, zoomed, whole)}`, { points: body.points.length.toLocaleString(), count: body.count.toLocaleString() })}
        </p>
      )}
      {!body && !failure && <Loading />}
      {/* Dates without values have nothing to draw (the line above says so); a zoom into a gap keeps the chart to zoom out. */}
      {body && Chart && (zoomed || !isEmpty(body)) && (
        <Chart all={all} filename={filename} title={t('timeseries.chart.title', { name })} extent={extent}
          onRangeChange={(from, to, isZoomed) => setZoom(isZoomed ? { view: { from, to }, dates } : null)} />
      )}
      {/* What the chart's flagged points (hollow triangles) are: values the sensor gave outside what is plausible. */}
      {body && Chart && flagged > 0 && <p className="logger-flagged">{t('timeseries.chart.flaggedNote', { count: flagged })}</p>}
      <div className="chart-downloads">
        {/* aria-disabled, not disabled, while it downloads: a disabled button would drop keyboard focus to the page. */}
        <button type="button" aria-disabled={csvBusy || undefined} onClick={() => void downloadCsv()}>
          {csvBusy ? t('timeseries.chart.preparingCsv') : t('timeseries.chart.downloadCsv')}
        </button>
      </div>
      {csvError != null && (
        <div role="alert" className="alert alert-error">
          {t('timeseries.chart.csvFailed', { message: messageOf(csvError) })}
        </div>
      )}
    </div>
  );
}
