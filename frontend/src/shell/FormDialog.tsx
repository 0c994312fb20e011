import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, type FocusAfter } from './Dialog';
import './workspace.css';
import { SubmitButton } from './SubmitButton';

/**
 * A dialog holding a form (the shell's Dialog: labelled, focus kept inside, Escape closes). Enter in a
 * field submits; Cancel closes. `readOnly` shows only a Close button. The children may be a function of
 * the form's id, for fields that need ids of their own.
 *
 * When a submit leaves a field marked invalid (aria-invalid, its message tied by aria-describedby, as
 * TextField does), focus moves to the first such field, so the message is read and the field is where
 * typing goes; so it does when the send ends (`busy` back to false) with a field the server's refusal marked. `focusAfter` says where focus goes on close when the element that opened the dialog is gone.
 */
export function FormDialog({
  title,
  submitLabel,
  busy,
  readOnly,
  onSubmit,
  onClose,
  className,
  focusAfter,
  children,
}: {
  title: string;
  submitLabel: string;
  busy?: boolean;
  readOnly?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  className?: string;
  focusAfter?: FocusAfter;
  children: ReactNode | ((formId: string) => ReactNode);
}) {
  const { t } = useTranslation();
  const formId = useId();
  const form = useRef<HTMLFormElement>(null);
  // Counts the submits: each one re-renders this dialog, so the check below sees the fields' new errors
  // even when they are the same as before (a second empty submit).
  const [submits, setSubmits] = useState(0);
  const focusFirstInvalid = () => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  useEffect(() => {
    if (submits > 0) focusFirstInvalid();
  }, [submits]);
  // A refusal of the server arrives later, when the send is over (busy ends): a field it marked invalid then
  // takes the focus too (a name or email already taken), instead of the submit button.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) focusFirstInvalid();
    wasBusy.current = !!busy;
  }, [busy]);
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      className={className}
      focusAfter={focusAfter}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {readOnly ? t('common.close') : t('common.cancel')}
          </button>
          {!readOnly && (
            // Not disabled while sending: a disabled button drops keyboard focus to the page (Escape then no longer
            // closes the dialog after a refusal).
            <SubmitButton busy={!!busy} form={formId}>
              {submitLabel}
            </SubmitButton>
          )}
        </>
      }
    >
      <form
        ref={form}
        id={formId}
        className="ws-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy || readOnly) return;
          onSubmit();
          setSubmits((count) => count + 1);
        }}
      >
        {typeof children === 'function' ? children(formId) : children}
      </form>
    </Dialog>
  );
}

/** A labelled text field with an optional hint and an error tied to it for assistive technology. */
/**
 * A field's hint and error under it, and what its control is described by (aria-describedby): the same for a
 * text field, a select and a field with suggestions.
 */
export function fieldNotes(id: string, hint?: string | null, error?: string | null) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return {
    describedBy: [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined,
    notes: (
      <>
        {hint && (
          <p id={hintId} className="ws-hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
      </>
    ),
  };
}

export function TextField({
  id: givenId,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  multiline,
  rows = 3,
  required,
  autoComplete = 'off',
  maxLength,
  suggestions,
}: {
  id?: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  type?: 'text' | 'email' | 'url' | 'password' | 'number';
  multiline?: boolean;
  /** The lines a multiline field shows. */
  rows?: number;
  required?: boolean;
  autoComplete?: string;
  maxLength?: number;
  /** Values offered as one types (a datalist): any other text is taken too. */
  suggestions?: readonly string[];
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const { describedBy, notes } = fieldNotes(id, hint, error);
  const common = {
    id,
    value,
    required,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;
  return (
    <div className="ws-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {multiline ? (
        <textarea {...common} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...common}
          type={type}
          step={type === 'number' ? 'any' : undefined}
          autoComplete={autoComplete}
          list={suggestions ? `${id}-suggestions` : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {suggestions && (
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      )}
      {notes}
    </div>
  );
}

/**
 * A group of checkboxes under a legend: one per option (named by its label, described by its description).
 * `locked`: shown as they are and not changeable, yet each still takes the focus (aria-disabled, not disabled), so
 * keyboard and screen-reader users reach it and hear why (its description, the group's `describedBy`) rather than
 * Tab skipping it unseen.
 */
export function CheckboxGroup({
  legend,
  options,
  chosen,
  onChange,
  disabled,
  locked,
  describedBy,
}: {
  legend: string;
  options: { value: string; label: string; description?: string }[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
  disabled?: boolean;
  locked?: boolean;
  /** The id of text saying something of the whole group (why it is locked). */
  describedBy?: string;
}) {
  const id = useId();
  return (
    <fieldset className="ws-checkboxes" disabled={disabled} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {options.map((option, index) => {
        const inputId = `${id}-${index}`;
        const descriptionId = option.description ? `${inputId}-description` : undefined;
        return (
          <div key={option.value} className="ws-checkbox">
            <input
              id={inputId}
              type="checkbox"
              checked={chosen.has(option.value)}
              aria-describedby={descriptionId}
              aria-disabled={locked || undefined}
              onChange={(event) => {
                // A locked box's click (Space too) changes nothing: React puts back the box as chosen says.
                if (locked) return;
                const next = new Set(chosen);
                if (event.target.checked) next.add(option.value);
                else next.delete(option.value);
                onChange(next);
              }}
            />
            <label htmlFor={inputId} className="ws-checkbox-label">
              {option.label}
            </label>
            {option.description && (
              <span id={descriptionId} className="ws-checkbox-description">
                {option.description}
              </span>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
