import type { ShellModule } from '../../shell/registry';
import { ReportLink } from './components/ReportLink';
import { CONTACT_MESSAGES_PATH, CONTACT_MESSAGES_REQUIREMENT } from './paths';

/** Every informational page of /sts (spec: data section routes); their texts come from the pages API. */
export const INFO_PAGES = [
  'mission', 'terms', 'privacy', 'cookies', 'partner', 'contactUs',
  'history', 'training', 'glossary', 'faq', 'practice', 'more', 'quickstart', 'report',
] as const;
export type InfoPageKey = (typeof INFO_PAGES)[number];

/** The pages the menu's "About the product" group lists, in order (spec: menu of the data section). */
export const ABOUT_PAGES: InfoPageKey[] = ['mission', 'terms', 'privacy', 'cookies', 'partner', 'contactUs'];

/**
 * The pages to read further that the menu does not list (it holds the spec's about pages): linked below
 * every informational page, so each can be reached by clicking.
 */
export const FURTHER_PAGES: InfoPageKey[] = ['quickstart', 'training', 'practice', 'glossary', 'faq', 'history', 'more'];

/** Icons of the about pages in the collapsed menu (symbols every system font has). */
const ABOUT_ICONS: Partial<Record<InfoPageKey, string>> = {
  mission: '★', terms: '§', privacy: '◈', cookies: '◔', partner: '⚭', contactUs: '☎',
};

/**
 * The data section's menu: 'Explore data' → /sts/overview, then a group named after the product
 * holding the informational pages; on the explorer, a header link to the PDF report of its filter.
 */
export const dataSectionModule: ShellModule = {
  name: 'data-section',
  headerTools: [{ key: 'report', component: ReportLink, priority: 20 }],
  menu: [
    { key: 'explore', label: 'pages.menu.explore', to: '/sts/overview', icon: '◎' },
    {
      key: 'about',
      label: 'pages.menu.about',
      icon: 'ⓘ',
      items: [
        ...ABOUT_PAGES.map((page) => ({ key: page, label: `pages.${page}.title`, to: `/sts/${page}`, icon: ABOUT_ICONS[page] })),
        // The API reference page (features/apiReference) is composed into the routes by the app.
        { key: 'api-reference', label: 'apiReference.title', to: '/api-reference', icon: '⌘' },
      ],
    },
  ],
};

/** The messages of Contact us, in the admin shell: a menu entry for system administrators. */
export const contactMessagesModule: ShellModule = {
  name: 'contact-messages',
  menu: [
    { key: 'contact-messages', label: 'pages.menu.contactMessages', to: CONTACT_MESSAGES_PATH, icon: '✆', requires: CONTACT_MESSAGES_REQUIREMENT },
  ],
};
