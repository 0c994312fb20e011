/**
 * The free layout of a dashboard ('dashboard-layout-free'): a grid of 12 columns, each widget at
 * {x, y, w, h} in grid units. Widgets never overlap: one placed on another pushes it down. And no gap
 * stays open: every widget rises as far as it can (the grid's own vertical compaction), after a drag, a
 * resize, a keyboard move, a widget added or removed, and when a dashboard saved with gaps is shown.
 */
import { bottom, verticalCompactor } from 'react-grid-layout/core';
import type { DashboardWidget, WidgetPosition } from '../types';

export const COLS = 12;
export const ROW_HEIGHT = 40;
export const MARGIN = 12;
export const MIN_W = 2;
export const MIN_H = 3;
export const DEFAULT_SIZE = { w: 6, h: 8 } as const;
/** A note starts smaller than a chart or a table. */
export const NOTE_SIZE = { w: 6, h: 5 } as const;

export interface GridItem extends WidgetPosition {
  i: string;
}

const overlaps = (a: WidgetPosition, b: WidgetPosition) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function clamp(position: WidgetPosition): WidgetPosition {
  const w = Math.max(MIN_W, Math.min(COLS, Math.round(position.w)));
  const h = Math.max(MIN_H, Math.round(position.h));
  const x = Math.max(0, Math.min(COLS - w, Math.round(position.x)));
  const y = Math.max(0, Math.round(position.y));
  return { x, y, w, h };
}

/** The grid's compaction (react-grid-layout's own): the grid is given it, and every layout shown and saved has been through it. */
export const COMPACTOR = verticalCompactor;

/** Move every item that overlaps a placed one down below it; `first` is placed before all others. */
export function resolveOverlaps(items: GridItem[], first?: string): GridItem[] {
  const order = [...items].sort((a, b) => (a.i === first ? -1 : b.i === first ? 1 : a.y - b.y || a.x - b.x));
  const placed: GridItem[] = [];
  for (const item of order) {
    const next = { ...item };
    for (;;) {
      const hits = placed.filter((p) => overlaps(p, next));
      if (hits.length === 0) break;
      next.y = Math.max(...hits.map((p) => p.y + p.h));
    }
    placed.push(next);
  }
  return items.map((item) => placed.find((p) => p.i === item.i)!);
}

/** Every item rises as far as it can without overlapping another (items in, the same order out). */
export function compact(items: readonly GridItem[]): GridItem[] {
  // The compactor moves the items it is handed as it goes (it pushes later ones down): it gets copies.
  const copies = items.map((item) => ({ ...item }));
  return COMPACTOR.compact(copies, COLS).map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
}

/**
 * A layout as it is shown and saved: within the 12 columns, `first` (the widget just moved or resized) keeps
 * the cells it was put on and whatever it covers goes below it, then every widget rises as far as it can.
 */
export function arrange(items: readonly GridItem[], first?: string): GridItem[] {
  const clamped = items.map(({ i, ...position }) => ({ i, ...clamp(position) }));
  return compact(resolveOverlaps(clamped, first));
}

/** The grid items of a dashboard's widgets, arranged (a widget without a position goes below the others). */
export function layoutOf(widgets: readonly DashboardWidget[]): GridItem[] {
  let below = 0;
  const items = widgets.map((widget) => {
    const position = widget.position ? clamp(widget.position) : { x: 0, y: below, ...DEFAULT_SIZE };
    below = Math.max(below, position.y + position.h);
    return { i: widget.id, ...position };
  });
  return arrange(items);
}

/** A name no widget has (widget ids are UUIDs). */
const NEW_WIDGET = '\u0000new';

/**
 * Where a new widget goes: at the left below everything already there, risen as far as it can (beside a
 * widget on the right when the left is free), so that the position it is saved with is the one it is shown at.
 */
export function nextPosition(widgets: readonly DashboardWidget[], size: { w: number; h: number } = DEFAULT_SIZE): WidgetPosition {
  const layout = layoutOf(widgets);
  const arranged = arrange([...layout, { i: NEW_WIDGET, x: 0, y: bottom(layout), w: size.w, h: size.h }]);
  const { x, y, w, h } = arranged.find((item) => item.i === NEW_WIDGET)!;
  return { x, y, w, h };
}

/** The positions that differ from what the server holds, keyed by widget id. */
export function changedPositions(layout: readonly GridItem[], widgets: readonly DashboardWidget[]): Record<string, WidgetPosition> {
  const changed: Record<string, WidgetPosition> = {};
  for (const { i, x, y, w, h } of layout) {
    const saved = widgets.find((widget) => widget.id === i)?.position;
    if (!saved || saved.x !== x || saved.y !== y || saved.w !== w || saved.h !== h) changed[i] = { x, y, w, h };
  }
  return changed;
}

/** Phones show the widgets one under the other, in reading order (top to bottom, left to right). */
export function readingOrder<T extends { id: string }>(widgets: readonly T[], layout: readonly GridItem[]): T[] {
  const at = new Map(layout.map((item) => [item.i, item]));
  return [...widgets].sort((a, b) => {
    const pa = at.get(a.id);
    const pb = at.get(b.id);
    return (pa?.y ?? 0) - (pb?.y ?? 0) || (pa?.x ?? 0) - (pb?.x ?? 0);
  });
}

const STEPS: Record<string, { dx: number; dy: number }> = {
  ArrowLeft: { dx: -1, dy: 0 },
  ArrowRight: { dx: 1, dy: 0 },
  ArrowUp: { dx: 0, dy: -1 },
  ArrowDown: { dx: 0, dy: 1 },
};

/**
 * The keyboard's way to arrange (on an arranged layout; the answer is arranged too): Left and Right move the
 * widget one column; Up puts it above the widget it meets, which goes below it; Down puts it past the next
 * widget below it (one row down would only rise back into the gap it leaves: each Down moves it visibly).
 * Shift + arrow makes it one cell wider/narrower/taller/shorter. Answers null for any other key or when the
 * widget cannot go that way (at an edge; Down with no widget below it).
 */
export function nudge(layout: readonly GridItem[], id: string, key: string, resize: boolean): GridItem[] | null {
  const step = STEPS[key];
  const item = layout.find((l) => l.i === id);
  if (!step || !item) return null;
  const placedAt = (target: WidgetPosition) => arrange(layout.map((l) => (l.i === id ? { i: id, ...target } : { ...l })), id);
  const target = resize
    ? clamp({ x: item.x, y: item.y, w: Math.min(COLS - item.x, item.w + step.dx), h: item.h + step.dy })
    : clamp({ x: item.x + step.dx, y: item.y + step.dy, w: item.w, h: item.h });
  if (target.x === item.x && target.y === item.y && target.w === item.w && target.h === item.h) return null;
  if (resize || step.dy <= 0) return placedAt(target);
  // Down: put lower and lower until the widget stays below where it was, that is once it is past the next one.
  for (let y = target.y; y <= bottom(layout); y++) {
    const next = placedAt({ ...target, y });
    if (next.find((l) => l.i === id)!.y > item.y) return next;
  }
  return null;
}
