import { act, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import type ReactGridLayout from 'react-grid-layout';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { toast } from '../../../shell/toast';
import { dashboard, renderSignedIn, stubDashboardsApi } from '../testing';
import type { DashboardWidget } from '../types';

// The grid's own drag and resize need a real pointer and layout; what the dashboard does with the layout the grid
// hands back when a widget is let go is what is tested here: the grid is replaced by one that remembers its props.
type GridProps = ComponentProps<typeof ReactGridLayout>;
const grid: { props?: GridProps } = {};
vi.mock('react-grid-layout', async (original) => {
  const actual = await original<typeof import('react-grid-layout')>();
  return {
    ...actual,
    default: (props: GridProps) => {
      grid.props = props;
      return <div data-testid="grid">{props.children}</div>;
    },
  };
});

const note = (id: string, y: number): DashboardWidget => ({ id, component: 'markdown-note', config: { text: id }, position: { x: 0, y, w: 6, h: 4 } });

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  grid.props = undefined;
  // Wide enough for the grid (phones stack the widgets instead).
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});

describe('a widget let go over others', () => {
  it('moves them down below it, and saves what it shows: no two widgets on the same cells', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note('a', 0), note('b', 4), note('c', 8)])]);
    renderSignedIn('/userspace/dashboards/d1');
    await waitFor(() => expect(grid.props?.onDragStop).toBeDefined());
    // "c" dragged up onto "a": the grid (no compaction) hands back "c" where it was dropped, over "a".
    const dropped = [{ i: 'a', x: 0, y: 0, w: 6, h: 4 }, { i: 'b', x: 0, y: 4, w: 6, h: 4 }, { i: 'c', x: 0, y: 1, w: 6, h: 4 }];
    act(() => grid.props!.onDragStop!(dropped, null, dropped[2], null, new Event('mouseup'), null));
    await waitFor(() => expect(api.callsTo('PATCH', '/dashboards/d1')).toHaveLength(1));
    const saved = (api.callsTo('PATCH', '/dashboards/d1')[0].body as { positions: Record<string, { y: number }> }).positions;
    // "c" stays where it was let go; "a" and then "b" below it, one after the other.
    expect({ a: saved.a?.y, b: saved.b?.y, c: saved.c?.y }).toEqual({ a: 5, b: 9, c: 1 });
    const shown = grid.props!.layout!.map(({ i, y }) => [i, y]);
    expect(Object.fromEntries(shown)).toEqual({ a: 5, b: 9, c: 1 });
  });
});
