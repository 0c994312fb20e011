import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { dashboard, renderSignedIn, stubDashboardsApi } from '../testing';
import type { DashboardWidget } from '../types';

const note: DashboardWidget = {
  id: 'w-note',
  component: 'markdown-note',
  config: { text: '# Field notes\n\nSampling on **Monday**.\n\n<b>raw html</b>' },
  position: { x: 0, y: 0, w: 6, h: 6 },
};
const unknown: DashboardWidget = { id: 'w-gone', component: 'retired-widget', config: {}, position: { x: 6, y: 0, w: 6, h: 6 } };
const lower: DashboardWidget = { id: 'w-low', component: 'markdown-note', config: { text: 'Second note' }, position: { x: 0, y: 6, w: 4, h: 4 } };

/** The polite live region that says each keyboard move or resize. */
const announcement = () => document.querySelector('.dashboard-grid [role="status"][aria-live="polite"]');

/** The free layout needs room: pretend the page is wide (jsdom measures nothing). */
function wideScreen() {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
}

/**
 * Browsers take the focus away from an element moved in the DOM (it is removed, then inserted: the focus fixup rule);
 * jsdom keeps it. Until the returned function is called, moving a node blurs the focused element within it, as a
 * browser does (React gives the focus back once it has committed the new order).
 */
function blurOnMove() {
  const blurInside = (node: Node) => {
    const active = document.activeElement;
    if (node.isConnected && active instanceof HTMLElement && node.contains(active)) active.blur();
  };
  const { insertBefore, appendChild } = Node.prototype;
  const spies = [
    vi.spyOn(Node.prototype, 'insertBefore').mockImplementation(function <T extends Node>(this: Node, node: T, child: Node | null): T {
      blurInside(node);
      return insertBefore.call(this, node, child) as T;
    }),
    vi.spyOn(Node.prototype, 'appendChild').mockImplementation(function <T extends Node>(this: Node, node: T): T {
      blurInside(node);
      return appendChild.call(this, node) as T;
    }),
  ];
  return () => spies.forEach((spy) => spy.mockRestore());
}

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
});

describe('dashboard page /userspace/dashboards/{id}', () => {
  it('shows the dashboard and its widgets: a note as Markdown without raw HTML, an unknown widget named', async () => {
    stubDashboardsApi([dashboard('d1', 'Alpine lakes', [note, unknown])]);
    renderSignedIn('/userspace/dashboards/d1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alpine lakes' })).toBeInTheDocument();
    const noteFrame = await screen.findByRole('region', { name: 'Note' });
    expect(await within(noteFrame).findByRole('heading', { level: 3, name: 'Field notes' })).toBeInTheDocument();
    expect(within(noteFrame).getByText('Monday').tagName).toBe('STRONG');
    // Raw HTML is never rendered: the tags are dropped, not turned into elements.
    expect(noteFrame.querySelector('b')).toBeNull();
    expect(noteFrame.innerHTML).not.toContain('<b>');
    expect(screen.getByText('This widget (retired-widget) is not available.')).toBeInTheDocument();
    // Every widget's frame carries the registry's widget actions and a remove button.
    expect(within(noteFrame).getByRole('button', { name: 'Add to dashboard' })).toBeInTheDocument();
    expect(within(noteFrame).getByRole('button', { name: 'Remove Note' })).toBeInTheDocument();
  });

  it('stacks the widgets in reading order on a narrow screen, without arrange buttons', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes', [lower, unknown, note])]);
    renderSignedIn('/userspace/dashboards/d1');
    await screen.findByRole('heading', { level: 1, name: 'Lakes' });
    await waitFor(() => expect(document.querySelectorAll('.dashboard-stack > li .widget-frame')).toHaveLength(3));
    const stack = document.querySelector('.dashboard-stack')!;
    expect([...stack.querySelectorAll('.widget-frame')].map((f) => f.getAttribute('data-widget'))).toEqual(['markdown-note', 'retired-widget', 'markdown-note']);
    expect(screen.queryByRole('button', { name: /Move or resize/ })).toBeNull();
  });

  it('moves and resizes a widget with the keyboard on the free layout, and saves the positions', async () => {
    wideScreen();
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note, lower])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    const arrange = await screen.findByRole('button', { name: 'Move or resize Note 2' });
    expect(arrange).toHaveAccessibleDescription('Arrow keys move the widget (up and down past the widget next to it); Shift + arrow keys resize it.');
    expect(
      screen.getByText('Drag a widget by its title bar to move it and by its lower right corner to resize it; the widgets move up to fill any gap, and the layout is saved.'),
    ).toBeInTheDocument();
    arrange.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(announcement()).toHaveTextContent('Moved to column 3, row 7');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(announcement()).toHaveTextContent('Resized to 4 columns by 5 rows');
    await waitFor(() => expect(api.callsTo('PATCH', '/dashboards/d1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/dashboards/d1')[0].body).toEqual({ positions: { 'w-low': { x: 2, y: 6, w: 4, h: 5 } } });
    expect(api.find('d1')?.widgets.find((w) => w.id === 'w-low')?.position).toEqual({ x: 2, y: 6, w: 4, h: 5 });
  });

  it('moves a widget up above the one it meets, which goes below it (nothing left open above)', async () => {
    wideScreen();
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note, lower])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    const arrange = await screen.findByRole('button', { name: 'Move or resize Note 2' });
    arrange.focus();
    await user.keyboard('{ArrowUp}');
    expect(announcement()).toHaveTextContent('Moved to column 1, row 1');
    await waitFor(() => expect(api.callsTo('PATCH', '/dashboards/d1')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/dashboards/d1')[0].body).toEqual({
      positions: { 'w-note': { x: 0, y: 4, w: 6, h: 6 }, 'w-low': { x: 0, y: 0, w: 4, h: 4 } },
    });
  });

  it('saves a keyboard move at once when the dashboard is left before the keys rest', async () => {
    wideScreen();
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note, lower]), dashboard('d2', 'Rivers')]);
    const user = userEvent.setup();
    const { router } = renderSignedIn('/userspace/dashboards/d1');
    (await screen.findByRole('button', { name: 'Move or resize Note 2' })).focus();
    await user.keyboard('{ArrowRight}');
    await router.navigate('/userspace/dashboards/d2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rivers' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PATCH', '/dashboards/d1')).toHaveLength(1));
    expect(api.find('d1')?.widgets.find((w) => w.id === 'w-low')?.position).toEqual({ x: 1, y: 6, w: 4, h: 4 });
    // Saved once: the waiting save was sent, not also later.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.callsTo('PATCH', '/dashboards/d1')).toHaveLength(1);
  });

  it('saves a keyboard move at once when the page is hidden or reloaded before the keys rest', async () => {
    wideScreen();
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note, lower])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    (await screen.findByRole('button', { name: 'Move or resize Note 1' })).focus();
    await user.keyboard('{ArrowDown}');
    window.dispatchEvent(new Event('pagehide'));
    // Sent now, well before the keys' 400 ms of rest: Note 1 past Note 2, which rose into its place.
    await waitFor(() => expect(api.callsTo('PATCH', '/dashboards/d1')).toHaveLength(1), { timeout: 300 });
    expect(api.callsTo('PATCH', '/dashboards/d1')[0].body).toEqual({
      positions: { 'w-note': { x: 0, y: 4, w: 6, h: 6 }, 'w-low': { x: 0, y: 0, w: 4, h: 4 } },
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(api.callsTo('PATCH', '/dashboards/d1')).toHaveLength(1);
  });

  it('puts the widgets in the DOM in layout order (top to bottom, then left to right), after a keyboard move too, focus kept', async () => {
    wideScreen();
    // Added first, shown second: the saved layout puts the second widget above the first one, the third beside it.
    const first: DashboardWidget = { id: 'w-1', component: 'markdown-note', config: { text: 'First added' }, position: { x: 0, y: 4, w: 6, h: 4 } };
    const second: DashboardWidget = { id: 'w-2', component: 'markdown-note', config: { text: 'Second added' }, position: { x: 0, y: 0, w: 6, h: 4 } };
    const third: DashboardWidget = { id: 'w-3', component: 'retired-widget', config: {}, position: { x: 6, y: 0, w: 6, h: 4 } };
    stubDashboardsApi([dashboard('d1', 'Lakes', [first, second, third])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await screen.findByRole('button', { name: 'Move or resize Note 1' });
    const regions = () =>
      screen
        .getAllByRole('region')
        .filter((region) => region.classList.contains('widget-frame'))
        .map((region) => within(region).getByRole('heading', { level: 2 }).textContent);
    const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings()).toEqual(['Note 2', 'retired-widget', 'Note 1']);
    expect(regions()).toEqual(['Note 2', 'retired-widget', 'Note 1']);

    // Note 2 moved down past Note 1: the DOM follows, and the focus stays on Note 2's arrange button.
    const arrange = screen.getByRole('button', { name: 'Move or resize Note 2' });
    arrange.focus();
    onTestFinished(blurOnMove());
    await user.keyboard('{ArrowDown}');
    expect(announcement()).toHaveTextContent('Moved to column 1, row 5');
    expect(headings()).toEqual(['Note 1', 'retired-widget', 'Note 2']);
    expect(screen.getByRole('button', { name: 'Move or resize Note 2' })).toHaveFocus();
    // The keys go on working on the same widget: back up above Note 1.
    await user.keyboard('{ArrowUp}');
    expect(headings()).toEqual(['Note 2', 'retired-widget', 'Note 1']);
    expect(screen.getByRole('button', { name: 'Move or resize Note 2' })).toHaveFocus();
    expect(regions()).toEqual(['Note 2', 'retired-widget', 'Note 1']);
    // Tab goes on from there in the order shown: Note 2's own buttons, then the widget beside it, not Note 1.
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.closest('.widget-frame')?.getAttribute('data-widget')).toBe('retired-widget');
  });

  it('names each widget of the same kind apart (Note 1, Note 2): its region, heading and buttons', async () => {
    wideScreen();
    stubDashboardsApi([dashboard('d1', 'Lakes', [note, unknown, lower])]);
    renderSignedIn('/userspace/dashboards/d1');
    const first = await screen.findByRole('region', { name: 'Note 1' });
    const second = screen.getByRole('region', { name: 'Note 2' });
    expect(await within(first).findByRole('heading', { level: 3, name: 'Field notes' })).toBeInTheDocument();
    expect(within(second).getByRole('heading', { level: 2, name: 'Note 2' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Remove Note 2' })).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Edit Note 2' })).toBeInTheDocument();
    // The only one of its kind keeps its plain name; no two regions share one.
    expect(screen.getByRole('region', { name: 'retired-widget' })).toBeInTheDocument();
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby') && document.getElementById(region.getAttribute('aria-labelledby')!)?.textContent);
    expect(new Set(names).size).toBe(names.length);
  });

  it('removes a widget after confirmation', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note, lower])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await user.click(await screen.findByRole('button', { name: 'Remove Note 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove widget' });
    expect(dialog).toHaveTextContent('Remove the widget Note 1 from this dashboard?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Widget removed from the dashboard.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/dashboards/d1/widgets/w-note')).toHaveLength(1);
    // The one note left is the only one of its kind: no number.
    await waitFor(() => expect(screen.getAllByRole('region', { name: 'Note' })).toHaveLength(1));
  });

  it("moves focus to the dashboard's title once a widget is removed, the last one too", async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes', [note, lower])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    const title = await screen.findByRole('heading', { level: 1, name: 'Lakes' });
    for (const remaining of [1, 0]) {
      await user.click((await screen.findAllByRole('button', { name: /^Remove Note/ }))[0]!);
      await user.click(within(await screen.findByRole('dialog', { name: 'Remove widget' })).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.queryAllByRole('region', { name: /^Note/ })).toHaveLength(remaining));
      await waitFor(() => expect(title).toHaveFocus());
    }
  });

  it('returns focus to the remove button when the removal is cancelled', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes', [note])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    const remove = (await screen.findAllByRole('button', { name: 'Remove Note' }))[0]!;
    await user.click(remove);
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove widget' })).getByRole('button', { name: 'Cancel' }));
    expect(remove).toHaveFocus();
  });

  it('edits a note after it was added: its text, required, saved in place', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [lower])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await user.click(await screen.findByRole('button', { name: 'Edit Note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit note' });
    const text = within(dialog).getByRole('textbox', { name: 'Note text (Markdown)' });
    expect(text).toHaveValue('Second note');
    await user.clear(text);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the note text.');
    // The field that says why takes the focus: typing goes there.
    expect(text).toHaveFocus();
    expect(text).toHaveAccessibleDescription('Please enter the note text.');
    await user.type(text, 'Gauge **3** replaced.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Note saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/dashboards/d1/widgets/w-low')[0].body).toEqual({ config: { text: 'Gauge **3** replaced.' } });
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("adds a note with 'Add widget' (its text required), below the other widgets", async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [note])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await user.click(await screen.findByRole('button', { name: 'Add widget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add widget' });
    expect(within(dialog).getByRole('radio', { name: 'Note' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter the note text.');
    // The empty note's field takes the focus, its message read with it; typing goes there.
    const text = within(dialog).getByRole('textbox', { name: 'Note text (Markdown)' });
    expect(text).toHaveFocus();
    expect(text).toHaveAccessibleDescription('Please enter the note text.');
    await user.keyboard('Check the *gauges*.');
    expect(text).toHaveValue('Check the *gauges*.');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Widget successfully added to dashboard.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/dashboards/d1/widgets')[0].body).toEqual({
      component: 'markdown-note',
      config: { text: 'Check the *gauges*.' },
      position: { x: 0, y: 6, w: 6, h: 5 },
    });
    expect(await screen.findByText('gauges')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when a dashboard has no widgets, or does not exist', async () => {
    stubDashboardsApi([dashboard('d1', 'Empty one')]);
    renderSignedIn('/userspace/dashboards/d1');
    expect(await screen.findByText(/This dashboard has no widgets yet/)).toBeInTheDocument();
  });

  it('says a missing (or someone else’s) dashboard does not exist', async () => {
    stubDashboardsApi([]);
    renderSignedIn('/userspace/dashboards/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('This dashboard does not exist, or it is not yours.');
    expect(screen.getAllByRole('link', { name: 'All dashboards' }).length).toBeGreaterThan(0);
  });

  it('asks anonymous visitors to sign in', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const { ANONYMOUS_SESSION } = await import('../../../auth/session');
    renderSignedIn('/userspace/dashboards/d1', ANONYMOUS_SESSION);
    expect(await screen.findByText('Sign in to see this page.')).toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    stubDashboardsApi([dashboard('d1', '湖泊', [note])]);
    renderSignedIn('/userspace/dashboards/d1');
    expect(await screen.findByRole('region', { name: '便笺' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '添加小组件' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '移除 便笺' })).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('puts the focus on the empty note field after a refused Add in Simplified Chinese too', async () => {
    await changeLanguage('zh-CN');
    try {
      stubDashboardsApi([dashboard('d1', '湖泊', [note])]);
      const user = userEvent.setup();
      renderSignedIn('/userspace/dashboards/d1');
      await user.click(await screen.findByRole('button', { name: '添加小组件' }));
      const dialog = await screen.findByRole('dialog', { name: '添加小组件' });
      await user.click(within(dialog).getByRole('button', { name: '添加' }));
      const text = within(dialog).getByRole('textbox', { name: '便笺内容（Markdown）' });
      expect(text).toHaveFocus();
      expect(text).toHaveAccessibleDescription('请输入便笺内容。');
    } finally {
      await changeLanguage('en');
    }
  });

  it('numbers widgets of the same kind and says keyboard moves and resizes in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    try {
      wideScreen();
      stubDashboardsApi([dashboard('d1', '湖泊', [note, lower])]);
      const user = userEvent.setup();
      renderSignedIn('/userspace/dashboards/d1');
      expect(await screen.findByRole('region', { name: '便笺 1' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: '便笺 2' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '移除 便笺 2' })).toBeInTheDocument();
      screen.getByRole('button', { name: '移动或调整 便笺 2' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(announcement()).toHaveTextContent('已移到第 2 列、第 7 行');
      await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
      expect(announcement()).toHaveTextContent('已调整为 5 列宽、4 行高');
    } finally {
      await changeLanguage('en');
    }
  });
});
