import '../dashboards.css';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Loading } from '../../../shell/Loading';
import { toast } from '../../../shell/toast';
import { useDeleteDashboard } from '../api/deleteDashboard';
import { useDashboards } from '../api/getDashboards';
import { CreateDashboardDialog, RenameDashboardDialog } from '../components/DashboardTitleDialog';
import { Layer } from '../components/Layer';
import { dashboardPath, type Dashboard } from '../types';

/** /userspace/dashboard-management: every dashboard of the user, by label, to open, rename or delete. */
export function DashboardManagementPage() {
  const { t } = useTranslation();
  const { data: dashboards, error, isLoading } = useDashboards();
  const remove = useDeleteDashboard();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Dashboard | null>(null);
  const [deleting, setDeleting] = useState<Dashboard | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove(deleting.id);
      toast.success(t('dashboards.management.deleted', { label: deleting.label }));
      setDeleting(null);
    } catch (failure) {
      toast.error(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page dashboard-management" aria-labelledby="dashboard-management-title">
      <header className="dashboard-head">
        <h1 id="dashboard-management-title" ref={heading} tabIndex={-1}>
          {t('dashboards.management.title')}
        </h1>
        <div className="dashboard-head-actions">
          <button type="button" className="button button-primary" aria-haspopup="dialog" onClick={() => setCreating(true)}>
            {t('dashboards.menu.new')}
          </button>
        </div>
      </header>
      {error ? (
        <div role="alert" className="alert alert-error">
          {t('dashboards.management.failed', { message: error instanceof Error ? error.message : String(error) })}
        </div>
      ) : isLoading || !dashboards ? (
        <Loading />
      ) : dashboards.length === 0 ? (
        <p className="dashboard-empty">{t('dashboards.management.empty')}</p>
      ) : (
        <div className="dashboard-table-scroller">
          <table className="dashboard-table">
            <caption className="visually-hidden">{t('dashboards.management.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboards.management.label')}</th>
                <th scope="col" className="numeric">
                  {t('dashboards.management.widgets')}
                </th>
                <th scope="col" className="actions-column">
                  {t('common.actions')}
                </th>
              </tr>
            </thead>
            <tbody>
              {dashboards.map((dashboard) => (
                <tr key={dashboard.id}>
                  <th scope="row">
                    <Link to={dashboardPath(dashboard.id)}>{dashboard.label}</Link>
                  </th>
                  <td className="numeric">{(dashboard.widgets ?? []).length.toLocaleString()}</td>
                  <td>
                    <div className="row-actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={t('dashboards.management.renameOne', { label: dashboard.label })}
                        aria-haspopup="dialog"
                        onClick={() => setRenaming(dashboard)}
                      >
                        {t('dashboards.management.rename')}
                      </button>
                      <button
                        type="button"
                        className="button button-danger"
                        aria-label={t('dashboards.management.deleteOne', { label: dashboard.label })}
                        aria-haspopup="dialog"
                        onClick={() => setDeleting(dashboard)}
                      >
                        {t('dashboards.management.delete')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CreateDashboardDialog open={creating} onClose={() => setCreating(false)} />
      <RenameDashboardDialog dashboard={renaming} onClose={() => setRenaming(null)} />
      {deleting && (
        <Layer>
          <ConfirmDialog
            open
            title={t('dashboards.management.deleteTitle')}
            message={t('dashboards.management.deleteConfirm', { label: deleting.label })}
            confirmLabel={t('dashboards.management.delete')}
            cancelLabel={t('common.cancel')}
            onConfirm={() => void confirmDelete()}
            onClose={() => setDeleting(null)}
            busy={busy}
            // The deleted dashboard's row (and its Delete button) is gone: focus goes to the page's title.
            focusAfter={() => heading.current}
          />
        </Layer>
      )}
    </section>
  );
}

export default DashboardManagementPage;
