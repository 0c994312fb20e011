import { useState } from 'react';
import { toast } from '../../../shell/toast';

/** A dialog's save: busy while it runs, closes when it succeeds, toasts the error and stays open when it fails. */
export function useDialogSave(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const save = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      onClose();
    } catch (error) {
      toast.error(error);
      setBusy(false);
    }
  };
  return { busy, save };
}
