import type { RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';
import { INFO_PAGES } from '../menu';

const loadInfoPage = () => import('../components/InfoPage');

/** The informational pages of /sts (mission, terms, ...), relative to /sts. */
export const infoPageRoutes: RouteObject[] = INFO_PAGES.map((page) => ({
  path: page,
  element: lazyView(loadInfoPage, { page }),
}));
