import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shell/Dialog';
import { toast } from '../../../shell/toast';
import { useFocusFirstInvalid } from '../../../shell/useFocusFirstInvalid';
import { isGone } from '../api/readAgainIfGone';
import { useUpdateWidget } from '../api/updateWidget';
import type { DashboardWidget } from '../types';
import { Layer } from './Layer';
import { NoteTextField } from './NoteTextField';

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
  // A refused submit puts the focus on the field that says why (the note's text), not on the button.
  const { form, focusFirstInvalid } = useFocusFirstInvalid();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(t('dashboards.addWidget.textRequired'));
      focusFirstInvalid();
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
      // The note (or its dashboard) was removed elsewhere: the dashboard has been read again and shows it gone.
      if (isGone(failure)) onClose();
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
        <form ref={form} id={formId} onSubmit={(e) => void submit(e)} noValidate>
          <NoteTextField id={textId} errorId={errorId} rows={8} text={text} error={error} onText={setText} onError={setError} />
        </form>
      </Dialog>
    </Layer>
  );
}
