import type { NavigateFunction } from 'react-router';

/** The route names of the shell (spec: routes named index, login, NOTFOUND). */
export const ROUTE_NAMES = { index: 'index', login: 'login', notFound: 'NOTFOUND', forbidden: 'FORBIDDEN' } as const;
export const HOME_PATH = '/home';
export const DEFAULT_LAYOUT = 'app';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
export const FORBIDDEN_PATH = '/403';

/** The current full path of a hash-routed location: path, query and hash of the route. */
export function fullPath(location: { pathname: string; search: string; hash: string }): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/** The address of the route named NOTFOUND, carrying the path that was not found in `url`. */
export function notFoundPath(url: string): string {
  return `${NOT_FOUND_PATH}?${new URLSearchParams({ url }).toString()}`;
}

/** Redirect to the route named NOTFOUND with `url` = the current full path. */
export function redirectToNotFound(
  navigate: NavigateFunction,
  location: { pathname: string; search: string; hash: string },
): void {
  void navigate(notFoundPath(fullPath(location)), { replace: true });
}
