import { useState } from 'react';
import { toast } from '../../../shell/toast';

/** Runs a change: busy while it runs, a success toast after, the server's message as an error toast. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, success?: string): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      if (success) toast.success(success);
      return true;
    } catch (error) {
      toast.error(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
