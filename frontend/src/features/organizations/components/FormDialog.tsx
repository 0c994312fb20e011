import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shell/Dialog';

/** A dialog around a form: Enter submits, Cancel closes. */
export function FormDialog({
  title,
  submitLabel,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  busy?: boolean;
  onSubmit: () => void;
  onClose: () => void;
  children: (formId: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {submitLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="ws-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children(formId)}
      </form>
    </Dialog>
  );
}

/** A labelled text input of a FormDialog. */
export function TextField({
  id,
  label,
  value,
  onChange,
  type = 'text',
  required,
  error,
  multiline,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  required?: boolean;
  error?: string;
  multiline?: boolean;
}) {
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div className="ws-field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} step={type === 'number' ? 'any' : undefined} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
