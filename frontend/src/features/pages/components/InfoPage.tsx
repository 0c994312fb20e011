import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { isSystemAdmin } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../i18n/languages';
import { Loading } from '../../../shell/Loading';
import { usePage } from '../api/pages';
import type { InfoPageKey } from '../menu';
import { ContactForm } from './ContactForm';
import { Glossary } from './Glossary';
import { PageMarkdown } from './PageMarkdown';
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
 * editor with a preview, the versions and restore.
 */
export function InfoPage({ page }: { page: InfoPageKey }) {
  const { t, i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { profile } = useSession();
  const admin = isSystemAdmin(profile);
  const { data, error } = usePage(page, lang);
  const [editing, setEditing] = useState(false);
  const Part = PAGE_PARTS[page];

  return (
    <section className="page info-page" aria-labelledby={`info-${page}`}>
      <div className="info-page-head">
        <h1 id={`info-${page}`}>{t(`pages.${page}.title`)}</h1>
        {admin && (
          <button type="button" className="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {editing ? t('pages.editor.close') : t('pages.editor.open')}
          </button>
        )}
      </div>
      {admin && editing && (
        <Suspense fallback={<Loading />}>
          <PageEditor page={page} initialLang={lang} />
        </Suspense>
      )}
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
    </section>
  );
}

export default InfoPage;
