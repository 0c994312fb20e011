import { useTranslation } from 'react-i18next';
import type { ValueSummary } from '../api/statistic';
import { formatValue, NO_VALUE_COLOR, rampGradient } from '../lib/colors';
import { listText } from '../../../lib/lists';

export interface ValueLegendProps {
  /** The name of the parameter the map is coloured by. */
  parameter: string;
  summary: ValueSummary;
  /** Stations of the result without a value of it. */
  missing: number;
}

/** The legend of a map coloured by a parameter's latest value: the ramp from min to max with the unit, and 'No value'. */
export function ValueLegend({ parameter, summary, missing }: ValueLegendProps) {
  const { t, i18n } = useTranslation();
  const { min, max, unit, units } = summary;
  const format = (value: number) => formatValue(value, i18n.language);
  return (
    <div className="map-legend value-legend" role="group" aria-label={t('explorer.map.legend')}>
      <span className="value-legend-title">
        {t('explorer.map.latestValue', { parameter })}
        {unit && <span className="value-legend-unit"> ({unit})</span>}
      </span>
      {min !== null && max !== null && (
        <span className="value-legend-range" role="img" aria-label={t('explorer.map.range', { min: format(min), max: format(max), unit: unit ?? '' }).trim()}>
          <span className="value-legend-min" data-value={min}>{format(min)}</span>
          <span className="value-legend-ramp" style={{ background: rampGradient() }} />
          <span className="value-legend-max" data-value={max}>{format(max)}</span>
        </span>
      )}
      {missing > 0 && (
        <span className="value-legend-none">
          <span className="swatch" style={{ background: NO_VALUE_COLOR }} aria-hidden="true" />
          {t('explorer.map.noValue')} <span className="muted">({missing.toLocaleString(i18n.language)})</span>
        </span>
      )}
      {units.length > 1 && <span className="value-legend-units muted">{t('explorer.map.units', { units: listText(units, i18n.language) })}</span>}
    </div>
  );
}
