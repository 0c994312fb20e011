import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeProblems } from '../lib/filterChecks';

export interface DateRangeFieldsProps {
  legend: string;
  fromLabel: string;
  toLabel: string;
  from: string;
  to: string;
  onChange: (end: 'from' | 'to', value: string) => void;
}

/** A "from – to" pair of date fields that says at the field what is wrong with the range. */
export function DateRangeFields({ legend, fromLabel, toLabel, from, to, onChange }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const problems = dateRangeProblems(from, to);
  const field = (end: 'from' | 'to', label: string, value: string) => {
    const problem = problems[end];
    return (
      <div className="field-group" key={end}>
        <label className="field">
          <span>{label}</span>
          <input
            type="date"
            value={value}
            max={end === 'from' ? to || undefined : undefined}
            min={end === 'to' ? from || undefined : undefined}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-${end}` : undefined}
            onChange={(e) => onChange(end, e.target.value)}
          />
        </label>
        {problem && (
          <p id={`${id}-${end}`} className="field-error">
            {t(`validation.${problem}`)}
          </p>
        )}
      </div>
    );
  };
  return (
    <fieldset className="date-range">
      <legend>{legend}</legend>
      {field('from', fromLabel, from)}
      {field('to', toLabel, to)}
    </fieldset>
  );
}
