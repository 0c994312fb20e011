import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useDismissOnOutsidePress } from './useDismiss';

/** Where the side menu's collapsed choice is kept (spec: shell). */
export const MENU_COLLAPSED_KEY = 'app-menu-collapsed';
/** With nothing stored, the menu starts collapsed on windows narrower than this. */
export const AUTO_COLLAPSE_WIDTH = 1920;

export function initialCollapsed(stored: string | null, windowWidth: number): boolean {
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return windowWidth < AUTO_COLLAPSE_WIDTH;
}

function readStored(): string | null {
  try {
    return localStorage.getItem(MENU_COLLAPSED_KEY);
  } catch {
    return null;
  }
}

/** Phones: the open menu lies over the page, so it closes again after a choice. */
export const OVERLAY_MENU_QUERY = '(max-width: 47.99rem)';

function menuLiesOverPage(): boolean {
  return !!window.matchMedia?.(OVERLAY_MENU_QUERY).matches;
}

/**
 * On a phone the open menu lies over the page like a popup, and closes like one: after a choice (any
 * navigation), on Escape (focus back on its toggle) and on a press outside it (the toggle aside: it closes
 * the menu by itself). None of these is remembered; wider windows keep their menu as it is.
 */
export function useOverlayMenu(menu: RefObject<HTMLElement | null>, toggle: RefObject<HTMLElement | null>, collapsed: boolean, collapseForNow: () => void) {
  const open = !collapsed;
  const { pathname } = useLocation();
  useEffect(() => {
    if (menuLiesOverPage()) collapseForNow();
  }, [pathname, collapseForNow]);
  useDismissOnOutsidePress([menu, toggle], open, () => menuLiesOverPage() && collapseForNow());
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !menuLiesOverPage()) return;
      collapseForNow();
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, toggle, collapseForNow]);
}

/** [collapsed, toggle (remembered), collapse for this view only (not remembered)]. */
export function useMenuCollapsed(): [boolean, () => void, () => void] {
  const [collapsed, setCollapsed] = useState(() => initialCollapsed(readStored(), window.innerWidth));
  const toggle = useCallback(() => setCollapsed((c) => !c), []);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) return;
    try {
      localStorage.setItem(MENU_COLLAPSED_KEY, String(collapsed));
    } catch {
      // The choice applies to this visit only.
    }
  }, [collapsed, touched]);
  return [
    collapsed,
    useCallback(() => {
      setTouched(true);
      toggle();
    }, [toggle]),
    useCallback(() => setCollapsed(true), []),
  ];
}
