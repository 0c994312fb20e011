import '../dashboards.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useDocumentTitle } from '../../../shell/documentTitle';
import { Loading } from '../../../shell/Loading';
import { useDashboard } from '../api/getDashboard';
import { AddWidgetDialog } from '../components/AddWidgetDialog';
import { DashboardGrid } from '../components/DashboardGrid';
import { MANAGEMENT_PATH } from '../types';

/** /userspace/dashboards/{id}: one dashboard's widgets on the free layout, and 'Add widget'. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { data: dashboard, error, isLoading } = useDashboard(id);
  const [adding, setAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(dashboard?.label);

  if (error) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <section className="dashboard-page">
        <div role="alert" className="alert alert-error">
          {missing ? t('dashboards.page.notFound') : t('dashboards.page.failed', { message: error instanceof Error ? error.message : String(error) })}
        </div>
        <p>
          <Link to={MANAGEMENT_PATH}>{t('dashboards.menu.all')}</Link>
        </p>
      </section>
    );
  }
  if (isLoading || !dashboard) return <Loading />;

  const widgets = dashboard.widgets ?? [];
  return (
    <article className="dashboard-page" aria-labelledby="dashboard-title">
      <header className="dashboard-head">
        <h1 id="dashboard-title" ref={heading} tabIndex={-1}>
          {dashboard.label}
        </h1>
        <div className="dashboard-head-actions">
          <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => setAdding(true)}>
            {t('dashboards.addWidget.open')}
          </button>
          <Link to={MANAGEMENT_PATH} className="button">
            {t('dashboards.menu.all')}
          </Link>
        </div>
      </header>
      {widgets.length === 0 ? (
        <div className="dashboard-empty">
          <p>{t('dashboards.page.empty')}</p>
        </div>
      ) : (
        <>
          <p className="muted small dashboard-hint">{t('dashboards.page.hint')}</p>
          {/* After a widget is removed, focus goes to the dashboard's title. */}
          <DashboardGrid key={dashboard.id} dashboard={dashboard} focusAfterRemoval={() => heading.current} />
        </>
      )}
      <AddWidgetDialog dashboard={dashboard} open={adding} onClose={() => setAdding(false)} />
    </article>
  );
}

export default DashboardPage;
