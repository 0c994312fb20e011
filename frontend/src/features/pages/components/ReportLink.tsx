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
      <span aria-hidden="true">⎙</span> <span className="header-button-text">{t('pages.report.title')}</span>
    </Link>
  );
}
