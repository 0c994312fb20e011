import { useState } from 'react';
import { toast } from '../../../shell/toast';

/**
 * Runs a change: busy while it runs, a success toast after, the server's message as an error toast; unless
 * `atField` takes the refusal (says it at the field it concerns and answers true), set before busy ends.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, success?: string, atField?: (error: unknown) => boolean): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      if (success) toast.success(success);
      return true;
    } catch (error) {
      if (!atField?.(error)) toast.error(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
