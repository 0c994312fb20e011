import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shell/Dialog';
import { toast } from '../../../shell/toast';
import { useUpdateWidget } from '../api/updateWidget';
import type { DashboardWidget } from '../types';
import { Layer } from './Layer';

/** Change a note's text after it was added (required, as when adding it); the note keeps its place. */
export function EditNoteDialog({ dashboardId, widget, onClose }: { dashboardId: string; widget: DashboardWidget; onClose: () => void }) {
  const { t } = useTranslation();
  const updateWidget = useUpdateWidget();
  const formId = useId();
  const textId = useId();
  const errorId = useId();
  const [text, setText] = useState(typeof widget.config?.text === 'string' ? widget.config.text : '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('dashboards.addWidget.textRequired'));
      return;
    }
    setBusy(true);
    try {
      await updateWidget(dashboardId, widget.id, { ...widget.config, text });
      toast.success(t('dashboards.widgets.note.saved'));
      onClose();
    } catch (failure) {
      toast.error(failure);
      setBusy(false);
    }
  };

  return (
    <Layer>
      <Dialog
        open
        title={t('dashboards.widgets.note.editTitle')}
        onClose={onClose}
        className="dashboard-dialog"
        footer={
          <>
            <button type="button" className="button" onClick={onClose}>
              {t('common.cancel')}
            </button>
            <button type="submit" form={formId} className="button button-primary" disabled={busy}>
              {t('common.save')}
            </button>
          </>
        }
      >
        <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
          <div className="dashboard-field">
            <label htmlFor={textId}>{t('dashboards.widgets.note.text')}</label>
            <textarea
              id={textId}
              rows={8}
              value={text}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => {
                setText(e.target.value);
                if (e.target.value.trim()) setError(null);
              }}
            />
            {error && (
              <p id={errorId} className="field-error" role="alert">
                {error}
              </p>
            )}
            <p className="muted small">{t('dashboards.widgets.note.help')}</p>
          </div>
        </form>
      </Dialog>
    </Layer>
  );
}
