import './dashboards.css';
import type { ShellModule } from '../../shell/registry';
import { AddToDashboard } from './components/AddToDashboard';
import { DashboardMenu } from './components/DashboardMenu';
import { markdownNoteWidget } from './widgets';

/** Dashboards: the dashboard menu, the markdown note widget and the 'Add to dashboard' widget action. */
export const dashboardsModule: ShellModule = {
  name: 'dashboards',
  menu: [{ key: 'dashboards', label: 'dashboards.menu.title', requires: { roles: [] }, Component: DashboardMenu }],
  widgets: [markdownNoteWidget],
  widgetActions: [{ key: 'add-to-dashboard', component: AddToDashboard, requires: { roles: [] } }],
};
