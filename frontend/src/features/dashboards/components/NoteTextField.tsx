import { useTranslation } from 'react-i18next';

type Props = {
  id: string;
  errorId: string;
  rows: number;
  text: string;
  error: string | null;
  onText: (text: string) => void;
  onError: (error: string | null) => void;
};

/** The Markdown text of a note widget, with its error at the field; shared by adding and editing a note. */
export function NoteTextField({ id, errorId, rows, text, error, onText, onError }: Props) {
  const { t } = useTranslation();
  return (
    <div className="dashboard-field">
      <label htmlFor={id}>{t('dashboards.widgets.note.text')}</label>
      <textarea
        id={id}
        rows={rows}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => {
          onText(e.target.value);
          if (e.target.value.trim()) onError(null);
        }}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="muted small">{t('dashboards.widgets.note.help')}</p>
    </div>
  );
}
