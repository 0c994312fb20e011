import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { toast } from '../../../shell/toast';

/**
 * A dialog's save: busy while it runs, closes when it succeeds, stays open when it fails. A refusal
 * about one field (409: the name or email is taken) is said at that field (`fieldError`, cleared with
 * `clearFieldError` when the field changes); a failure `handled` takes (answers true: a change someone else
 * made meanwhile, which the dialog shows) stays in the dialog; any other failure is an error toast.
 */
export function useDialogSave<Field extends string>(onClose: () => void) {
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: Field; message: string } | null>(null);
  const save = async (work: () => Promise<void>, clashField?: Field, handled?: (error: unknown) => boolean) => {
    setBusy(true);
    setFieldError(null);
    try {
      await work();
      onClose();
    } catch (error) {
      if (handled?.(error)) {
        setBusy(false);
        return;
      }
      if (clashField && error instanceof ApiError && error.status === 409) setFieldError({ field: clashField, message: error.message });
      else toast.error(error);
      setBusy(false);
    }
  };
  const errorAt = (field: Field) => (fieldError?.field === field ? fieldError.message : null);
  const clearFieldError = (field: Field) => setFieldError((current) => (current?.field === field ? null : current));
  return { busy, save, errorAt, clearFieldError };
}
