import type { RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';
import { API_REFERENCE_PATH } from '../paths';

/** The API reference page (everyone: the API's document is public). */
export const apiReferenceRoutes: RouteObject[] = [
  { path: API_REFERENCE_PATH.slice(1), element: lazyView(() => import('../components/ApiReferencePage')) },
];
