import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../shell/Loading';
import { useTimeSeriesChart } from '../../stations/components/useTimeSeriesChart';
import { asSeries, useTimeSeriesData, type TimeSeriesInfo, type View } from '../api/timeseries';

export interface LoggerChartProps {
  series: TimeSeriesInfo;
  name: string;
}

/**
 * One logger series on the station chart. The whole series first (as daily or monthly min/mean/max when it
 * is long); every zoom or pan asks the server for the range shown, which answers with the finest level that
 * fits 2,000 points: hours, then the values as measured.
 */
export function LoggerChart({ series, name }: LoggerChartProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View | null>(null);
  const data = useTimeSeriesData(series.id, view);
  const { Chart, error: chartError } = useTimeSeriesChart();
  const unit = series.unit ?? '';
  const failure = data.error ?? chartError;
  const body = data.data;
  const all = useMemo(() => (body ? [{ series: asSeries(series.parameterId, unit, body), name, unit, characteristicName: name }] : []), [body, series.parameterId, unit, name]);
  // A chart per answer: its zoom starts from the points just fetched (not while the next answer loads).
  const key = body ? `${body.aggregate}-${body.points[0]?.t}-${body.points.length}` : 'none';
  return (
    <div className="logger-chart">
      {failure && (
        <div role="alert" className="alert alert-error">
          {t('timeseries.chart.failed', { message: failure instanceof Error ? failure.message : String(failure) })}
        </div>
      )}
      {body && (
        <p role="status" className="logger-level" aria-busy={data.isValidating}>
          {t(`timeseries.chart.level.${body.aggregate}`, { points: body.points.length.toLocaleString(), count: body.count.toLocaleString() })}
        </p>
      )}
      {view && (
        <button type="button" onClick={() => setView(null)}>
          {t('timeseries.chart.whole')}
        </button>
      )}
      {!body && !failure && <Loading />}
      {body && Chart && (
        <Chart key={key} all={all} filename={`${series.id}`} title={t('timeseries.chart.title', { name })}
          onRangeChange={(from, to) => setView({ from: Math.floor(from), to: Math.ceil(to) })} />
      )}
    </div>
  );
}
