import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useOutletContext, useSearchParams } from 'react-router';
import { Loading } from '../../../shell/Loading';
import { useParameters } from '../api/parameters';
import { fetchValuesCsv, usePreloadedSeries, useSampleValues } from '../api/sampleValues';
import type { Station } from '../api/station';
import { saveCsv } from '../../../lib/download';
import { chartSeries, summarize, type SeriesInfo, type SeriesSummary } from '../lib/series';
import { formatValue } from '../../../lib/numbers';
import { STATION_CHART_WIDGET } from '../widgets/config';
import { WidgetActionBar } from '../../../shell/WidgetActionBar';
import { useTimeSeriesChart } from '../components/useTimeSeriesChart';
import { DateRangeFields } from '../../../shell/DateRangeFields';
import { dateRangeProblems } from '../../../lib/filterChecks';
import { LoggerSeriesPanel } from '../../timeseries/components/LoggerSeriesPanel';
import { useTimeSeriesList } from '../../timeseries/api/timeseries';
import { useOneAtATime } from '../../../shell/useOneAtATime';
import { listText } from '../../../lib/lists';
import { useProfile } from '../../../auth/session';
import { mayContribute } from '../../organizations/lib/access';
import { useDeleteSampleValues } from '../api/deleteSampleValues';
import { DeleteValuesDialog } from '../components/DeleteValuesDialog';

/** A station's series are preloaded when they hold this many values in all, or fewer. */
export const PRELOAD_MAX_VALUES = 20_000;

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

/** station-chart: choose parameters and a date range (kept in the address), see and download the series. */
export function StationChartPage() {
  const { t, i18n } = useTranslation();
  const station = useOutletContext<Station>();
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const parameters = useParameters();
  const available = station.parameters.map((p) => p.parameterId);
  // Logger series (the panel under the chart, which asks for the same list): as the station's summary names them, or
  // as listed once the list is in (a series written since the station was read).
  const loggerList = useTimeSeriesList({ stationId: station.id });
  const hasLoggerSeries = station.loggerSeries.length > 0 || (loggerList.data?.length ?? 0) > 0;
  const chosen = list(params.get('parameter')).filter((p) => available.includes(p));
  const shown = chosen.length ? chosen : available.slice(0, 1);
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  // A range the form says is wrong is not asked for, and no series is shown until it is corrected.
  const rangeIsValid = Object.keys(dateRangeProblems(range.from, range.to)).length === 0;
  const values = useSampleValues(station.id, rangeIsValid ? shown : [], range);
  const error = values.error;
  const series = error || !rangeIsValid ? undefined : values.data;
  const isLoading = values.isLoading;
  // The parameters asked for whose series is not drawn yet (the earlier ones stay while it loads).
  const coming = isLoading && series ? shown.filter((id) => !series.some((s) => s.parameterId === id)) : [];
  // Once the shown series are drawn, the station's other series are fetched in the background when
  // they are small, so ticking one more draws it at once.
  const drawn = !!series && !isLoading && !error;
  const others = drawn && rangeIsValid && (station.sampleCount ?? Infinity) <= PRELOAD_MAX_VALUES ? available.filter((id) => !shown.includes(id)) : [];
  usePreloadedSeries(station.id, others, range);
  const { Chart, error: chartError } = useTimeSeriesChart();
  const failure = error ?? chartError;
  // Its data contributors (and group and system administrators) may delete values recorded by mistake.
  const mayDelete = mayContribute(useProfile(), station.organizationId);
  const deleteValues = useDeleteSampleValues();
  const [deleting, setDeleting] = useState<{ parameterId: string; name: string } | null>(null);
  const controls = useRef<HTMLFormElement>(null);

  // A parameter's values of two sample fractions (Dissolved and Total: two analytes) are drawn and summed up apart.
  const all: SeriesInfo[] = useMemo(
    () => chartSeries(series ?? [], parameters.data, (name, fraction) => t('stations.chart.fractionName', { name, fraction })),
    [series, parameters.data, t],
  );
  const summaries = useMemo(() => all.map(summarize), [all]);
  const valueText = (value: number | null) => (value === null ? '—' : formatValue(value, i18n.language));
  // How many values, and how many of them have no number (not detected): the line leaves those out.
  const valuesText = (s: SeriesSummary) => {
    if (!s.noNumber) return s.points.toLocaleString(i18n.language);
    const key = s.notDrawn === s.noNumber ? 'valuesNotDrawn' : s.notDrawn === 0 ? 'valuesAtLimit' : 'valuesSomeNotDrawn';
    return t(`stations.chart.${key}`, { count: s.points, noNumber: s.noNumber, notDrawn: s.notDrawn });
  };
  const flaggedText = (s: SeriesSummary) =>
    s.notDrawn ? t('stations.chart.flaggedNotDrawn', { count: s.flagged, notDrawn: s.notDrawn }) : s.flagged.toLocaleString(i18n.language);
  // A parameter drawn as one series per fraction offers Delete values (of the parameter, every fraction) once.
  const firstOfParameter = (s: SeriesSummary, k: number) => summaries.findIndex((other) => other.parameterId === s.parameterId) === k;
  const nameOf = (id: string) => parameters.data?.get(id)?.name ?? id;
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    // (The entry's state, the explorer's address the station was opened from, stays with the new one.)
    setParams(next, { state });
  };
  const toggle = (id: string) => setParam('parameter', (shown.includes(id) ? shown.filter((p) => p !== id) : [...shown, id]).join(','));
  // The station as the downloaded image names it: its name and identifier.
  const stationLabel =
    station.name && station.identifier && station.name !== station.identifier
      ? t('stations.chart.stationLabel', { name: station.name, identifier: station.identifier })
      : station.name || station.identifier || station.id;
  // Named as the page shows them: the station's identifier and the parameters' names (not their ids).
  const filename = [station.identifier || station.id, ...shown.map(nameOf)].join('-').replace(/[^\w.-]+/g, '_');

  // The CSV is the server's export of the station's values (GET /sampleValue), not the chart's columns: it has the
  // times as the source wrote them with their zone, and reported text such as ND, which the chart cannot draw.
  const { busy: csvBusy, error: csvError, run: runCsv } = useOneAtATime();
  const downloadCsv = () =>
    runCsv(async () => {
      const text = await fetchValuesCsv(station.id, shown, range);
      // With its byte-order mark, which the decoding of the answer dropped: Excel then reads the names as written.
      if (text !== undefined) saveCsv(`${filename}.csv`, text);
    });

  return (
    <section className="station-chart" aria-label={t('stations.chart.tab')}>
      <WidgetActionBar widget={{ component: STATION_CHART_WIDGET, config: { stationId: station.id, parameterIds: shown, from: range.from, to: range.to } }} />
      <form ref={controls} className="chart-controls" onSubmit={(e) => e.preventDefault()}>
        <fieldset>
          <legend>{t('stations.chart.parameters')}</legend>
          {available.length === 0 && (
            <p className="muted">{t(hasLoggerSeries ? 'stations.chart.noSampledParameters' : 'stations.chart.noParameters')}</p>
          )}
          {available.map((id) => (
            <label key={id} className="checkbox">
              <input type="checkbox" checked={shown.includes(id)} onChange={() => toggle(id)} />
              {nameOf(id)}
            </label>
          ))}
        </fieldset>
        <DateRangeFields
          legend={t('stations.chart.dateRange')}
          fromLabel={t('stations.chart.from')}
          toLabel={t('stations.chart.to')}
          from={range.from}
          to={range.to}
          onChange={setParam}
        />
      </form>
      {failure && (
        <div role="alert" className="alert alert-error">
          {t('stations.chart.failed', { message: failure instanceof Error ? failure.message : String(failure) })}
        </div>
      )}
      {isLoading && !series && shown.length > 0 && <Loading />}
      {coming.length > 0 && (
        <p role="status" className="chart-busy">
          {t('stations.chart.loadingSeries', { names: listText(coming.map(nameOf), i18n.language) })}
        </p>
      )}
      {all.length > 0 && (
        <div className="chart-result" aria-busy={coming.length > 0}>
          {summaries.every((s) => s.points === 0) ? (
            <p className="empty">{t('stations.chart.noData')}</p>
          ) : (
            Chart ? (
              <Chart
                all={all}
                filename={filename}
                title={t('stations.chart.title', { names: listText(summaries.map((s) => s.name), i18n.language) })}
                imageTitle={t('stations.chart.imageTitle', { station: stationLabel, names: listText(summaries.map((s) => s.name), i18n.language) })}
                from={range.from}
                to={range.to}
              />
            ) : (
              !chartError && <Loading />
            )
          )}
          <div className="chart-downloads">
            {/* aria-disabled, not disabled, while it downloads: a disabled button would drop keyboard focus to the page. */}
            <button type="button" aria-disabled={csvBusy || undefined} onClick={() => void downloadCsv()}>
              {csvBusy ? t('stations.chart.preparingCsv') : t('stations.chart.downloadCsv')}
            </button>
          </div>
          {csvError != null && (
            <div role="alert" className="alert alert-error">
              {t('stations.chart.csvFailed', { message: csvError instanceof Error ? csvError.message : String(csvError) })}
            </div>
          )}
          <table className="series-summary">
            <caption>{t('stations.chart.summary')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('stations.chart.parameter')}</th>
                <th scope="col">{t('stations.chart.unit')}</th>
                <th scope="col" className="numeric">{t('stations.chart.points')}</th>
                <th scope="col">{t('stations.chart.first')}</th>
                <th scope="col">{t('stations.chart.last')}</th>
                <th scope="col" className="numeric">{t('stations.chart.min')}</th>
                <th scope="col" className="numeric">{t('stations.chart.max')}</th>
                <th scope="col" className="numeric">{t('stations.chart.latest')}</th>
                <th scope="col" className="numeric">{t('stations.chart.flags')}</th>
                {mayDelete && <th scope="col"><span className="visually-hidden">{t('stations.chart.actions')}</span></th>}
              </tr>
            </thead>
            <tbody>
              {summaries.map((s, k) => (
                <tr key={s.key}>
                  <th scope="row">{s.name}</th>
                  <td data-label={t('stations.chart.unit')}>{s.unit}</td>
                  <td className="numeric" data-label={t('stations.chart.points')}>{valuesText(s)}</td>
                  <td data-label={t('stations.chart.first')}>{s.first}</td>
                  <td data-label={t('stations.chart.last')}>{s.last}</td>
                  <td className="numeric" data-label={t('stations.chart.min')}>{valueText(s.min)}</td>
                  <td className="numeric" data-label={t('stations.chart.max')}>{valueText(s.max)}</td>
                  <td className="numeric" data-label={t('stations.chart.latest')}>{s.latest === null && s.latestNote ? s.latestNote : valueText(s.latest)}</td>
                  <td className="numeric" data-label={t('stations.chart.flags')}>{flaggedText(s)}</td>
                  {mayDelete && (
                    <td className="series-actions">
                      {firstOfParameter(s, k) && (
                        <button type="button" className="button button-danger" aria-label={t('stations.deleteValues.openFor', { name: nameOf(s.parameterId) })}
                          onClick={() => setDeleting({ parameterId: s.parameterId, name: nameOf(s.parameterId) })}>
                          {t('stations.deleteValues.open')}
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {deleting && (
        <DeleteValuesDialog
          name={deleting.name}
          station={stationLabel}
          initial={rangeIsValid ? range : undefined}
          onDelete={(period) => deleteValues(station.id, deleting.parameterId, period)}
          onClose={() => setDeleting(null)}
          // Every value of the parameter gone: its row (and button) left the page; focus goes to the parameters.
          focusAfter={() => controls.current?.querySelector<HTMLElement>('input')}
        />
      )}
      <LoggerSeriesPanel stationId={station.id} stationName={stationLabel} organizationId={station.organizationId}
        focusAfter={() => controls.current?.querySelector<HTMLElement>('input')} />
    </section>
  );
}

export default StationChartPage;
