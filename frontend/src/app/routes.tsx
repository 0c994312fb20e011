import { Navigate, type RouteObject } from 'react-router';
import { Loading } from '../shell/Loading';
import { Layout } from './Layout';
import { NotFoundPage } from './NotFoundPage';
import { HOME_PATH } from './paths';
import { RouteError } from './RouteError';

/**
 * Every route of the SPA. Features are composed here and nowhere else; their pages load lazily
 * so the first download stays small.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Loading />,
    children: [
      {
        // Errors inside a page keep the header (and so the language switch) on screen.
        errorElement: <RouteError />,
        children: [
          { index: true, element: <Navigate to={HOME_PATH} replace /> },
          {
            path: 'home',
            lazy: async () => ({
              Component: (await import('../features/system/components/SystemInfoPage')).SystemInfoPage,
            }),
          },
          { path: '404', element: <NotFoundPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
