/**
 * The open modal dialogs. Only the topmost one is live: the dialogs under it are inert (no clicks,
 * no focus), and focus that lands outside it (a form underneath focusing its field when its send
 * failed) is taken back into it. The topmost is the latest opened of the highest layer, so the
 * session's "Sign in again" dialog stays above the page's dialogs whichever opened first.
 */
export const MODAL_LAYERS = { page: 0, session: 1 } as const;
export type ModalLayer = keyof typeof MODAL_LAYERS;

interface OpenModal {
  id: string;
  /** The dialog with its backdrop. */
  node: HTMLElement;
  layer: ModalLayer;
  /** Where focus was last inside it: where it goes back to. */
  lastFocused: HTMLElement | null;
}

let open: OpenModal[] = [];

function topmost(): OpenModal | undefined {
  let top: OpenModal | undefined;
  // `>=`: of two in the same layer, the one opened later.
  for (const modal of open) if (!top || MODAL_LAYERS[modal.layer] >= MODAL_LAYERS[top.layer]) top = modal;
  return top;
}

/** Set at once, not on React's next render: focus returns into a dialog the moment the one above it closes. */
function markCovered() {
  const top = topmost();
  for (const modal of open) modal.node.toggleAttribute('inert', modal !== top);
}

function keepFocusInTopmost(event: FocusEvent) {
  const top = topmost();
  const target = event.target as Node | null;
  if (!top || !target) return;
  if (top.node.contains(target)) {
    top.lastFocused = target as HTMLElement;
    return;
  }
  const back = top.lastFocused?.isConnected ? top.lastFocused : top.node.querySelector<HTMLElement>('button, input, select, textarea, [tabindex="0"]');
  back?.focus();
}

/**
 * Enter a modal dialog (`node`, already on the page, named by `id`) into the stack; the function returned
 * takes it out again (call it before returning focus to where it came from, or the guard would pull it back).
 */
export function enterModal(id: string, node: HTMLElement, layer: ModalLayer): () => void {
  if (open.length === 0) document.addEventListener('focusin', keepFocusInTopmost);
  const modal: OpenModal = { id, node, layer, lastFocused: null };
  open = [...open, modal];
  markCovered();
  return () => {
    open = open.filter((m) => m !== modal);
    node.removeAttribute('inert');
    markCovered();
    if (open.length === 0) document.removeEventListener('focusin', keepFocusInTopmost);
  };
}

/** Is the dialog entered as `id` the live one (not covered by another)? */
export function isTopmost(id: string): boolean {
  return topmost()?.id === id;
}
