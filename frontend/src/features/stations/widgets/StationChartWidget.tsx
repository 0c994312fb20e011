import '../stations.css';
import './widgets.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../../shell/Loading';
import { useParameters } from '../api/parameters';
import { useSampleValues } from '../api/sampleValues';
import { useStation } from '../api/station';
import { chartSeries, summarize, type SeriesInfo } from '../lib/series';
import { chartPagePath, readChartConfig } from './config';
import { useTimeSeriesChart } from '../components/useTimeSeriesChart';

/** The station chart widget: the series of the chosen parameters of one station over the saved date range. */
export function StationChartWidget({ config }: { config: Record<string, unknown> }) {
  const { t } = useTranslation();
  const chart = readChartConfig(config);
  const station = useStation(chart.stationId || undefined);
  const parameters = useParameters();
  const { data: series, error, isLoading } = useSampleValues(chart.stationId || undefined, chart.parameterIds, chart);
  const { Chart, error: chartError } = useTimeSeriesChart();

  // As on the station page: a parameter's values of two sample fractions (Dissolved and Total: two analytes) are
  // drawn as two series, each named with its fraction.
  const all: SeriesInfo[] = useMemo(
    () => chartSeries(series ?? [], parameters.data, (name, fraction) => t('stations.chart.fractionName', { name, fraction })),
    [series, parameters.data, t],
  );
  const names = all.map((s) => s.name).join(', ');
  const stationName = station.data?.name || station.data?.identifier || chart.stationId;
  const failure = station.error ?? error ?? chartError;
  const identifier = station.data?.identifier;
  const stationLabel =
    station.data?.name && identifier && station.data.name !== identifier
      ? t('stations.chart.stationLabel', { name: station.data.name, identifier })
      : stationName;
  const filename = `${station.data?.identifier || chart.stationId}-${chart.parameterIds.join('-')}`.replace(/[^\w.-]+/g, '_');

  return (
    <div className="station-chart-widget">
      <p className="station-chart-widget-head">
        <Link to={chartPagePath(chart)} aria-label={`${t('dashboards.widgets.stationChart.open')}: ${stationName}`}>
          {stationName}
        </Link>
        <span className="muted">
          {chart.from || chart.to ? t('dashboards.widgets.stationChart.period', { from: chart.from || '…', to: chart.to || '…' }) : t('dashboards.widgets.stationChart.allDates')}
        </span>
      </p>
      {failure ? (
        <p role="alert" className="alert alert-error">
          {t('stations.chart.failed', { message: failure instanceof Error ? failure.message : String(failure) })}
        </p>
      ) : chart.parameterIds.length === 0 ? (
        <p className="muted">{t('dashboards.widgets.stationChart.noParameters')}</p>
      ) : isLoading && !series ? (
        <Loading />
      ) : all.length > 0 && all.map(summarize).every((s) => s.points === 0) ? (
        <p className="muted">{t('stations.chart.noData')}</p>
      ) : all.length > 0 ? (
        Chart ? (
          <Chart
            all={all}
            filename={filename}
            title={t('stations.chart.title', { names })}
            imageTitle={t('stations.chart.imageTitle', { station: stationLabel, names })}
            from={chart.from}
            to={chart.to}
          />
        ) : (
          <Loading />
        )
      ) : null}
    </div>
  );
}

export default StationChartWidget;
