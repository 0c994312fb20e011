import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { dashboard, renderSignedIn, stubDashboardsApi } from '../testing';
import type { DashboardWidget } from '../types';

const first: DashboardWidget = { id: 'w-1', component: 'markdown-note', config: { text: 'First note' }, position: { x: 0, y: 0, w: 6, h: 4 } };
const second: DashboardWidget = { id: 'w-2', component: 'markdown-note', config: { text: 'Second note' }, position: { x: 6, y: 0, w: 6, h: 4 } };

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
});

/** One dashboard open in two tabs: this page is the stale tab, and the fake API's state is the other tab's doing. */
describe('a dashboard changed in another tab', () => {
  it('shows the dashboard as it is now when the widget removed here was already removed there', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [first, second])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await user.click(await screen.findByRole('button', { name: 'Remove Note 2' }));
    api.find('d1')!.widgets = [first]; // the other tab removed Note 2
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove widget' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('This widget had already been removed, in another tab or window.')).toBeInTheDocument();
    expect(screen.queryByText('Widget not found.')).toBeNull();
    // Read again: the one note left, no longer numbered; the removed one is not listed.
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^Note/ })).toHaveLength(1));
    expect(screen.getByRole('region', { name: 'Note' })).toBeInTheDocument();
    expect(screen.queryByText('Second note')).toBeNull();
    expect(await screen.findByText('First note')).toBeInTheDocument();
    expect(api.callsTo('GET', '/dashboards/d1').length).toBeGreaterThan(1);
  });

  it("says the dashboard is gone, and closes 'Add widget', when it was deleted there", async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [first])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await user.click(await screen.findByRole('button', { name: 'Add widget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add widget' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note text (Markdown)' }), 'Too late');
    api.dashboards = []; // the other tab deleted the dashboard
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Dashboard not found.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('This dashboard does not exist, or it is not yours.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Lakes' })).toBeNull();
    expect(screen.queryByText('First note')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'All dashboards' }).length).toBeGreaterThan(0);
  });

  it('closes the note editor and shows the dashboard as it is now when the note was removed there', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [first, second])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboards/d1');
    await user.click(await screen.findByRole('button', { name: 'Edit Note 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit note' });
    api.find('d1')!.widgets = [first];
    await user.type(within(dialog).getByRole('textbox', { name: 'Note text (Markdown)' }), ' changed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Widget not found.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByText('Second note')).toBeNull());
    expect(await screen.findByText('First note')).toBeInTheDocument();
  });

  it('says in Simplified Chinese that the dashboard deleted there is gone', async () => {
    await changeLanguage('zh-CN');
    try {
      const api = stubDashboardsApi([dashboard('d1', '湖泊', [first, second])]);
      const user = userEvent.setup();
      renderSignedIn('/userspace/dashboards/d1');
      await user.click(await screen.findByRole('button', { name: '移除 便笺 2' }));
      api.dashboards = [];
      await user.click(within(await screen.findByRole('dialog', { name: '移除小组件' })).getByRole('button', { name: '移除' }));
      expect(await screen.findByText('此小组件已在另一个标签页或窗口中被移除。')).toBeInTheDocument();
      expect(await screen.findByText('此仪表板不存在，或不属于您。')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1, name: '湖泊' })).toBeNull();
    } finally {
      await changeLanguage('en');
    }
  });
});
