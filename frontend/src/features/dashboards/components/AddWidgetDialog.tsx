import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../shell/Dialog';
import { shell } from '../../../shell/registry';
import { toast } from '../../../shell/toast';
import { useFocusFirstInvalid } from '../../../shell/useFocusFirstInvalid';
import { useAddWidget } from '../api/addWidget';
import { isGone } from '../api/readAgainIfGone';
import { nextPosition, NOTE_SIZE } from '../lib/layout';
import type { Dashboard } from '../types';
import { MARKDOWN_NOTE } from '../widgets';
import { Layer } from './Layer';
import { NoteTextField } from './NoteTextField';

/**
 * 'Add widget' on a dashboard: the widget types offered for sharing (the registry's `shareable`),
 * a note with its Markdown text. Charts of a station come from the station's page instead.
 */
export function AddWidgetDialog({ dashboard, open, onClose }: { dashboard: Dashboard; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const add = useAddWidget();
  const formId = useId();
  const textId = useId();
  const errorId = useId();
  const types = shell.widgetTypes().filter((type) => type.shareable);
  const [chosen, setChosen] = useState<string>(types[0]?.component ?? MARKDOWN_NOTE);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A refused submit puts the focus on the field that says why (the note's text), not on the button.
  const { form, focusFirstInvalid } = useFocusFirstInvalid();

  const close = () => {
    setChosen(types[0]?.component ?? MARKDOWN_NOTE);
    setText('');
    setError(null);
    setBusy(false);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const type = types.find((w) => w.component === chosen);
    if (!type) return;
    const isNote = type.component === MARKDOWN_NOTE;
    if (isNote && !text.trim()) {
      setError(t('dashboards.addWidget.textRequired'));
      focusFirstInvalid();
      return;
    }
    setBusy(true);
    try {
      const config = isNote ? { ...type.shareable, text } : { ...type.shareable };
      await add(dashboard.id, { component: type.component, config, position: nextPosition(dashboard.widgets ?? [], isNote ? NOTE_SIZE : undefined) });
      toast.success(t('dashboards.addToDashboard.added'));
      close();
    } catch (failure) {
      setBusy(false);
      toast.error(failure);
      // The dashboard was deleted elsewhere: it has been read again, and the page says it is gone.
      if (isGone(failure)) close();
    }
  };

  if (!open) return null;
  return (
    <Layer>
      <Dialog
        open
        title={t('dashboards.addWidget.title')}
        onClose={close}
        className="dashboard-dialog"
        footer={
          <>
            <button type="button" className="button" onClick={close}>
              {t('common.cancel')}
            </button>
            <button type="submit" form={formId} className="button button-primary" disabled={busy || types.length === 0}>
              {t('dashboards.addWidget.submit')}
            </button>
          </>
        }
      >
        <form ref={form} id={formId} onSubmit={submit} noValidate>
          <fieldset className="widget-choices">
            <legend>{t('dashboards.addWidget.type')}</legend>
            {types.map((type) => (
              <label key={type.component} className="widget-choice">
                <input type="radio" name={`${formId}-type`} value={type.component} checked={chosen === type.component} onChange={() => setChosen(type.component)} />
                {t(type.title as never)}
              </label>
            ))}
          </fieldset>
          {chosen === MARKDOWN_NOTE && (
            <NoteTextField id={textId} errorId={errorId} rows={6} text={text} error={error} onText={setText} onError={setError} />
          )}
          <p className="muted small">{t('dashboards.addWidget.fromPages')}</p>
        </form>
      </Dialog>
    </Layer>
  );
}
