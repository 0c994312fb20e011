import { Navigate, useLocation, type RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';

/** station/{id} → its chart, keeping the query and the state (the explorer's address a link from it carries). */
function ToChart() {
  const { search, state } = useLocation();
  return <Navigate to={{ pathname: 'chart', search }} state={state} replace />;
}

/** Routes of a station's page, relative to /sts: station/{stationId} with children chart and info. */
export const stationRoutes: RouteObject[] = [
  {
    path: 'station/:stationId',
    element: lazyView(() => import('./StationPage')),
    children: [
      { index: true, element: <ToChart /> },
      { id: 'station-chart', path: 'chart', element: lazyView(() => import('./StationChartPage')), handle: { title: 'stations.pageTitle.chart' } },
      { id: 'station-info', path: 'info', element: lazyView(() => import('./StationInfoPage')), handle: { title: 'stations.pageTitle.info' } },
    ],
  },
];
