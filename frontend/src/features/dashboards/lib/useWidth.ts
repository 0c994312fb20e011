import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, kept up to date. A momentary width of 0 once a real width is known is
 * ignored: the browser reports one while it lays the page out anew (e.g. for a full-page capture),
 * and following it would switch the dashboard to its phone layout and back.
 */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);

  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = (next: number) => setWidth((previous) => (next <= 0 && previous ? previous : Math.round(next)));
    measure(node.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) measure(entry.contentRect.width);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return { ref, width };
}
