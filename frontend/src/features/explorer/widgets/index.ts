import { lazy } from 'react';
import type { WidgetType } from '../../../shell/registry';
import { DEFAULT_TABLE_ROWS, STATION_TABLE_WIDGET } from './config';

export { STATION_TABLE_WIDGET } from './config';

const StationTableWidget = lazy(() => import('./StationTableWidget'));

/** A table of stations on a dashboard; offered in a dashboard's 'Add widget' with all stations. */
export const stationTableWidget: WidgetType = {
  component: STATION_TABLE_WIDGET,
  title: 'dashboards.widgets.stationTable.title',
  render: StationTableWidget,
  shareable: { filters: '', limit: DEFAULT_TABLE_ROWS },
};
