import { useCallback, useRef, useState } from 'react';

/**
 * An action run one at a time (a download, say): a press while it runs does nothing, `busy` says it runs (for
 * aria-disabled: a disabled button would drop the keyboard focus), and `error` keeps why the last run failed.
 */
export function useOneAtATime() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const pending = useRef(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(failure);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, error, run };
}
