import { useEffect } from 'react';
import { toast } from '../../../shell/toast';

/** Show a failed load as an error toast carrying its message, once per error. */
export function useErrorToast(error: unknown): void {
  useEffect(() => {
    if (error) toast.error(error);
  }, [error]);
}
