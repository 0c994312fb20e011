import { Navigate, type RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';

/** Routes of a station's page, relative to /sts: station/{stationId} with children chart and info. */
export const stationRoutes: RouteObject[] = [
  {
    path: 'station/:stationId',
    element: lazyView(() => import('./StationPage')),
    children: [
      { index: true, element: <Navigate to="chart" replace /> },
      { id: 'station-chart', path: 'chart', element: lazyView(() => import('./StationChartPage')), handle: { title: 'stations.pageTitle.chart' } },
      { id: 'station-info', path: 'info', element: lazyView(() => import('./StationInfoPage')), handle: { title: 'stations.pageTitle.info' } },
    ],
  },
];
