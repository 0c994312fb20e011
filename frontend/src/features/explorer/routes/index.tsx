import { Navigate, useLocation, type RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';

/** /sts → /sts/overview, keeping the query (a shared link's filters survive the redirect). */
function ToOverview() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/sts/overview', search }} replace />;
}

/** Routes of the explorer, relative to /sts. */
export const explorerRoutes: RouteObject[] = [
  { index: true, element: <ToOverview /> },
  { path: 'overview', element: lazyView(() => import('./ExplorerPage')) },
];
