import { lazy, Suspense, useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { isSystemAdmin } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../../i18n/languages';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Loading } from '../../../shell/Loading';
import { usePage } from '../api/pages';
import { FURTHER_PAGES, type InfoPageKey } from '../menu';
import { ContactForm } from './ContactForm';
import { Glossary } from './Glossary';
import { PageMarkdown } from './PageMarkdown';
import { useLeaveGuard } from './useLeaveGuard';
import '../../../shell/workspace.css';
import '../pages.css';

const PageEditor = lazy(() => import('./PageEditor'));
const ReportForm = lazy(() => import('./ReportForm'));

/** What a page shows below its text, built from data or taking input. */
const PAGE_PARTS: Partial<Record<InfoPageKey, ComponentType>> = {
  glossary: Glossary,
  contactUs: ContactForm,
  report: ReportForm,
};

/**
 * An informational page of the data section: its Markdown text in the interface's language (the
 * latest version an administrator saved, or the product's default), and for system administrators an
 * editor with a preview, the versions and restore. Closing the editor or leaving the page with changes
 * not saved asks first.
 */
export function InfoPage({ page }: { page: InfoPageKey }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { profile } = useSession();
  const admin = isSystemAdmin(profile);
  const { data, error } = usePage(page, lang);
  const [editing, setEditing] = useState(false);
  // The languages the editor has changes of that were not saved, and whether closing it waits for "discard?".
  const [unsaved, setUnsaved] = useState<Language[]>([]);
  const [confirmClose, setConfirmClose] = useState(false);
  const onUnsavedChange = useCallback((languages: Language[]) => setUnsaved(languages), []);
  const Part = PAGE_PARTS[page];

  const closeEditor = () => {
    setConfirmClose(false);
    setUnsaved([]);
    setEditing(false);
  };
  const onToggle = () => {
    if (!editing) setEditing(true);
    else if (unsaved.length) setConfirmClose(true);
    else closeEditor();
  };
  const unsavedNames = new Intl.ListFormat(lang, { type: 'conjunction' })
    .format(unsaved.map((l) => LANGUAGES.find((known) => known.lang === l)!.label));

  return (
    <section className="page info-page" aria-labelledby={`info-${page}`}>
      <div className="info-page-head">
        <h1 id={`info-${page}`}>{t(`pages.${page}.title`)}</h1>
        {admin && (
          <button type="button" className="button" aria-expanded={editing} onClick={onToggle}>
            {editing ? t('pages.editor.close') : t('pages.editor.open')}
          </button>
        )}
      </div>
      {admin && editing && (
        <Suspense fallback={<Loading />}>
          {/* Keyed: the page's route may change under the same view, and one page's drafts are not another's. */}
          <PageEditor key={page} page={page} initialLang={lang} onUnsavedChange={onUnsavedChange} />
        </Suspense>
      )}
      <ConfirmDialog
        open={confirmClose}
        title={t('pages.editor.discardTitle')}
        message={t('pages.editor.discardMessage', { languages: unsavedNames })}
        confirmLabel={t('pages.editor.discard')}
        cancelLabel={t('pages.editor.keepEditing')}
        onConfirm={closeEditor}
        onClose={() => setConfirmClose(false)}
      />
      {/* Only while there are drafts: a router blocker held by every visitor's page made react-router warn on
          each Back/Forward to an address it had not written. */}
      {admin && editing && unsaved.length > 0 && <LeaveConfirm languages={unsavedNames} />}
      {error ? (
        <p className="alert alert-error" role="alert">{t('pages.loadFailed')}</p>
      ) : data ? (
        <PageMarkdown text={data.text} />
      ) : (
        <Loading />
      )}
      {Part && (
        <Suspense fallback={<Loading />}>
          <Part />
        </Suspense>
      )}
      <nav className="info-page-further" aria-label={t('pages.further')}>
        <ul>
          {FURTHER_PAGES.map((further) => (
            <li key={further}>
              <NavLink to={`/sts/${further}`}>{t(`pages.${further}.title`)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** Leaving the page (a link, Back, another address, a reload) with drafts asks first: they would be lost. */
function LeaveConfirm({ languages }: { languages: string }) {
  const { t } = useTranslation();
  const leaving = useLeaveGuard(true);
  return (
    <ConfirmDialog
      open={leaving.asking}
      title={t('pages.editor.discardTitle')}
      message={t('pages.editor.leaveMessage', { languages })}
      confirmLabel={t('pages.editor.discard')}
      cancelLabel={t('pages.editor.keepEditing')}
      onConfirm={leaving.leave}
      onClose={leaving.stay}
    />
  );
}

export default InfoPage;
