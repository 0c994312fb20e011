import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../i18n/languages';
import { Loading } from '../../../shell/Loading';
import { messageOf } from '../../../shell/toast';
import { usePage, usePageVersions, useRestorePage, useSavePage, type PageVersion } from '../api/pages';
import type { InfoPageKey } from '../menu';
import { PageMarkdown } from './PageMarkdown';
import { formatDateTime } from '../../../lib/dates';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

/** The versions of the page in one language, newest first; each earlier one can be served again. */
function Versions({ page, lang, onNotice }: { page: InfoPageKey; lang: Language; onNotice: (notice: Notice) => void }) {
  const { t } = useTranslation();
  const versions = usePageVersions(page, lang, true);
  const restore = useRestorePage();
  const [busy, setBusy] = useState(false);

  const describe = (v: PageVersion) => {
    if (v.isDefault) return t('pages.editor.defaultVersion');
    const parts = [t('pages.editor.savedBy', { date: formatDateTime(v.savedAt, lang), name: v.savedByName ?? '' })];
    if (v.restoredFrom !== null) parts.push(t('pages.editor.restoredFrom', { version: v.restoredFrom }));
    return parts.join(' · ');
  };
  const onRestore = async (version: number) => {
    setBusy(true);
    try {
      await restore(page, lang, version);
      onNotice({ kind: 'status', text: t('pages.editor.restored', { version }) });
    } catch (error) {
      onNotice({ kind: 'alert', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  if (versions.error) return <p className="alert alert-error" role="alert">{messageOf(versions.error)}</p>;
  if (!versions.data) return <Loading />;
  return (
    <section aria-labelledby={`versions-${page}-${lang}`}>
      <h2 id={`versions-${page}-${lang}`}>{t('pages.editor.versions')}</h2>
      <ol className="page-versions">
        {versions.data.map((v, index) => (
          <li key={v.version} aria-label={t('pages.editor.version', { version: v.version })}>
            <strong>{t('pages.editor.version', { version: v.version })}</strong> <span className="muted">{describe(v)}</span>{' '}
            {index === 0 ? (
              <span className="page-version-current">{t('pages.editor.current')}</span>
            ) : (
              <button type="button" className="button" disabled={busy} onClick={() => onRestore(v.version)}>
                {t('pages.editor.restore')}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The page editor of system administrators: per language a Markdown text with its preview, saved as a
 * new version (earlier ones are kept and can be restored).
 */
export function PageEditor({ page, initialLang }: { page: InfoPageKey; initialLang: Language }) {
  const { t } = useTranslation();
  const id = useId();
  const [lang, setLang] = useState<Language>(initialLang);
  const current = usePage(page, lang);
  const save = useSavePage();
  const [drafts, setDrafts] = useState<Partial<Record<Language, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const draft = drafts[lang] ?? current.data?.text ?? '';

  // A restore replaces the served text: the draft follows it.
  useEffect(() => {
    setDrafts((all) => ({ ...all, [lang]: undefined }));
  }, [current.data?.version, lang]);

  const onSave = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const saved = await save(page, lang, draft);
      setNotice({ kind: 'status', text: t('pages.editor.saved', { version: saved?.version ?? '' }) });
    } catch (error) {
      setNotice({ kind: 'alert', text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page-editor" aria-label={t('pages.editor.title', { page: t(`pages.${page}.title`) })}>
      <fieldset className="page-editor-languages">
        <legend>{t('pages.editor.language')}</legend>
        {LANGUAGES.map((l) => (
          <label key={l.lang}>
            <input type="radio" name={`${id}-lang`} value={l.lang} checked={lang === l.lang} onChange={() => setLang(l.lang)} /> {l.label}
          </label>
        ))}
      </fieldset>
      {notice && (
        <p className={notice.kind === 'alert' ? 'alert alert-error' : 'alert page-editor-done'} role={notice.kind}>
          {notice.text}
        </p>
      )}
      <div className="page-editor-panes">
        <div className="ws-field">
          <label htmlFor={`${id}-text`}>{t('pages.editor.text')}</label>
          <textarea
            id={`${id}-text`}
            lang={lang}
            rows={18}
            value={draft}
            disabled={!current.data}
            onChange={(e) => setDrafts({ ...drafts, [lang]: e.target.value })}
          />
          <button type="button" className="button button-primary" disabled={busy || !current.data} onClick={onSave}>
            {t('pages.editor.save')}
          </button>
        </div>
        <section className="page-editor-preview" aria-label={t('pages.editor.preview')} lang={lang}>
          <h2>{t('pages.editor.preview')}</h2>
          <PageMarkdown text={draft} />
        </section>
      </div>
      <Versions page={page} lang={lang} onNotice={setNotice} />
    </section>
  );
}

export default PageEditor;
