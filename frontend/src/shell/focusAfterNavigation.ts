import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from './SkipLink';

/**
 * After a move to another page, a keyboard or screen-reader user whose focus was on something the old page
 * took away (the table row's link they pressed Enter on) lands on the new page's main landmark instead of
 * the document's body, where Tab would start again from the header. Focus that survived the move (a menu
 * link, or an element the page itself focused) is left where it is.
 */
export function useFocusAfterNavigation(targetId: string = MAIN_CONTENT_ID): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(targetId)?.focus({ preventScroll: true });
  }, [pathname, targetId]);
}
