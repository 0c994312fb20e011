import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { dateRangeProblems } from '../../../lib/filterChecks';
import { useParameters } from '../../stations/api/parameters';
import { useTimeSeriesList } from '../api/timeseries';
import { LoggerChart } from './LoggerChart';

/**
 * A station's logger series beside its sampled values: pick one, see it at the level its zoom allows, within the
 * dates chosen for the station chart (?from, ?to in the address, as the station chart keeps them).
 */
export function LoggerSeriesPanel({ stationId }: { stationId: string }) {
  const { t } = useTranslation();
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
      {problem ? (
        <p className="empty">
          {problem === 'invalidDate'
            ? t('validation.invalidDateInAddress', { value: problems.from ? range.from : range.to })
            : t(`validation.${problem}`)}
        </p>
      ) : (
        <LoggerChart key={shown.id} series={shown} name={nameOf(shown.parameterId, shown.statistic, shown.sensor)} range={range} />
      )}
    </section>
  );
}
