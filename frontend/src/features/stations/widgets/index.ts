import { lazy } from 'react';
import type { WidgetType } from '../../../shell/registry';
import { STATION_CHART_WIDGET } from './config';

export { STATION_CHART_WIDGET } from './config';

/** The chart (and chart.js) load only when a dashboard shows one. */
const StationChartWidget = lazy(() => import('./StationChartWidget'));

/** A station's chart on a dashboard; added from the station page with 'Add to dashboard' (not shareable: it needs a station). */
export const stationChartWidget: WidgetType = {
  component: STATION_CHART_WIDGET,
  title: 'dashboards.widgets.stationChart.title',
  render: StationChartWidget,
};
