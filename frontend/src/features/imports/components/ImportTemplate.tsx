import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shell/toast';
import { fetchImportTemplate, TEMPLATE_FILE_NAME } from '../api/imports';
import { saveCsv } from '../../../lib/download';

/**
 * The Open Water Data template in a few words (which columns it needs, which it takes), and a button that saves it
 * (GET import-template through the app's client: signed in, as the route asks). The file keeps its byte-order
 * mark, so that Excel opens it as UTF-8.
 */
export function ImportTemplate() {
  const { t } = useTranslation();
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);

  async function download() {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    try {
      const text = await fetchImportTemplate();
      if (text !== undefined) saveCsv(TEMPLATE_FILE_NAME, text);
    } catch (failure) {
      toast.error(failure);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  return (
    <div className="imports-template" role="group" aria-labelledby={headingId}>
      <h4 id={headingId}>{t('imports.template.title')}</h4>
      <p>{t('imports.template.description')}</p>
      {/* aria-disabled, not disabled, while it downloads: a disabled button would drop keyboard focus to the page. */}
      <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void download()}>
        {t('imports.template.download')}
      </button>
    </div>
  );
}
