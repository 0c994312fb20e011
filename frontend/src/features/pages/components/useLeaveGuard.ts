import { useCallback, useEffect, useRef, useState } from 'react';
import { useBlocker, useLocation, useNavigate, type BlockerFunction } from 'react-router';

/** Whether a history entry is one the router wrote (react-router keeps its index in the entry's state, as `idx`). */
const isRouterEntry = (state: unknown): boolean =>
  !!state && typeof state === 'object' && typeof (state as { idx?: unknown }).idx === 'number';

/** The path of an address of the app (a hash route: `#/sts/faq?…`), and its pathname. */
function pathOfHash(hash: string): { path: string; pathname: string } {
  const path = hash.replace(/^#/, '') || '/';
  return { path, pathname: new URL(path, 'http://app.invalid').pathname };
}

export interface LeaveGuard {
  /** Leaving was held back: the question is open. */
  asking: boolean;
  /** Go where the user was going (the changes are dropped). */
  leave: () => void;
  /** Stay on the page, with the changes. */
  stay: () => void;
}

/**
 * Holds back leaving the page while `unsaved` is true, until the user answers: a link or Back/Forward (the router's
 * blocker), and an address typed into the address bar (a hash the router did not write; its blocker cannot hold that
 * back, so its pop is kept from the router here and the address shows this page again while the question is open).
 * Another address of the same page (its query only) is not held back. A reload or closing the tab gets the browser's
 * own question.
 */
export function useLeaveGuard(unsaved: boolean): LeaveGuard {
  const navigate = useNavigate();
  const location = useLocation();
  // Set while the answer "leave" goes to a typed address, which the blocker would otherwise hold back too.
  const leaving = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => unsaved && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
    [unsaved],
  );
  const blocker = useBlocker(shouldBlock);
  const [typed, setTyped] = useState<string | null>(null);

  useEffect(() => {
    leaving.current = false;
    if (!unsaved) return;
    // This page's history entry, put back when an address typed over it is held back.
    const here = { state: window.history.state as unknown, href: window.location.href };
    const onPop = (event: PopStateEvent) => {
      if (isRouterEntry(event.state)) return;
      const next = pathOfHash(window.location.hash);
      if (next.pathname === location.pathname) return;
      // Before the router's listener (capture, on the same target): it does not navigate.
      event.stopImmediatePropagation();
      window.history.replaceState(here.state, '', here.href);
      setTyped(next.path);
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // (Older browsers ask only when it is set.)
      event.returnValue = '';
    };
    window.addEventListener('popstate', onPop, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('popstate', onPop, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [unsaved, location]);

  const leave = () => {
    if (typed !== null) {
      leaving.current = true;
      setTyped(null);
      void navigate(typed);
    } else {
      blocker.proceed?.();
    }
  };
  const stay = () => {
    setTyped(null);
    blocker.reset?.();
  };
  return { asking: typed !== null || blocker.state === 'blocked', leave, stay };
}
