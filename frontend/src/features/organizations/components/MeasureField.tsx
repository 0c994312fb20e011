import { useTranslation } from 'react-i18next';
import { fieldNotes } from '../../../shell/FormDialog';
import { unitLabel } from '../../stations/lib/measureUnits';

/**
 * A station's measure (its elevation, its drainage area): a number typed with a decimal point, as the coordinates are
 * (inputMode="decimal", checked by the form), and its unit chosen beside it. Both optional; a number needs its unit.
 */
export function MeasureField({
  id,
  label,
  value,
  unit,
  units,
  error,
  unitError,
  hint,
  onChange,
  onUnitChange,
}: {
  id: string;
  label: string;
  value: string;
  unit: string;
  units: readonly string[];
  error?: string;
  unitError?: string;
  hint?: string;
  onChange: (value: string) => void;
  onUnitChange: (unit: string) => void;
}) {
  const { t } = useTranslation();
  const { describedBy, notes } = fieldNotes(id, hint, error);
  const unitNotes = fieldNotes(`${id}-unit`, undefined, unitError);
  return (
    <div className="ws-field">
      <label htmlFor={id}>{label}</label>
      <div className="ws-measure">
        <DecimalInput id={id} value={value} invalid={!!error} describedBy={describedBy} onChange={onChange} />
        <select
          id={`${id}-unit`}
          aria-label={t('organizations.stations.unitOf', { measure: label })}
          value={unit}
          aria-invalid={unitError ? true : undefined}
          aria-describedby={unitNotes.describedBy}
          onChange={(event) => onUnitChange(event.target.value)}
        >
          <option value="">{t('organizations.stations.unitNotGiven')}</option>
          {[...new Set([...(unit ? [unit] : []), ...units])].map((code) => (
            <option key={code} value={code}>
              {unitLabel(t, code)}
            </option>
          ))}
        </select>
      </div>
      {notes}
      {unitNotes.notes}
    </div>
  );
}

/**
 * A decimal number typed as text (inputMode="decimal": a phone's keyboard with a decimal separator), not a number
 * field, which reads "120,1551" as 1201551 in some browsers; the form checks what is typed (lib/coordinates).
 */
export function DecimalInput({
  id,
  value,
  invalid,
  describedBy,
  required,
  onChange,
}: {
  id: string;
  value: string;
  invalid: boolean;
  describedBy?: string;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      required={required}
      value={value}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
