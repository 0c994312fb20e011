import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { enterModal, isTopmost, type ModalLayer } from './modalStack';

/**
 * Where focus goes when a dialog closes and the element it came from has left the page (the
 * button of a row the dialog just deleted) or can no longer take focus (a button the change
 * disabled): the caller's element, read at that moment.
 */
export type FocusAfter = () => HTMLElement | null | undefined;

/**
 * A modal dialog: labelled by its title, Escape closes it, focus moves into it on open (its first field, else its
 * first button), stays inside while open (Tab wraps), and returns to where it was on close; when that element is
 * gone (what the dialog removed) or disabled, to `focusAfter` instead. A dialog whose fields load after it opened
 * gives its first field the focus once they are there, as long as the person has not acted yet.
 *
 * Only the topmost open dialog is live: one covered by another is inert until that one closes. The
 * `session` layer (the "Sign in again" dialog) lies on the page's top level above every dialog of the
 * `page` layer, whenever either opened.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  footer,
  className,
  focusAfter,
  layer = 'page',
  described = false,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
  focusAfter?: FocusAfter;
  layer?: ModalLayer;
  /**
   * The body is the dialog's description (a question, a warning: read with its name as it opens, while the focus is on
   * a button of the footer). Not for a form: its fields are read one by one.
   */
  described?: boolean;
}) {
  const titleId = useId();
  const bodyId = `${titleId}-body`;
  const ref = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const latestFocusAfter = useRef(focusAfter);
  latestFocusAfter.current = focusAfter;

  useEffect(() => {
    const node = ref.current;
    if (!open || !node || !backdrop.current) return;
    const previous = document.activeElement as HTMLElement | null;
    const leave = enterModal(titleId, backdrop.current, layer);
    const field = firstField(node);
    const first = field ?? node.querySelector<HTMLElement>('button');
    first?.focus();
    // Content loaded after opening (a list of checkboxes): its first field takes the focus once it is there, unless
    // the person has acted meanwhile (a key, a press, focus moved elsewhere): their focus is never taken away.
    const stopWaiting = field ? () => {} : focusFieldWhenLoaded(node, first ?? previous);
    return () => {
      stopWaiting();
      leave();
      const target = canTakeFocus(previous) ? previous : latestFocusAfter.current?.();
      target?.focus?.();
    };
  }, [open, titleId, layer]);

  if (!open) return null;

  const onKeyDown = (event: React.KeyboardEvent) => {
    // A covered dialog waits (the one above it has the keys).
    if (!isTopmost(titleId)) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex="0"]')];
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const dialog = (
    <div
      ref={backdrop}
      className={`dialog-backdrop${layer === 'session' ? ' dialog-backdrop-session' : ''}`}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={described ? bodyId : undefined}
        className={`dialog ${className ?? ''}`}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog-title">
          {title}
        </h2>
        <div id={bodyId} className="dialog-body">
          {children}
        </div>
        {footer && <div className="dialog-footer">{footer}</div>}
      </div>
    </div>
  );
  return layer === 'session' ? createPortal(dialog, document.body) : dialog;
}

/** What takes the focus when a dialog opens: its first field (or element marked data-autofocus) that can take it. */
const FIELDS = 'input:not([type="hidden"]), select, textarea, [data-autofocus]';

function firstField(node: HTMLElement): HTMLElement | null {
  return [...node.querySelectorAll<HTMLElement>(FIELDS)].find((element) => !element.matches(':disabled')) ?? null;
}

/**
 * Until the person acts (presses a key or a pointer in the dialog, or focus leaves `focused`, where the dialog put
 * it), watch the dialog's content and move the focus to its first field as soon as one appears. Answers the stop.
 */
function focusFieldWhenLoaded(node: HTMLElement, focused: HTMLElement | null): () => void {
  const untouched = () => document.activeElement === focused || document.activeElement === document.body || document.activeElement === null;
  const observer = new MutationObserver(() => {
    if (!untouched()) return stop();
    const field = firstField(node);
    if (!field) return;
    stop();
    field.focus();
  });
  const stop = () => {
    observer.disconnect();
    node.removeEventListener('keydown', stop, true);
    node.removeEventListener('pointerdown', stop, true);
    node.removeEventListener('mousedown', stop, true);
  };
  observer.observe(node, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  node.addEventListener('keydown', stop, true);
  node.addEventListener('pointerdown', stop, true);
  node.addEventListener('mousedown', stop, true);
  return stop;
}

/** Is the element still on the page and focusable (a disabled button is not: focus on it drops to the body)? */
function canTakeFocus(element: HTMLElement | null): element is HTMLElement {
  if (!element?.isConnected || element === document.body) return false;
  return !element.matches(':disabled');
}

/**
 * "Are you sure?" with Cancel and a confirming button. While `busy` the confirming button is marked
 * aria-disabled and ignores presses, keeping the focus: when the server refuses, the dialog is still there to
 * read the refusal (the caller's toast), confirm again or close with Escape or Cancel.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  busy,
  focusAfter,
}: {
  open: boolean;
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** Where focus goes after confirming removed the element that opened the dialog. */
  focusAfter?: FocusAfter;
}) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      focusAfter={focusAfter}
      described
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {cancelLabel}
          </button>
          {/* Not disabled while busy: a disabled button drops keyboard focus to the page's body, and Escape then no
              longer closes the dialog (after a refusal it would stay open with focus nowhere). */}
          <button type="button" className="button button-danger" aria-disabled={busy || undefined} onClick={() => !busy && onConfirm()}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
