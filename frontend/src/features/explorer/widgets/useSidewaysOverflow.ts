import { useCallback, useLayoutEffect, useRef, useState } from 'react';

export interface SidewaysOverflow {
  /** Columns are hidden past the left edge (the region is scrolled). */
  start: boolean;
  /** Columns are hidden past the right edge. */
  end: boolean;
}

/**
 * Whether a scroll region holds more than it shows to either side, kept up to date as it is scrolled or resized,
 * so that the edge with more behind it can say so (a shadow). `content`: what changes the region's width inside.
 */
export function useSidewaysOverflow<T extends HTMLElement>(content: unknown) {
  const ref = useRef<T>(null);
  const [overflow, setOverflow] = useState<SidewaysOverflow>({ start: false, end: false });

  const measure = useCallback(() => {
    const node = ref.current;
    if (!node) return;
    // A pixel of slack: zoomed pages report fractional widths rounded apart.
    const hidden = node.scrollWidth - node.clientWidth;
    const start = hidden > 1 && node.scrollLeft > 1;
    const end = hidden > 1 && node.scrollLeft < hidden - 1;
    setOverflow((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
  }, []);

  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    measure();
    node.addEventListener('scroll', measure, { passive: true });
    window.addEventListener('resize', measure);
    let observer: ResizeObserver | undefined;
    if (typeof ResizeObserver !== 'undefined') {
      observer = new ResizeObserver(measure);
      observer.observe(node);
      if (node.firstElementChild) observer.observe(node.firstElementChild);
    }
    return () => {
      node.removeEventListener('scroll', measure);
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure, content]);

  return { ref, overflow };
}
