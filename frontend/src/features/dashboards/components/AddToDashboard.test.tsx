import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setApiBase } from '../../../api/client';
import { registerModules } from '../../../app/modules';
import { changeLanguage } from '../../../i18n';
import { shell } from '../../../shell/registry';
import { Toasts, toast } from '../../../shell/toast';
import { renderWithProviders } from '../../../test/render';
import { SessionContext } from '../../../auth/session';
import { dashboard, SIGNED_IN, stubDashboardsApi } from '../testing';
import { dashboardsModule } from '../module';
import { AddToDashboard } from './AddToDashboard';

const chart = { component: 'station-chart', config: { stationId: 's1', parameterIds: ['p-ph'], from: '2020-01-01', to: '' } };

function renderAction() {
  const router = createMemoryRouter(
    [
      { path: '/sts/station/s1/chart', element: <AddToDashboard widget={chart} /> },
      { path: '/userspace/dashboard-management', element: <h1>Management</h1> },
    ],
    { initialEntries: ['/sts/station/s1/chart'] },
  );
  renderWithProviders(
    <SessionContext.Provider value={SIGNED_IN}>
      <RouterProvider router={router} />
      <Toasts />
    </SessionContext.Provider>,
  );
  return router;
}

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
});

describe("widget action 'Add to dashboard'", () => {
  it('is a widget action of the dashboards module, for signed-in users only', () => {
    registerModules();
    expect(shell.widgetActionsFor(SIGNED_IN.profile).map((a) => a.key)).toContain('add-to-dashboard');
    expect(dashboardsModule.widgetActions?.map((a) => [a.key, a.component, a.priority ?? 0])).toEqual([['add-to-dashboard', AddToDashboard, 0]]);
    expect(dashboardsModule.widgetActions?.[0].requires).toEqual({ roles: [] });
    expect(shell.widgetActionsFor(undefined).some((a) => a.key === 'add-to-dashboard')).toBe(false);
  });

  it('offers the dashboards by label ascending and adds the widget below the chosen one’s others', async () => {
    const api = stubDashboardsApi([
      dashboard('d2', 'wetlands', [{ id: 'w1', component: 'markdown-note', config: { text: 'x' }, position: { x: 0, y: 0, w: 6, h: 5 } }]),
      dashboard('d1', 'Alpine lakes'),
    ]);
    const user = userEvent.setup();
    renderAction();
    const button = screen.getByRole('button', { name: 'Add to dashboard' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Choose a dashboard' });
    const choices = within(list).getAllByRole('button');
    expect(choices.map((b) => b.textContent)).toEqual(['Alpine lakes', 'wetlands']);
    await waitFor(() => expect(choices[0]).toHaveFocus());

    await user.click(choices[1]);
    expect(await screen.findByText('Widget successfully added to dashboard.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/dashboards/d2/widgets')[0].body).toEqual({ ...chart, position: { x: 0, y: 5, w: 6, h: 8 } });
    expect(screen.queryByRole('list', { name: 'Choose a dashboard' })).toBeNull();
    expect(button).toHaveFocus();
  });

  it("with no dashboards shows 'No dashboards...' and 'Create dashboard', which goes to the management page", async () => {
    stubDashboardsApi([]);
    const user = userEvent.setup();
    const router = renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    expect(await screen.findByText('No dashboards...')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userspace/dashboard-management'));
  });

  it('closes on Escape, giving focus back to its button', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    await screen.findByRole('list', { name: 'Choose a dashboard' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Choose a dashboard' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Add to dashboard' })).toHaveFocus();
  });

  it('toasts the server’s message when adding fails', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    const choice = await screen.findByRole('button', { name: 'Lakes' });
    api.dashboards = [];
    await user.click(choice);
    expect(await screen.findByRole('alert')).toHaveTextContent('Dashboard not found.');
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    stubDashboardsApi([]);
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: '添加到仪表板' }));
    expect(await screen.findByText('暂无仪表板……')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '创建仪表板' })).toBeInTheDocument();
    await changeLanguage('en');
  });
});
