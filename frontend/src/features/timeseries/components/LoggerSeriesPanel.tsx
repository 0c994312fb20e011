import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dateRangeProblems } from '../../../lib/filterChecks';
import { useProfile } from '../../../auth/session';
import type { FocusAfter } from '../../../shell/Dialog';
import { mayContribute } from '../../organizations/lib/access';
import { useParameters } from '../../stations/api/parameters';
import { DeleteValuesDialog } from '../../stations/components/DeleteValuesDialog';
import { useDeleteSeriesValues } from '../api/deleteSeriesValues';
import { useTimeSeriesList, type TimeSeriesInfo } from '../api/timeseries';
import { LoggerChart } from './LoggerChart';

/**
 * A station's logger series beside its sampled values: pick one, see it at the level its zoom allows, within the
 * dates chosen for the station chart (?from, ?to in the address, as the station chart keeps them). The series'
 * data contributors may delete values of the series chosen (those of the chosen dates at first).
 */
export function LoggerSeriesPanel({ stationId, stationName, organizationId, focusAfter }: {
  stationId: string;
  /** The station as the page names it (in the warning of "Delete values…"). */
  stationName?: string;
  /** The station's organization: whose data contributors may delete values (a series that names its own: that one). */
  organizationId?: string;
  /** Where focus goes when the last series left with its values (the panel with it). */
  focusAfter?: FocusAfter;
}) {
  const { t } = useTranslation();
  const profile = useProfile();
  const deleteValues = useDeleteSeriesValues();
  // The series whose values are being deleted, as it was named when the dialog opened (the one shown may change).
  const [deleting, setDeleting] = useState<{ series: TimeSeriesInfo; name: string } | null>(null);
  const list = useTimeSeriesList({ stationId });
  const parameters = useParameters();
  const [params] = useSearchParams();
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  // A range the form says is wrong is not asked for, as for the sampled values; the panel says why it shows no chart.
  const problems = dateRangeProblems(range.from, range.to);
  const problem = problems.from ?? problems.to;
  const [chosen, setChosen] = useState<string | undefined>();
  const all = list.data ?? [];
  if (!all.length) return null;
  // With its statistic and sensor: series of one parameter at one station differ by these (they had read alike).
  const nameOf = (parameterId: string, statistic: string | null, sensor: string | null) => {
    const name = parameters.data?.get(parameterId)?.name ?? parameterId;
    const details = [statistic, sensor && t('timeseries.panel.sensor', { sensor })].filter(Boolean);
    return details.length ? `${name} (${details.join(', ')})` : name;
  };
  const shown = all.find((s) => s.id === chosen) ?? all[0]!;
  const shownName = nameOf(shown.parameterId, shown.statistic, shown.sensor);
  const mayDelete = mayContribute(profile, shown.organizationId || organizationId || '');
  return (
    <section className="logger-series" aria-labelledby="logger-series-heading">
      <h2 id="logger-series-heading">{t('timeseries.panel.heading')}</h2>
      <fieldset>
        <legend>{t('timeseries.panel.series')}</legend>
        {all.map((s) => (
          <label key={s.id} className="checkbox">
            <input type="radio" name="logger-series" checked={s.id === shown.id} onChange={() => setChosen(s.id)} />
            {s.unit
              ? t('timeseries.panel.option', { name: nameOf(s.parameterId, s.statistic, s.sensor), unit: s.unit, count: s.count.toLocaleString() })
              : t('timeseries.panel.optionNoUnit', { name: nameOf(s.parameterId, s.statistic, s.sensor), count: s.count.toLocaleString() })}
          </label>
        ))}
      </fieldset>
      {mayDelete && (
        <div className="logger-series-actions">
          <button type="button" className="button button-danger" aria-label={t('timeseries.panel.deleteValuesFor', { name: shownName })}
            onClick={() => setDeleting({ series: shown, name: shownName })}>
            {t('stations.deleteValues.open')}
          </button>
        </div>
      )}
      {deleting && (
        <DeleteValuesDialog
          series
          name={deleting.name}
          station={stationName || deleting.series.stationIdentifier || stationId}
          initial={problem ? undefined : range}
          onDelete={(period) => deleteValues(deleting.series.id, period)}
          onClose={() => setDeleting(null)}
          focusAfter={focusAfter}
        />
      )}
      {problem ? (
        <p className="empty">
          {problem === 'invalidDate'
            ? t('validation.invalidDateInAddress', { value: problems.from ? range.from : range.to })
            : t(`validation.${problem}`)}
        </p>
      ) : (
        <LoggerChart key={shown.id} series={shown} name={shownName} range={range} />
      )}
    </section>
  );
}
