import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../auth/session';
import { MenuLink } from '../../../shell/SideMenu';
import { MAIN_CONTENT_ID } from '../../../shell/SkipLink';
import { useDashboards } from '../api/getDashboards';
import { dashboardPath, MANAGEMENT_PATH } from '../types';
import { CreateDashboardDialog } from './DashboardTitleDialog';

/**
 * The dashboard menu (spec: dashboard screens): the user's dashboards by label ascending, then
 * 'New dashboard' (the create dialog) and 'All dashboards' (the management page).
 */
export function DashboardMenu({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { status } = useSession();
  const { data: dashboards, error } = useDashboards(status === 'signed-in');
  const [creating, setCreating] = useState(false);
  // A dashboard made here is opened: once the dialog has closed (it puts the focus back on 'New dashboard', which
  // stays in the menu), the focus goes to the page, where the new dashboard is, not to the menu.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!opened || creating) return;
    setOpened(false);
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [opened, creating]);
  const title = t('dashboards.menu.title');
  const newLabel = t('dashboards.menu.new');

  return (
    <li className="menu-group dashboard-menu">
      <span className="menu-group-title" aria-hidden={collapsed}>
        <span className="menu-icon" aria-hidden="true">
          ▦
        </span>
        <span className="menu-label">{title}</span>
      </span>
      <ul aria-label={title}>
        {/* Only when there are none to show: asked again and failed (a flaky connection coming back), the list
            shown stays, with no note (in the narrow menu it overflowed). */}
        {error && !dashboards && (
          <li className="menu-note">
            <span role="status">{t('dashboards.menu.failed')}</span>
          </li>
        )}
        {(dashboards ?? []).map((dashboard) => (
          <li key={dashboard.id}>
            <MenuLink to={dashboardPath(dashboard.id)} label={dashboard.label} collapsed={collapsed} />
          </li>
        ))}
        <li>
          <button
            type="button"
            className="menu-link menu-button"
            title={collapsed ? newLabel : undefined}
            aria-label={collapsed ? newLabel : undefined}
            aria-haspopup="dialog"
            onClick={() => setCreating(true)}
          >
            <span className="menu-icon" aria-hidden="true">
              +
            </span>
            <span className="menu-label">{newLabel}</span>
          </button>
        </li>
        <li>
          <MenuLink to={MANAGEMENT_PATH} label={t('dashboards.menu.all')} icon="☰" collapsed={collapsed} />
        </li>
      </ul>
      <CreateDashboardDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(dashboard) => {
          setOpened(true);
          void navigate(dashboardPath(dashboard.id));
        }}
      />
    </li>
  );
}
