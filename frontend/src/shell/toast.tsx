/**
 * Toasts: short messages in the bottom corner of the page (success and error), gone after 10 s or when dismissed
 * (spec: message timeout 10000 ms). `toast.success(...)` / `toast.error(...)` work from anywhere.
 */
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionEndedError } from '../api/client';

export const MESSAGE_TIMEOUT_MS = 10_000;

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** The technical message behind a human one, in smaller print after it. */
  detail?: string;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function dismiss(id: number) {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function show(kind: ToastKind, message: string, detail?: string): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message, detail }];
  emit();
  setTimeout(() => dismiss(id), MESSAGE_TIMEOUT_MS);
  return id;
}

export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error) return String((error as { message: unknown }).message);
  return String(error);
}

export const toast = {
  success: (message: string) => show('success', message),
  info: (message: string) => show('info', message),
  /**
   * The error's message; with `summary`, that sentence first and the error's message after it (for errors
   * whose own words are technical). A change refused because the session ended shows nothing: the sign-in
   * dialog is saying it already.
   */
  error: (error: unknown, summary?: string) => {
    if (error instanceof SessionEndedError) return undefined;
    return summary ? show('error', summary, messageOf(error)) : show('error', messageOf(error));
  },
  dismiss,
  clear: () => {
    toasts = [];
    emit();
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}

/** Where the toasts show: polite for successes, assertive (role=alert) for errors. */
export function Toasts() {
  const { t } = useTranslation();
  const list = useToasts();
  return (
    <div className="toasts" aria-live="polite">
      {list.map((item) => (
        <div key={item.id} className={`toast toast-${item.kind}`} role={item.kind === 'error' ? 'alert' : 'status'}>
          <span>
            {item.message}
            {item.detail && <small className="toast-detail">{item.detail}</small>}
          </span>
          <button type="button" className="toast-close" aria-label={t('common.dismiss')} onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
