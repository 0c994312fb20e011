import { describe, expect, it } from 'vitest';
import { dashboard } from '../testing';
import { labelProblem, sortByLabel } from './labels';
import { arrange, changedPositions, layoutOf, nextPosition, nudge, readingOrder } from './layout';

describe('labels', () => {
  it('sorts by label ascending, ignoring case, numbers in numeric order', () => {
    const sorted = sortByLabel([dashboard('1', 'b'), dashboard('2', 'A'), dashboard('3', 'lake 10'), dashboard('4', 'lake 9')]);
    expect(sorted.map((d) => d.label)).toEqual(['A', 'b', 'lake 9', 'lake 10']);
  });

  it('requires a title and refuses one already used (trimmed, any case), except the renamed dashboard’s own', () => {
    const all = [dashboard('1', 'Lakes')];
    expect(labelProblem('   ', all)).toEqual({ kind: 'required' });
    expect(labelProblem(' lakes ', all)).toEqual({ kind: 'duplicate', label: 'Lakes' }); // the existing one's
    expect(labelProblem('LAKES', all, '1')).toBeNull();
    expect(labelProblem('Rivers', all)).toBeNull();
  });
});

describe('layout', () => {
  const w = (id: string, position?: { x: number; y: number; w: number; h: number }) => ({ id, component: 'markdown-note', config: {}, position });

  it('keeps saved positions, places unplaced widgets below, and never overlaps', () => {
    const layout = layoutOf([w('a', { x: 0, y: 0, w: 6, h: 4 }), w('b', { x: 0, y: 0, w: 6, h: 4 }), w('c')]);
    expect(layout).toEqual([
      { i: 'a', x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', x: 0, y: 4, w: 6, h: 4 },
      { i: 'c', x: 0, y: 8, w: 6, h: 8 },
    ]);
  });

  it('shows a layout saved with gaps compacted: every widget risen as far as it can', () => {
    const layout = layoutOf([w('a', { x: 0, y: 3, w: 6, h: 4 }), w('b', { x: 0, y: 12, w: 4, h: 4 }), w('c', { x: 6, y: 9, w: 6, h: 4 })]);
    expect(layout).toEqual([
      { i: 'a', x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', x: 0, y: 4, w: 4, h: 4 },
      { i: 'c', x: 6, y: 0, w: 6, h: 4 },
    ]);
  });

  it('arranges without touching the layout it is given: the moved widget wins its cells, then all rise', () => {
    const given = [
      { i: 'a', x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', x: 0, y: 2, w: 6, h: 4 },
    ];
    const copy = structuredClone(given);
    expect(arrange(given, 'b')).toEqual([
      { i: 'a', x: 0, y: 4, w: 6, h: 4 },
      { i: 'b', x: 0, y: 0, w: 6, h: 4 },
    ]);
    expect(given).toEqual(copy);
  });

  it('puts a new widget at the left below everything, risen as far as it can (where it is shown)', () => {
    expect(nextPosition([])).toEqual({ x: 0, y: 0, w: 6, h: 8 });
    expect(nextPosition([w('a', { x: 0, y: 0, w: 6, h: 5 })])).toEqual({ x: 0, y: 5, w: 6, h: 8 });
    // The left half is free: the new widget goes there, beside "a", not below it.
    expect(nextPosition([w('a', { x: 6, y: 2, w: 6, h: 5 })])).toEqual({ x: 0, y: 0, w: 6, h: 8 });
  });

  it('reports only changed positions', () => {
    const widgets = [w('a', { x: 0, y: 0, w: 6, h: 4 }), w('b', { x: 6, y: 0, w: 6, h: 4 })];
    expect(changedPositions([{ i: 'a', x: 0, y: 0, w: 6, h: 4 }, { i: 'b', x: 6, y: 1, w: 6, h: 4 }], widgets)).toEqual({ b: { x: 6, y: 1, w: 6, h: 4 } });
  });

  it('moves and resizes with arrow keys within the 12 columns', () => {
    const layout = [{ i: 'a', x: 0, y: 0, w: 6, h: 4 }];
    expect(nudge(layout, 'a', 'ArrowLeft', false)).toBeNull();
    expect(nudge(layout, 'a', 'ArrowUp', false)).toBeNull();
    expect(nudge(layout, 'a', 'ArrowRight', false)).toEqual([{ i: 'a', x: 1, y: 0, w: 6, h: 4 }]);
    expect(nudge(layout, 'a', 'ArrowRight', true)).toEqual([{ i: 'a', x: 0, y: 0, w: 7, h: 4 }]);
    expect(nudge([{ i: 'a', x: 6, y: 0, w: 6, h: 4 }], 'a', 'ArrowRight', false)).toBeNull();
    expect(nudge([{ i: 'a', x: 0, y: 0, w: 2, h: 3 }], 'a', 'ArrowLeft', true)).toBeNull();
    expect(nudge(layout, 'a', 'Enter', false)).toBeNull();
  });

  it('moves a widget up above the one it meets, and down past the next one below it', () => {
    const layout = [
      { i: 'a', x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', x: 0, y: 4, w: 4, h: 6 },
      { i: 'c', x: 0, y: 10, w: 6, h: 3 },
    ];
    // Down: one row would rise back into its gap; past "b", which rises into the rows "a" left.
    const down = nudge(layout, 'a', 'ArrowDown', false);
    expect(down).toEqual([
      { i: 'a', x: 0, y: 6, w: 6, h: 4 },
      { i: 'b', x: 0, y: 0, w: 4, h: 6 },
      { i: 'c', x: 0, y: 10, w: 6, h: 3 },
    ]);
    // Down again: past "c".
    expect(nudge(down!, 'a', 'ArrowDown', false)).toEqual([
      { i: 'a', x: 0, y: 9, w: 6, h: 4 },
      { i: 'b', x: 0, y: 0, w: 4, h: 6 },
      { i: 'c', x: 0, y: 6, w: 6, h: 3 },
    ]);
    // The lowest widget cannot go down.
    expect(nudge(layout, 'c', 'ArrowDown', false)).toBeNull();
    // Up: above "a", which goes below it.
    expect(nudge(layout, 'b', 'ArrowUp', false)).toEqual([
      { i: 'a', x: 0, y: 6, w: 6, h: 4 },
      { i: 'b', x: 0, y: 0, w: 4, h: 6 },
      { i: 'c', x: 0, y: 10, w: 6, h: 3 },
    ]);
    // Shorter: what is below it rises.
    expect(nudge(layout, 'b', 'ArrowUp', true)).toEqual([
      { i: 'a', x: 0, y: 0, w: 6, h: 4 },
      { i: 'b', x: 0, y: 4, w: 4, h: 5 },
      { i: 'c', x: 0, y: 9, w: 6, h: 3 },
    ]);
  });

  it('reads stacked widgets top to bottom, left to right', () => {
    const widgets = [w('low'), w('right'), w('left')];
    const layout = [
      { i: 'low', x: 0, y: 5, w: 6, h: 4 },
      { i: 'right', x: 6, y: 0, w: 6, h: 4 },
      { i: 'left', x: 0, y: 0, w: 6, h: 4 },
    ];
    expect(readingOrder(widgets, layout).map((x) => x.id)).toEqual(['left', 'right', 'low']);
  });
});
