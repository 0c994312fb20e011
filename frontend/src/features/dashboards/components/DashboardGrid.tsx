import 'react-grid-layout/css/styles.css';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import ReactGridLayout, { type Layout } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type FocusAfter } from '../../../shell/Dialog';
import { shell } from '../../../shell/registry';
import { toast } from '../../../shell/toast';
import { isGone } from '../api/readAgainIfGone';
import { useRemoveWidget } from '../api/removeWidget';
import { useSaveLayout } from '../api/saveLayout';
import { arrange, changedPositions, COLS, COMPACTOR, layoutOf, MARGIN, MIN_H, MIN_W, nudge, readingOrder, ROW_HEIGHT, type GridItem } from '../lib/layout';
import { useWidth } from '../lib/useWidth';
import type { Dashboard, DashboardWidget } from '../types';
import { Layer } from './Layer';
import { WidgetFrame } from './WidgetFrame';
import { EditNoteDialog } from './EditNoteDialog';
import { MARKDOWN_NOTE } from '../widgets';

/** Narrower than this (phones), the widgets are stacked one under the other. */
export const STACK_BELOW_PX = 640;
/** Keyboard moves are saved once the keys rest this long (at once when the page is left or hidden). */
const KEYBOARD_SAVE_DELAY_MS = 400;

const toItems = (layout: Layout): GridItem[] => layout.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
const signatureOf = (items: readonly GridItem[]) => items.map(({ i, x, y, w, h }) => `${i}:${x},${y},${w},${h}`).join(';');

/**
 * The widgets of a dashboard on the free layout: drag a widget by its title bar, resize it by its
 * lower right corner, or focus its arrange button and use the arrow keys (Shift: resize). No gap stays
 * open: every widget rises as far as it can, after each change and when a dashboard saved with gaps is
 * shown (that one is saved with the user's next change, not on being read). Every change is saved with the
 * widgets it made rise, in one write: a keyboard change once the keys rest, or at once when the dashboard is
 * left, the page hidden or unloaded; each one is said in a polite live region. Narrow screens stack the widgets in
 * reading order, and so does the free layout's DOM (top to bottom, then left to right), so that Tab and screen
 * readers go through the widgets in the order they are shown (WCAG 2.4.3); a widget moved with the keyboard keeps
 * the focus on its arrange button when it changes places in the DOM. Widgets of the same kind are numbered
 * (Note 1, Note 2), so that each is told apart.
 * Once a widget is removed, focus goes to `focusAfterRemoval` (its remove button is gone).
 */
export function DashboardGrid({ dashboard, focusAfterRemoval }: { dashboard: Dashboard; focusAfterRemoval?: FocusAfter }) {
  const { t } = useTranslation();
  const { ref: containerRef, width: measured } = useWidth<HTMLDivElement>();
  const mounted = measured !== null;
  const width = measured ?? 0;
  const saveLayout = useSaveLayout();
  const removeWidget = useRemoveWidget();
  const widgets = dashboard.widgets ?? [];
  const serverLayout = useMemo(() => layoutOf(widgets), [widgets]);
  const [layout, setLayout] = useState<GridItem[]>(serverLayout);
  const [synced, setSynced] = useState(serverLayout);
  const [removing, setRemoving] = useState<DashboardWidget | null>(null);
  const [editing, setEditing] = useState<DashboardWidget | null>(null);
  // A keyboard change waiting to be saved, and what the live region last said of one.
  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; layout: GridItem[] } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  // What the server answers (a save, an added or removed widget) becomes the layout shown.
  if (synced !== serverLayout) {
    setSynced(serverLayout);
    if (signatureOf(serverLayout) !== signatureOf(layout)) setLayout(serverLayout);
  }

  // Saves the positions of `next` that differ from what the server holds (`held`): one write, or none.
  const save = useCallback(
    (next: readonly GridItem[], held: readonly DashboardWidget[]) => {
      const changed = changedPositions(next, held);
      if (Object.keys(changed).length === 0) return;
      saveLayout(dashboard.id, changed).catch((failure: unknown) => toast.error(failure));
    },
    [dashboard.id, saveLayout],
  );
  const persist = useCallback((next: GridItem[]) => save(next, widgets), [save, widgets]);

  // A widget let go (dragged or resized) where others are: they move down below it, as a keyboard move does, then
  // every widget rises as far as it can; that layout is shown and saved. The grid compacts the same way, so what it
  // hands back is kept as it is; it is arranged again all the same, so that nothing else is ever shown or saved.
  const settle = (next: Layout, moved: { i: string } | null) => {
    const items = arrange(toItems(next), moved?.i);
    if (signatureOf(items) !== signatureOf(layout)) setLayout(items);
    persist(items);
  };

  // The latest save (it compares with what the server holds now), for a timer or a page about to go.
  const latestPersist = useRef(persist);
  latestPersist.current = persist;
  const flush = useCallback(() => {
    const waiting = pending.current;
    if (!waiting) return;
    pending.current = null;
    clearTimeout(waiting.timer);
    latestPersist.current(waiting.layout);
  }, []);

  // A change not saved yet is saved, not dropped, when the dashboard is left (unmount) or the page is hidden,
  // reloaded or closed.
  useEffect(() => {
    const onHidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [flush]);

  const onArrangeKey = (id: string) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = nudge(layout, id, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setLayout(next);
    const item = next.find((l) => l.i === id)!;
    setAnnouncement(
      event.shiftKey
        ? t('dashboards.widget.resized', { width: item.w, height: item.h })
        : t('dashboards.widget.moved', { column: item.x + 1, row: item.y + 1 }),
    );
    if (pending.current) clearTimeout(pending.current.timer);
    pending.current = { timer: setTimeout(flush, KEYBOARD_SAVE_DELAY_MS), layout: next };
  };

  const confirmRemove = async () => {
    if (!removing) return;
    // A keyboard change still waiting is sent first: it names the widget about to go.
    flush();
    try {
      const now = await removeWidget(dashboard.id, removing.id);
      toast.success(t('dashboards.widget.removed'));
      // The widgets below rise into the room it leaves (shown as soon as the dashboard comes back): saved so too.
      if (now) save(layoutOf(now.widgets ?? []), now.widgets ?? []);
    } catch (failure) {
      // Removed meanwhile in another tab or window: the dashboard has been read again and shows it gone.
      if (isGone(failure)) toast.info(t('dashboards.widget.alreadyRemoved'));
      else toast.error(failure);
    }
    setRemoving(null);
  };

  // Notes can be edited after they are added; other widgets change from the page they came from.
  const editAction = (widget: DashboardWidget) => (widget.component === MARKDOWN_NOTE ? () => setEditing(widget) : undefined);

  const kindOf = (widget: DashboardWidget) => {
    const type = shell.widgetType(widget.component);
    return type ? t(type.title as never) : widget.component;
  };
  // Each widget's name: its kind, numbered in the order the widgets were added when the kind is there twice or more.
  const names = new Map<string, string>();
  const kinds = widgets.map(kindOf);
  kinds.forEach((kind, index) => {
    const same = kinds.filter((other) => other === kind).length;
    const number = kinds.slice(0, index + 1).filter((other) => other === kind).length;
    names.set(widgets[index]!.id, same > 1 ? t('dashboards.widget.numbered', { title: kind, number }) : kind);
  });
  const titleOf = (widget: DashboardWidget) => names.get(widget.id) ?? kindOf(widget);

  const stacked = width < STACK_BELOW_PX;
  // The widgets in reading order (the layout's y, then x) are their DOM order, so that focus follows what is shown.
  // The grid places each one by its layout item whatever its place among the children. A widget moved with the
  // keyboard keeps the focus on its arrange button: React gives the focus back to the element that held it when
  // committing the new order took it away (a browser blurs a focused element moved in the DOM).
  const ordered = readingOrder(widgets, layout);
  const gridLayout = useMemo(() => layout.map((item) => ({ ...item, minW: MIN_W, minH: MIN_H })), [layout]);

  return (
    <div ref={containerRef} className={`dashboard-grid${stacked ? ' dashboard-grid-stacked' : ''}`}>
      {mounted &&
        (stacked ? (
          <ol className="dashboard-stack">
            {ordered.map((widget) => {
              const h = layout.find((item) => item.i === widget.id)?.h ?? MIN_H;
              return (
                <li key={widget.id} className="dashboard-cell" style={{ height: h * ROW_HEIGHT + (h - 1) * MARGIN }}>
                  <WidgetFrame widget={widget} title={titleOf(widget)} onRemove={() => setRemoving(widget)} onEdit={editAction(widget)} />
                </li>
              );
            })}
          </ol>
        ) : (
          <ReactGridLayout
            width={width}
            layout={gridLayout}
            gridConfig={{ cols: COLS, rowHeight: ROW_HEIGHT, margin: [MARGIN, MARGIN], containerPadding: [0, 0] }}
            dragConfig={{ enabled: true, handle: '.widget-drag-handle', cancel: '.widget-tools' }}
            resizeConfig={{ enabled: true, handles: ['se'] }}
            compactor={COMPACTOR}
            // The grid's own layout is not taken over as it changes (onLayoutChange): it is the one given, compacted
            // alike, and a layout taken over there would be shown without being saved.
            onDragStop={(next, _before, moved) => settle(next, moved)}
            onResizeStop={(next, _before, moved) => settle(next, moved)}
          >
            {ordered.map((widget) => (
              <div key={widget.id} className="dashboard-cell" data-widget-id={widget.id}>
                <WidgetFrame
                  widget={widget}
                  title={titleOf(widget)}
                  onArrangeKey={onArrangeKey(widget.id)}
                  onRemove={() => setRemoving(widget)}
                  onEdit={editAction(widget)}
                />
              </div>
            ))}
          </ReactGridLayout>
        ))}
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      {editing && <EditNoteDialog dashboardId={dashboard.id} widget={editing} onClose={() => setEditing(null)} />}
      {removing && (
        <Layer>
          <ConfirmDialog
            open={removing !== null}
            title={t('dashboards.widget.removeTitle')}
            message={t('dashboards.widget.removeConfirm', { title: titleOf(removing) })}
            confirmLabel={t('dashboards.widget.removeConfirmButton')}
            cancelLabel={t('common.cancel')}
            onConfirm={() => void confirmRemove()}
            onClose={() => setRemoving(null)}
            focusAfter={focusAfterRemoval}
          />
        </Layer>
      )}
    </div>
  );
}
