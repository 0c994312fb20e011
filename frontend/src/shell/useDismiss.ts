import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type RefObject } from 'react';

type ElementRef = RefObject<HTMLElement | null>;

/**
 * While `open`, a mouse press (or a tap) outside `root` calls `close` (dropdowns and popovers). `root` may be
 * several elements, e.g. a menu and the button that toggles it (which closes it by itself).
 */
export function useDismissOnOutsidePress(root: ElementRef | readonly ElementRef[], open: boolean, close: () => void) {
  const latestClose = useRef(close);
  latestClose.current = close;
  const latestRoots = useRef(root);
  latestRoots.current = root;
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      const roots: readonly ElementRef[] = Array.isArray(latestRoots.current) ? latestRoots.current : [latestRoots.current];
      if (!roots.some((r) => r.current?.contains(event.target as Node))) latestClose.current();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);
}

/**
 * A key handler for a popup's root: Escape closes it and puts focus back on its trigger (else focus would
 * drop to the page's body with the popup's content gone).
 */
export function closeOnEscape(trigger: RefObject<HTMLElement | null>, close: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    close();
    trigger.current?.focus();
  };
}

/**
 * A focus handler for a popup's root (onBlur): the focus moved by the keyboard to something outside it (Tab past
 * its last item) closes it, as a press elsewhere does, rather than leaving it open over the page behind the focus.
 * A focus that left for nowhere (the window, a press on the page: useDismissOnOutsidePress) is not this one's.
 */
export function closeOnFocusOut(close: () => void) {
  return (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !event.currentTarget.contains(next)) close();
  };
}
