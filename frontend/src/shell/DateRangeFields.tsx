import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeProblems, isDay } from '../lib/filterChecks';

export interface DateRangeFieldsProps {
  legend: string;
  fromLabel: string;
  toLabel: string;
  /** The committed ends (the address's): YYYY-MM-DD, or '' for an open end. */
  from: string;
  to: string;
  /** A new end: a whole date, or '' when the field was emptied. */
  onChange: (end: 'from' | 'to', value: string) => void;
}

/** The earliest year a date typed in a field is taken as meant while it is being typed. */
export const EARLIEST_TYPED_YEAR = 1800;
/** A plausible date is committed once the typing pauses this long (or at once on Enter or leaving the field):
 * typing over a whole date goes through other whole dates (03-15 → 03-02 → 03-25), each a history entry and a
 * request if committed at once. */
export const COMMIT_AFTER_MS = 800;

/**
 * Whether a date field's value is one a user is done typing: a real day with a four-digit year from
 * EARLIEST_TYPED_YEAR. Typing 2020 into a date field's year goes through 0002, 0020 and 0202 first.
 */
export function isPlausibleDay(value: string): boolean {
  return isDay(value) && Number(value.slice(0, 4)) >= EARLIEST_TYPED_YEAR;
}

/** One date field: what is typed stays in the field, and reaches the caller when it is a plausible date and
 * the typing pauses, or on Enter or leaving the field; an emptied field clears the end at once. */
function DateField({ label, value, min, max, problem, problemId, onCommit }: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  problem?: string;
  problemId: string;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  // Whether the user changed the field since it last showed the committed value.
  const [edited, setEdited] = useState(false);
  // The committed value changed from outside (Back, Clear filters, a link) or was just committed: the field shows it.
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    // What the field holds is left alone when it is what was just committed: setting an input's value while
    // it is typed into restarts the browser's typing of the year.
    if (value !== draft) setDraft(value);
    setEdited(false);
  }
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  // A commit after the pause goes to the caller and the committed value as they are then, not as they were.
  const latest = useRef({ value, onCommit });
  latest.current = { value, onCommit };
  const commit = (next: string) => {
    clearTimeout(pending.current);
    if (next !== latest.current.value) latest.current.onCommit(next);
  };
  /** The typing is over (Enter, or leaving the field): a whole date (of any year) or an emptied field is
   * committed; a half-typed one goes back to the committed date when the field is left. */
  const settle = (input: HTMLInputElement, leaving: boolean) => {
    if (!edited) return;
    const next = input.value;
    if (next === '' ? !input.validity.badInput : isPlausibleDay(next)) commit(next);
    else if (leaving) {
      clearTimeout(pending.current);
      input.value = isDay(value) ? value : '';
      setDraft(value);
      setEdited(false);
    }
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.target.value;
    setDraft(next);
    setEdited(true);
    // '' with a bad input: a date partly typed (the browser gives no value yet); '' without: the field was emptied.
    clearTimeout(pending.current);
    if (next === '') {
      if (!event.target.validity.badInput) commit(next);
    } else if (isPlausibleDay(next)) {
      pending.current = setTimeout(() => commit(next), COMMIT_AFTER_MS);
    }
  };
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="date"
        value={draft}
        min={min}
        max={max}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={onChange}
        onBlur={(e) => settle(e.currentTarget, true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') settle(e.currentTarget, false);
        }}
      />
    </label>
  );
}

/** A "from – to" pair of date fields that says at the field what is wrong with the range. */
export function DateRangeFields({ legend, fromLabel, toLabel, from, to, onChange }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const problems = dateRangeProblems(from, to);
  const field = (end: 'from' | 'to', label: string, value: string) => {
    const problem = problems[end];
    const problemId = `${id}-${end}`;
    return (
      <div className="field-group" key={end}>
        <DateField
          label={label}
          value={value}
          max={end === 'from' && isDay(to) ? to : undefined}
          min={end === 'to' && isDay(from) ? from : undefined}
          problem={problem}
          problemId={problemId}
          onCommit={(next) => onChange(end, next)}
        />
        {problem && (
          <p id={problemId} className="field-error">
            {/* A date field cannot show a value that is not a date: the message says what the address held. */}
            {problem === 'invalidDate' ? t('validation.invalidDateInAddress', { value }) : t(`validation.${problem}`)}
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
