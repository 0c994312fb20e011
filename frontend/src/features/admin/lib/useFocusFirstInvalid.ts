import { useEffect } from 'react';

/** After a refused submit (each new `attempt`), move focus to the dialog's first invalid field. */
export function useFocusFirstInvalid(attempt: number): void {
  useEffect(() => {
    if (attempt > 0) document.querySelector<HTMLElement>('.admin-dialog [aria-invalid="true"]')?.focus();
  }, [attempt]);
}
