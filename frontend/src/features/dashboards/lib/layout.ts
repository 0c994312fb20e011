/**
 * The free layout of a dashboard ('dashboard-layout-free'): a grid of 12 columns, each widget at
 * {x, y, w, h} in grid units. Widgets never overlap: one placed on another pushes it down.
 */
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

/** The grid items of a dashboard's widgets (a widget without a position goes below the others). */
export function layoutOf(widgets: readonly DashboardWidget[]): GridItem[] {
  let below = 0;
  const items = widgets.map((widget) => {
    const position = widget.position ? clamp(widget.position) : { x: 0, y: below, ...DEFAULT_SIZE };
    below = Math.max(below, position.y + position.h);
    return { i: widget.id, ...position };
  });
  return resolveOverlaps(items);
}

/** Where a new widget goes: at the left, below everything already there. */
export function nextPosition(widgets: readonly DashboardWidget[], size: { w: number; h: number } = DEFAULT_SIZE): WidgetPosition {
  const y = layoutOf(widgets).reduce((max, item) => Math.max(max, item.y + item.h), 0);
  return { x: 0, y, w: size.w, h: size.h };
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
 * The keyboard's way to arrange: an arrow key moves the widget one cell, Shift + arrow makes it one
 * cell wider/narrower/taller/shorter. Answers null for any other key or when nothing would change.
 */
export function nudge(layout: readonly GridItem[], id: string, key: string, resize: boolean): GridItem[] | null {
  const step = STEPS[key];
  const item = layout.find((l) => l.i === id);
  if (!step || !item) return null;
  const target = resize
    ? clamp({ x: item.x, y: item.y, w: Math.min(COLS - item.x, item.w + step.dx), h: item.h + step.dy })
    : clamp({ x: item.x + step.dx, y: item.y + step.dy, w: item.w, h: item.h });
  if (target.x === item.x && target.y === item.y && target.w === item.w && target.h === item.h) return null;
  return resolveOverlaps(
    layout.map((l) => (l.i === id ? { i: id, ...target } : { ...l })),
    id,
  );
}
