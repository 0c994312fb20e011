import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now (false where matchMedia does not exist). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? !!window.matchMedia(query)?.matches : false),
    () => false,
  );
}

export const PHONE_QUERY = '(max-width: 767px)';
/** A screen worked with a finger (a phone, a tablet): its primary pointer is coarse. */
export const TOUCH_QUERY = '(pointer: coarse)';
