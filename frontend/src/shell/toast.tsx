/**
 * Toasts: short messages in the bottom corner of the page (success and error), gone after 10 s or when dismissed
 * (spec: message timeout 10000 ms), but never while they are pointed at or hold the keyboard focus: a slow reader
 * keeps one as long as needed (WCAG 2.2.1), and its dismiss button does not vanish under the focus.
 * `toast.success(...)` / `toast.error(...)` work from anywhere.
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
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
/** Each shown toast's timer, while it runs. */
const timers = new Map<number, ReturnType<typeof setTimeout>>();
/** What holds the toasts on screen now: the pointer over them, the keyboard focus in them. */
const holders = new Set<'pointer' | 'focus'>();

function emit() {
  for (const listener of listeners) listener();
}

function stopTimer(id: number) {
  clearTimeout(timers.get(id));
  timers.delete(id);
}

function dismiss(id: number) {
  stopTimer(id);
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

function startTimer(id: number) {
  if (holders.size === 0) timers.set(id, setTimeout(() => dismiss(id), MESSAGE_TIMEOUT_MS));
}

/** While held, no toast goes; let go, each has its whole time again. */
function hold(holder: 'pointer' | 'focus', held: boolean) {
  if (held) {
    holders.add(holder);
    for (const id of [...timers.keys()]) stopTimer(id);
  } else if (holders.delete(holder) && holders.size === 0) {
    for (const { id } of toasts) startTimer(id);
  }
}

function show(kind: ToastKind, message: string, detail?: string): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, message, detail }];
  emit();
  startTimer(id);
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
    for (const id of [...timers.keys()]) stopTimer(id);
    holders.clear();
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
  const region = useRef<HTMLDivElement>(null);
  // A toast dismissed from its own button took the focus away with it, and no blur said so; the last one gone from
  // under the pointer may say no pointerleave until the pointer moves, and the next toast would stay meanwhile.
  useEffect(() => {
    if (!region.current?.contains(document.activeElement)) hold('focus', false);
    if (list.length === 0) hold('pointer', false);
  }, [list]);
  return (
    <div
      ref={region}
      className="toasts"
      aria-live="polite"
      onPointerEnter={() => hold('pointer', true)}
      onPointerLeave={() => hold('pointer', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold('focus', false);
      }}
    >
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
