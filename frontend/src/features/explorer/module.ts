import type { ShellModule } from '../../shell/registry';
import { stationTableWidget } from './widgets';

/** The explorer's widgets: a table of stations on a dashboard. */
export const explorerModule: ShellModule = {
  name: 'explorer',
  widgets: [stationTableWidget],
};
