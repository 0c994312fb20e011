import { useCallback, useEffect, useState } from 'react';

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
