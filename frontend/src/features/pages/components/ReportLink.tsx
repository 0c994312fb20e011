import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

const EXPLORER_PATH = '/sts/overview';

/**
 * A header tool: on the explorer, 'PDF report' opens /sts/report with the explorer's current filter (its
 * address query), so the report covers what the visitor is looking at.
 */
export function ReportLink() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (pathname !== EXPLORER_PATH) return null;
  return (
    <Link className="header-button" to={`/sts/report${search}`}>
      <DocumentIcon /> <span className="header-button-text">{t('pages.report.title')}</span>
    </Link>
  );
}

/** A page with a folded corner, drawn (a font's report symbol, ⎙, is missing from many systems: an empty box). */
function DocumentIcon() {
  return (
    <svg className="header-icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="1em" height="1em">
      <path d="M3.5 1.5h6l3 3v10h-9z M9.5 1.5v3h3 M5.5 8h5 M5.5 10.5h5 M5.5 13h3" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}
