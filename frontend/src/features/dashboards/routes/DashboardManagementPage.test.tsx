import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { dashboard, renderSignedIn, stubDashboardsApi } from '../testing';

const widget = { id: 'w1', component: 'markdown-note', config: { text: 'x' }, position: { x: 0, y: 0, w: 6, h: 4 } };

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
});

async function table() {
  return screen.findByRole('table', { name: 'Your dashboards, by title' });
}

describe('dashboard management /userspace/dashboard-management', () => {
  it('lists every dashboard by label ascending with its number of widgets', async () => {
    stubDashboardsApi([dashboard('d2', 'wetlands', [widget]), dashboard('d1', 'Alpine lakes')]);
    renderSignedIn('/userspace/dashboard-management');
    expect(await screen.findByRole('heading', { level: 1, name: 'All dashboards' })).toBeInTheDocument();
    const rows = within(await table()).getAllByRole('row').slice(1);
    expect(rows.map((r) => [within(r).getByRole('rowheader').textContent, within(r).getAllByRole('cell')[0].textContent])).toEqual([
      ['Alpine lakes', '0'],
      ['wetlands', '1'],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'Alpine lakes' })).toHaveAttribute('href', '/userspace/dashboards/d1');
  });

  it('renames a dashboard: its own title may stay, another one’s may not', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes'), dashboard('d2', 'Rivers')]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboard-management');
    await table();
    await user.click(screen.getByRole('button', { name: 'Rename Lakes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename dashboard Lakes' });
    const field = within(dialog).getByRole('textbox', { name: 'Dashboard title' });
    expect(field).toHaveValue('Lakes');
    await user.clear(field);
    await user.type(field, 'rivers');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Dashboard named Rivers already exists. Please try a different one.');
    await user.clear(field);
    await user.tab();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter dashboard name.');
    await user.type(field, 'LAKES');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.clear(field);
    await user.type(field, 'Mountain lakes{Enter}');
    expect(await screen.findByText('Renamed dashboard to Mountain lakes.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/dashboards/d1')[0].body).toEqual({ label: 'Mountain lakes' });
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Mountain lakes', 'Rivers']));
  });

  it('deletes a dashboard after confirmation; with none left says how to create one', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes', [widget])]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboard-management');
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Lakes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete dashboard' });
    expect(dialog).toHaveTextContent('Delete the dashboard Lakes and its widgets? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted dashboard: Lakes.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/dashboards/d1')).toHaveLength(1);
    expect(await screen.findByText("You have no dashboards yet. Create one with 'New dashboard'.")).toBeInTheDocument();
  });

  it("moves focus to the page's title once a dashboard is deleted (its row is gone)", async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes'), dashboard('d2', 'Rivers')]);
    const user = userEvent.setup();
    renderSignedIn('/userspace/dashboard-management');
    await table();
    await user.click(screen.getByRole('button', { name: 'Delete Lakes' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete dashboard' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Rivers']));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'All dashboards' })).toHaveFocus());
  });

  it("creates a dashboard with 'New dashboard' and lists it, staying on the page", async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const user = userEvent.setup();
    const { router } = renderSignedIn('/userspace/dashboard-management');
    await table();
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'New dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create new dashboard' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Dashboard title' }), 'Estuaries');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Added dashboard: Estuaries.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('rowheader').map((c) => c.textContent)).toEqual(['Estuaries', 'Lakes']));
    expect(router.state.location.pathname).toBe('/userspace/dashboard-management');
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    stubDashboardsApi([dashboard('d1', '湖泊')]);
    renderSignedIn('/userspace/dashboard-management');
    expect(await screen.findByRole('heading', { level: 1, name: '所有仪表板' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: '重命名 湖泊' })).toHaveTextContent('重命名');
    expect(screen.getByRole('button', { name: '删除 湖泊' })).toHaveTextContent('删除');
    expect(screen.getByRole('columnheader', { name: '标题' })).toBeInTheDocument();
    await changeLanguage('en');
  });
});
