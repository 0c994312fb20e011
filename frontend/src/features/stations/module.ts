import type { ShellModule } from '../../shell/registry';
import { stationChartWidget } from './widgets';

/** The station pages' widgets: a station's chart on a dashboard. */
export const stationsModule: ShellModule = {
  name: 'stations',
  widgets: [stationChartWidget],
};
