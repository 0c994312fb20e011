import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import type ReactGridLayout from 'react-grid-layout';
import type { Layout } from 'react-grid-layout';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { dashboard, renderSignedIn, stubDashboardsApi, type FakeDashboardsApi } from '../testing';
import type { DashboardWidget, WidgetPosition } from '../types';

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

const note = (id: string, position: Partial<WidgetPosition> = {}): DashboardWidget => ({
  id,
  component: 'markdown-note',
  config: { text: id },
  position: { x: 0, y: 0, w: 6, h: 4, ...position },
});

/** The positions the grid is given, that is what the page shows, by widget id. */
const shown = () => Object.fromEntries(grid.props!.layout!.map(({ i, x, y, w, h }) => [i, { x, y, w, h }]));
/** The positions the server holds, by widget id. */
const saved = (api: FakeDashboardsApi) => Object.fromEntries(api.find('d1')!.widgets.map((widget) => [widget.id, widget.position]));
const patches = (api: FakeDashboardsApi) => api.callsTo('PATCH', '/dashboards/d1');
/** The polite live region that says each keyboard move or resize. */
const announcement = () => document.querySelector('.dashboard-grid [role="status"][aria-live="polite"]');
const rest = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The grid lets a widget go: `layout` as the grid hands it back, `id` the widget dragged or resized. */
function letGo(kind: 'onDragStop' | 'onResizeStop', layout: Layout, id: string) {
  const item = layout.find((l) => l.i === id)!;
  act(() => grid.props![kind]!(layout, item, item, null, new Event('mouseup'), null));
}

/** One write for the user's action, and what the server then holds is what the page shows. */
async function expectOneSaveOfWhatIsShown(api: FakeDashboardsApi) {
  await waitFor(() => expect(patches(api)).toHaveLength(1), { timeout: 3000 });
  await waitFor(() => expect(saved(api)).toEqual(shown()));
  await rest(500);
  expect(patches(api)).toHaveLength(1);
}

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  grid.props = undefined;
  // Wide enough for the grid (phones stack the widgets instead).
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});

describe('the dashboard grid', () => {
  it("is given react-grid-layout's vertical compaction, so that it shows the layout the page holds and saves", async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes', [note('a')])]);
    renderSignedIn('/userspace/dashboards/d1');
    await waitFor(() => expect(grid.props?.compactor?.type).toBe('vertical'));
    expect(grid.props!.onLayoutChange).toBeUndefined();
  });
});

describe('a widget let go over others', () => {
  it('moves them down below it, then all rise: no two widgets on the same cells, no gap, and it saves what it shows', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note('a'), note('b', { y: 4 }), note('c', { y: 8 })])]);
    renderSignedIn('/userspace/dashboards/d1');
    await waitFor(() => expect(grid.props?.onDragStop).toBeDefined());
    // "c" dragged up onto "a": handed back where it was dropped, over "a".
    letGo('onDragStop', [{ i: 'a', x: 0, y: 0, w: 6, h: 4 }, { i: 'b', x: 0, y: 4, w: 6, h: 4 }, { i: 'c', x: 0, y: 1, w: 6, h: 4 }], 'c');
    // "c" keeps the top it was let go on ("a" went below it, "b" below "a"), all risen into the row "c" left.
    await waitFor(() => expect(shown()).toEqual({ a: { x: 0, y: 4, w: 6, h: 4 }, b: { x: 0, y: 8, w: 6, h: 4 }, c: { x: 0, y: 0, w: 6, h: 4 } }));
    await expectOneSaveOfWhatIsShown(api);
  });
});

describe('no gap stays open', () => {
  it('after a drop: a tall widget dragged away from the top left, the widgets below it rise', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note('a', { h: 8 }), note('b', { y: 8 }), note('c', { y: 12 })])]);
    renderSignedIn('/userspace/dashboards/d1');
    await waitFor(() => expect(grid.props?.onDragStop).toBeDefined());
    letGo('onDragStop', [{ i: 'a', x: 6, y: 0, w: 6, h: 8 }, { i: 'b', x: 0, y: 8, w: 6, h: 4 }, { i: 'c', x: 0, y: 12, w: 6, h: 4 }], 'a');
    await waitFor(() => expect(shown()).toEqual({ a: { x: 6, y: 0, w: 6, h: 8 }, b: { x: 0, y: 0, w: 6, h: 4 }, c: { x: 0, y: 4, w: 6, h: 4 } }));
    await expectOneSaveOfWhatIsShown(api);
  });

  it('after a resize: the widgets below one made shorter rise', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note('a', { h: 8 }), note('b', { y: 8 }), note('c', { y: 12 })])]);
    renderSignedIn('/userspace/dashboards/d1');
    await waitFor(() => expect(grid.props?.onResizeStop).toBeDefined());
    letGo('onResizeStop', [{ i: 'a', x: 0, y: 0, w: 6, h: 3 }, { i: 'b', x: 0, y: 8, w: 6, h: 4 }, { i: 'c', x: 0, y: 12, w: 6, h: 4 }], 'a');
    await waitFor(() => expect(shown()).toEqual({ a: { x: 0, y: 0, w: 6, h: 3 }, b: { x: 0, y: 3, w: 6, h: 4 }, c: { x: 0, y: 7, w: 6, h: 4 } }));
    await expectOneSaveOfWhatIsShown(api);
  });

  it('after a widget is removed: the widgets below it rise, and are saved so', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note('a', { h: 8 }), note('b', { y: 8 }), note('c', { x: 6, y: 0, h: 10 })])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await user.click(await screen.findByRole('button', { name: 'Remove Note 1' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove widget' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Widget removed from the dashboard.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/dashboards/d1/widgets/a')).toHaveLength(1);
    await waitFor(() => expect(shown()).toEqual({ b: { x: 0, y: 0, w: 6, h: 4 }, c: { x: 6, y: 0, w: 6, h: 10 } }));
    await expectOneSaveOfWhatIsShown(api);
    expect(patches(api)[0]!.body).toEqual({ positions: { b: { x: 0, y: 0, w: 6, h: 4 } } });
  });

  it('when a dashboard saved with gaps is shown: compacted, and saved so with the next change only', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note('a'), note('b', { y: 10 }), note('c', { x: 6, y: 3 })])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await waitFor(() => expect(grid.props?.layout).toHaveLength(3));
    expect(shown()).toEqual({ a: { x: 0, y: 0, w: 6, h: 4 }, b: { x: 0, y: 4, w: 6, h: 4 }, c: { x: 6, y: 0, w: 6, h: 4 } });
    // Reading the dashboard writes nothing.
    await rest(600);
    expect(patches(api)).toHaveLength(0);
    // The next change (Note 2 one column to the right) saves the layout shown: "c" risen too.
    (await screen.findByRole('button', { name: 'Move or resize Note 2' })).focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toEqual({ a: { x: 0, y: 0, w: 6, h: 4 }, b: { x: 1, y: 4, w: 6, h: 4 }, c: { x: 6, y: 0, w: 6, h: 4 } });
    await expectOneSaveOfWhatIsShown(api);
    expect(patches(api)[0]!.body).toEqual({ positions: { b: { x: 1, y: 4, w: 6, h: 4 }, c: { x: 6, y: 0, w: 6, h: 4 } } });
  });
});

describe('the keyboard', () => {
  it('moves a widget down past the one below it (one row down would rise back), and up above it again', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note('a'), note('b', { y: 4, h: 3 }), note('c', { x: 6, h: 9 })])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    const arrange = await screen.findByRole('button', { name: 'Move or resize Note 1' });
    arrange.focus();
    await user.keyboard('{ArrowDown}');
    // "a" and "b" swap places: "b" rises into the rows "a" left.
    expect(shown()).toEqual({ a: { x: 0, y: 3, w: 6, h: 4 }, b: { x: 0, y: 0, w: 6, h: 3 }, c: { x: 6, y: 0, w: 6, h: 9 } });
    expect(announcement()).toHaveTextContent('Moved to column 1, row 4');
    await expectOneSaveOfWhatIsShown(api);
    // Nothing below it any more: Down leaves it where it is (nothing said, nothing saved).
    await user.keyboard('{ArrowDown}');
    expect(shown().a).toEqual({ x: 0, y: 3, w: 6, h: 4 });
    await rest(600);
    expect(patches(api)).toHaveLength(1);
    // Up: above "b" again.
    await user.keyboard('{ArrowUp}');
    expect(shown()).toEqual({ a: { x: 0, y: 0, w: 6, h: 4 }, b: { x: 0, y: 4, w: 6, h: 3 }, c: { x: 6, y: 0, w: 6, h: 9 } });
    expect(announcement()).toHaveTextContent('Moved to column 1, row 1');
    await waitFor(() => expect(patches(api)).toHaveLength(2), { timeout: 3000 });
    await waitFor(() => expect(saved(api)).toEqual(shown()));
  });

  it('says the move past the next widget in Simplified Chinese, and how the keys move a widget', async () => {
    await changeLanguage('zh-CN');
    try {
      stubDashboardsApi([dashboard('d1', '湖泊', [note('a'), note('b', { y: 4 })])]);
      const user = userEvent.setup();
      renderSignedIn('/userspace/dashboards/d1');
      const arrange = await screen.findByRole('button', { name: '移动或调整 便笺 1' });
      expect(arrange).toHaveAccessibleDescription('方向键移动小组件（上下方向键使其越过相邻的小组件）；Shift + 方向键调整其大小。');
      expect(screen.getByText('拖动小组件的标题栏可移动它，拖动右下角可调整大小；小组件会向上移动以填补空隙，布局会自动保存。')).toBeInTheDocument();
      arrange.focus();
      await user.keyboard('{ArrowDown}');
      expect(shown().a).toEqual({ x: 0, y: 4, w: 6, h: 4 });
      expect(announcement()).toHaveTextContent('已移到第 1 列、第 5 行');
    } finally {
      await changeLanguage('en');
    }
  });
});
