import type { RouteObject } from 'react-router';
import { lazyView } from '../../../shell/LazyView';
import { INFO_PAGES } from '../menu';
import { CONTACT_MESSAGES_PATH, CONTACT_MESSAGES_REQUIREMENT } from '../paths';

const loadInfoPage = () => import('../components/InfoPage');

/** The informational pages of /sts (mission, terms, ...), relative to /sts. */
export const infoPageRoutes: RouteObject[] = INFO_PAGES.map((page) => ({
  path: page,
  element: lazyView(loadInfoPage, { page }),
  handle: { title: `pages.${page}.title` },
}));

/** The messages of Contact us, in the admin shell (system administrators). */
export const contactMessageRoutes: RouteObject[] = [
  {
    path: CONTACT_MESSAGES_PATH.slice(1),
    element: lazyView(() => import('./ContactMessagesPage')),
    handle: { requires: CONTACT_MESSAGES_REQUIREMENT },
  },
];
