/**
 * The browser tab's title (document.title): "{page} – {product}", in the interface's language.
 *
 * The page's name comes, in this order, from the page itself (`useDocumentTitle`, e.g. a dashboard's
 * label, the 403 page shown in place of a page), from the deepest route declaring `handle.title`,
 * or from the menu entry leading to the current path; with none of these, the product's name alone.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, type Params } from 'react-router';
import { shell } from './registry';

/** What a route may declare as `handle.title`: the i18n key of its page's name, or a function of its params giving that key. */
export type RouteTitle = string | ((params: Params) => string);

type SetPageTitle = (title: string | null) => void;
const PageTitleContext = createContext<SetPageTitle | null>(null);

/** "{page} – {product}" in the current language; the product's name alone without a page. */
function useFormat() {
  const { t } = useTranslation();
  return (page: string | null | undefined) => (page ? t('shell.documentTitle', { page, app: t('app.name') }) : t('app.name'));
}

/** The i18n key of the current route's page name: the deepest `handle.title`, else the menu entry of the path. */
function useRouteTitleKey(): string | undefined {
  const matches = useMatches();
  const { pathname } = useLocation();
  for (const match of [...matches].reverse()) {
    const title = (match.handle as { title?: RouteTitle } | undefined)?.title;
    if (title) return typeof title === 'function' ? title(match.params) : title;
  }
  return shell.menuLabelFor(pathname);
}

/** Keeps document.title for the routes below it (the layout holds one). */
export function DocumentTitle({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const key = useRouteTitleKey();
  const [pageTitle, setPageTitle] = useState<string | null>(null);
  const page = pageTitle ?? (key && i18n.exists(key) ? t(key as never) : null);
  const title = format(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <PageTitleContext.Provider value={setPageTitle}>{children}</PageTitleContext.Provider>;
}

/**
 * Names the page in document.title while the calling component is on screen, over the route's own
 * title (nothing happens for an empty title). Outside a `DocumentTitle` it sets document.title itself.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const setPageTitle = useContext(PageTitleContext);
  const format = useFormat();
  const standalone = setPageTitle ? null : format(title);
  useEffect(() => {
    if (!title) return;
    if (!setPageTitle) {
      if (standalone) document.title = standalone;
      return;
    }
    setPageTitle(title);
    return () => setPageTitle(null);
  }, [setPageTitle, title, standalone]);
}
