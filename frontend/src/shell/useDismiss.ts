import { useEffect, useRef, type RefObject } from 'react';

/** While `open`, a mouse press outside `root` calls `close` (dropdowns and popovers). */
export function useDismissOnOutsidePress(root: RefObject<HTMLElement | null>, open: boolean, close: () => void) {
  const latestClose = useRef(close);
  latestClose.current = close;
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) latestClose.current();
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [root, open]);
}
