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
      {
        path: '/sts/station/s1/chart',
        element: (
          <>
            <AddToDashboard widget={chart} />
            {/* What lies under the popup on a page: a station's series to choose. */}
            <p>Series of the station</p>
            <label>
              <input type="checkbox" /> pH
            </label>
          </>
        ),
      },
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
    expect(button).not.toHaveAttribute('aria-haspopup'); // no menu opens: a screen reader had announced one
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

  it("with no dashboards shows 'No dashboards...' and a 'Create dashboard' button that goes to the management route", async () => {
    const api = stubDashboardsApi([]);
    const user = userEvent.setup();
    const router = renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    expect(await screen.findByText('No dashboards...')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    const create = screen.getByRole('button', { name: 'Create dashboard' });
    await waitFor(() => expect(create).toHaveFocus());
    await user.click(create);
    expect(router.state.location.pathname).toBe('/userspace/dashboard-management');
    expect(await screen.findByRole('heading', { name: 'Management' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/dashboards')).toHaveLength(0);
  });

  it('with dashboards also creates one on the spot, with the widget on it', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Alpine lakes')]);
    const user = userEvent.setup();
    const router = renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    await user.type(await screen.findByRole('textbox', { name: 'New dashboard' }), 'Lakes{Enter}');
    expect(await screen.findByText('Widget added to the new dashboard Lakes.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/dashboards')[0].body).toEqual({ label: 'Lakes' });
    expect(api.find('new-1')?.widgets.map((w) => [w.component, w.config])).toEqual([[chart.component, chart.config]]);
    expect(router.state.location.pathname).toBe('/sts/station/s1/chart');
    expect(screen.queryByRole('list', { name: 'Choose a dashboard' })).toBeNull();
  });

  it('takes a new dashboard name of up to 120 characters, as the create dialog and the server do', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Alpine lakes')]);
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    const name = await screen.findByRole('textbox', { name: 'New dashboard' });
    await user.type(name, 'L'.repeat(130));
    expect(name).toHaveValue('L'.repeat(120));
    await user.click(screen.getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(api.callsTo('POST', '/dashboards')[0]?.body).toEqual({ label: 'L'.repeat(120) }));
  });

  it('takes a new dashboard name of up to 120 characters in Simplified Chinese too', async () => {
    await changeLanguage('zh-CN');
    try {
      stubDashboardsApi([dashboard('d1', '湖泊')]);
      const user = userEvent.setup();
      renderAction();
      await user.click(screen.getByRole('button', { name: '添加到仪表板' }));
      const name = await screen.findByRole('textbox', { name: '新仪表板' });
      await user.type(name, '湖'.repeat(125));
      expect(name).toHaveValue('湖'.repeat(120));
    } finally {
      await changeLanguage('en');
    }
  });

  it('says at the field when the new dashboard name is taken', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    const name = await screen.findByRole('textbox', { name: 'New dashboard' });
    await user.click(screen.getByRole('button', { name: 'Create dashboard' }));
    expect(name).toHaveAccessibleDescription('Please enter dashboard name.');
    await user.type(name, 'lakes');
    await user.click(screen.getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Dashboard named lakes already exists. Please try a different one.'));
  });

  it('says which dashboards already hold this chart, and does not add it twice', async () => {
    const api = stubDashboardsApi([
      dashboard('d1', 'Alpine lakes', [{ id: 'w1', component: chart.component, config: { ...chart.config }, position: { x: 0, y: 0, w: 6, h: 8 } }]),
      dashboard('d2', 'wetlands'),
    ]);
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    const holding = await screen.findByRole('button', { name: 'Alpine lakes' });
    expect(holding).toBeDisabled();
    expect(holding).toHaveAccessibleDescription('Already on this dashboard');
    await user.click(holding);
    expect(api.callsTo('POST', '/dashboards/d1/widgets')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'wetlands' })).toBeEnabled();
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

  it('closes when Tab takes focus past it to the page, focus staying there', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const user = userEvent.setup();
    renderAction();
    const button = screen.getByRole('button', { name: 'Add to dashboard' });
    await user.click(button);
    const choice = await screen.findByRole('button', { name: 'Lakes' });
    await waitFor(() => expect(choice).toHaveFocus());
    // Back to its own button: still open.
    await user.tab({ shift: true });
    expect(button).toHaveFocus();
    expect(screen.getByRole('list', { name: 'Choose a dashboard' })).toBeInTheDocument();
    // Through the choice, the new dashboard's name and its button, then out to the checkbox under the popup.
    await user.tab();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'New dashboard' })).toHaveFocus();
    await user.tab();
    await user.tab();
    const checkbox = screen.getByRole('checkbox', { name: 'pH' });
    expect(checkbox).toHaveFocus();
    expect(screen.queryByRole('list', { name: 'Choose a dashboard' })).toBeNull();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    // Not taken back to the button, as Escape does.
    expect(checkbox).toHaveFocus();
  });

  it('closes on a press outside it', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const user = userEvent.setup();
    renderAction();
    await user.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    await screen.findByRole('list', { name: 'Choose a dashboard' });
    await user.click(screen.getByText('Series of the station'));
    expect(screen.queryByRole('list', { name: 'Choose a dashboard' })).toBeNull();
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
    expect(screen.queryByRole('textbox', { name: '新仪表板' })).toBeNull();
    await changeLanguage('en');
  });
});
