import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../i18n/languages';
import { fieldNotes } from '../../../shell/FormDialog';
import { Loading } from '../../../shell/Loading';
import { messageOf } from '../../../shell/toast';
import { ApiError, get } from '../../../api/client';
import { pagePath, usePage, usePageVersions, useRestorePage, useSavePage, type PageVersion } from '../api/pages';
import type { InfoPageKey } from '../menu';
import { PageMarkdown } from './PageMarkdown';
import { formatDateTime } from '../../../lib/dates';

type Notice = { kind: 'status' | 'alert'; text: string } | null;

/** The versions of the page in one language, newest first; each earlier one can be served again. */
function Versions({ page, lang, onNotice, onRestored }: {
  page: InfoPageKey;
  lang: Language;
  onNotice: (notice: Notice) => void;
  onRestored: (language: Language) => void;
}) {
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
      onRestored(lang);
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
            {/* Read before restoring or saving over it (another administrator's version, say). */}
            <details className="page-version-text">
              <summary>{t('pages.editor.showText')}</summary>
              <pre lang={lang}>{v.text}</pre>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * A language's text as typed, and the served text it was typed over (unchanged when they are the same) with
 * its version: the save is refused when another was saved since (someone else's), so it never replaces a
 * version its author has not seen.
 */
interface Draft {
  text: string;
  served: string;
  version: number;
}
type Drafts = Partial<Record<Language, Draft>>;

/** The languages whose text was changed and not saved, in the order of LANGUAGES. */
function unsavedLanguages(drafts: Drafts): Language[] {
  return LANGUAGES.map((l) => l.lang).filter((l) => drafts[l] && drafts[l].text !== drafts[l].served);
}

/**
 * The page editor of system administrators: per language a Markdown text with its preview, saved as a
 * new version (earlier ones are kept and can be restored). Each language keeps what was typed in it while
 * another is edited, until it is saved or the editor is closed; `onUnsavedChange` hears which languages
 * have changes not saved (the page asks before closing the editor on them).
 */
export function PageEditor({ page, initialLang, onUnsavedChange }: {
  page: InfoPageKey;
  initialLang: Language;
  onUnsavedChange?: (languages: Language[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [lang, setLang] = useState<Language>(initialLang);
  const current = usePage(page, lang);
  const save = useSavePage();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [notice, setNotice] = useState<Notice>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [busy, setBusy] = useState(false);
  const draft = drafts[lang]?.text ?? current.data?.text ?? '';
  // The language whose empty text the user tried to save: said at the text while it stays empty there (the server
  // refuses an empty page), gone once there is text.
  const [emptySave, setEmptySave] = useState<Language | null>(null);
  const textNotes = fieldNotes(`${id}-text`, null, emptySave === lang && !draft.trim() ? t('pages.editor.textRequired') : null);
  const unsaved = unsavedLanguages(drafts).join(',');

  useEffect(() => {
    onUnsavedChange?.(unsaved ? (unsaved.split(',') as Language[]) : []);
  }, [unsaved, onUnsavedChange]);

  // The button pressed (Save, Restore) is disabled while it works, which drops the focus to the page's body:
  // the outcome takes it, so keyboard and screen reader users continue from what happened.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  /** The language's draft gone: the editor shows the served text again (after a save or a restore). */
  const settle = (language: Language, savedText?: string) =>
    setDrafts((all) => {
      // What was typed while the save was on its way stays a draft.
      if (savedText !== undefined && all[language]?.text !== savedText) return all;
      return { ...all, [language]: undefined };
    });

  const onType = (text: string) =>
    setDrafts((all) => ({
      ...all,
      [lang]: { text, served: all[lang]?.served ?? current.data?.text ?? '', version: all[lang]?.version ?? current.data?.version ?? 0 },
    }));

  const onSave = async () => {
    setNotice(null);
    const language = lang;
    if (!draft.trim()) {
      setEmptySave(language);
      textRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await save(page, language, draft, drafts[language]?.version ?? current.data?.version ?? 0);
      settle(language, draft);
      setNotice({ kind: 'status', text: t('pages.editor.saved', { version: saved?.version ?? '' }) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        // Someone else's version is the newest now: the text stays, written over theirs from here on.
        const newest = await get<PageVersion>(pagePath(page, language)).catch(() => undefined);
        if (newest) {
          setDrafts((all) => ({ ...all, [language]: { text: draft, served: newest.text, version: newest.version } }));
          const name = newest.savedByName ?? t('pages.editor.someone');
          setNotice({ kind: 'alert', text: t('pages.editor.savedMeanwhile', { name, version: newest.version }) });
          return;
        }
      }
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
        <p ref={noticeRef} tabIndex={-1} className={notice.kind === 'alert' ? 'alert alert-error' : 'alert page-editor-done'} role={notice.kind}>
          {notice.text}
        </p>
      )}
      <div className="page-editor-panes">
        <div className="ws-field">
          <label htmlFor={`${id}-text`}>{t('pages.editor.text')}</label>
          <textarea
            ref={textRef}
            id={`${id}-text`}
            lang={lang}
            rows={18}
            value={draft}
            disabled={!current.data}
            aria-invalid={textNotes.describedBy ? true : undefined}
            aria-describedby={textNotes.describedBy}
            onChange={(e) => onType(e.target.value)}
          />
          {textNotes.notes}
          <button type="button" className="button button-primary" disabled={busy || !current.data} onClick={onSave}>
            {t('pages.editor.save')}
          </button>
        </div>
        <section className="page-editor-preview" aria-label={t('pages.editor.preview')} lang={lang}>
          <h2>{t('pages.editor.preview')}</h2>
          <PageMarkdown text={draft} />
        </section>
      </div>
      <Versions page={page} lang={lang} onNotice={setNotice} onRestored={settle} />
    </section>
  );
}

export default PageEditor;
