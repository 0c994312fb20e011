import type { ReactNode } from 'react';

/**
 * A form's submit button that keeps keyboard focus while the form is busy: it is marked
 * aria-disabled and ignores presses instead of being disabled (browsers move focus from a
 * disabled button to the page's body).
 */
export function SubmitButton({ busy, form, className = 'button button-primary', children }: { busy: boolean; form?: string; className?: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      form={form}
      className={className}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      {children}
    </button>
  );
}
