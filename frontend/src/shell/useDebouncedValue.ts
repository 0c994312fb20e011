import { useEffect, useState } from 'react';

/** How long typing pauses before a search field's text is asked for. */
export const TYPING_PAUSE_MS = 300;

/** `value`, once it has stayed the same for `delay` ms (a search field's text, before it is sent). */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
