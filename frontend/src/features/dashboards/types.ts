/** A dashboard as the server sends it (spec: Dashboard, Widget). */

/** Where a widget sits on the free layout, in grid units (12 columns). */
export interface WidgetPosition {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface DashboardWidget {
  id: string;
  component: string;
  config: Record<string, unknown>;
  position?: WidgetPosition;
}

export interface Dashboard {
  id: string;
  label: string;
  icon: string;
  layout: string;
  config: Record<string, unknown>;
  widgets: DashboardWidget[];
}

/** What a widget is made of before it belongs to a dashboard (the registry's widget shape). */
export interface WidgetSpec {
  component: string;
  config: Record<string, unknown>;
}

/** The two routes of this feature. */
export const MANAGEMENT_PATH = '/userspace/dashboard-management';
export const dashboardPath = (id: string) => `/userspace/dashboards/${encodeURIComponent(id)}`;
