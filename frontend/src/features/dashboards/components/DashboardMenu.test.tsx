import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { ANONYMOUS_SESSION } from '../../../auth/session';
import { toast } from '../../../shell/toast';
import { dashboard, menuEntries, renderSignedIn, stubDashboardsApi } from '../testing';

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
});

describe('dashboard menu (spec: dashboard screens)', () => {
  it("lists the dashboards by label ascending, then 'New dashboard' and 'All dashboards'", async () => {
    stubDashboardsApi([dashboard('d3', 'zebra mussels'), dashboard('d1', 'Alpine lakes'), dashboard('d2', 'Marsh 10'), dashboard('d4', 'Marsh 9')]);
    renderSignedIn('/home');
    const menu = await screen.findByRole('list', { name: 'Dashboards' });
    await waitFor(() => expect(menuEntries(menu)).toEqual(['Alpine lakes', 'Marsh 9', 'Marsh 10', 'zebra mussels', 'New dashboard', 'All dashboards']));
    expect(within(menu).getByRole('link', { name: 'Alpine lakes' })).toHaveAttribute('href', '/userspace/dashboards/d1');
    expect(within(menu).getByRole('link', { name: 'All dashboards' })).toHaveAttribute('href', '/userspace/dashboard-management');
    expect(within(menu).getByRole('button', { name: 'New dashboard' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it("with no dashboards still offers 'New dashboard' and 'All dashboards'", async () => {
    stubDashboardsApi([]);
    renderSignedIn('/home');
    const menu = await screen.findByRole('list', { name: 'Dashboards' });
    await waitFor(() => expect(menuEntries(menu)).toEqual(['New dashboard', 'All dashboards']));
  });

  it("'All dashboards' goes to the management page", async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const user = userEvent.setup();
    const { router } = renderSignedIn('/home');
    await user.click(await screen.findByRole('link', { name: 'All dashboards' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/userspace/dashboard-management'));
    expect(await screen.findByRole('heading', { level: 1, name: 'All dashboards' })).toBeInTheDocument();
  });

  it('is not shown to anonymous visitors, and nothing is fetched for them', async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes')]);
    renderSignedIn('/home', ANONYMOUS_SESSION);
    await screen.findByText('Version');
    expect(screen.queryByRole('list', { name: 'Dashboards' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New dashboard' })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
  it('keeps the dashboards listed, without "could not be loaded", when asking for them again fails', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    renderSignedIn('/home');
    const menu = await screen.findByRole('list', { name: 'Dashboards' });
    await waitFor(() => expect(menuEntries(menu)).toEqual(['Lakes', 'New dashboard', 'All dashboards']));
    const unreachable = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', unreachable);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(unreachable).toHaveBeenCalled());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(within(menu).queryByText('Dashboards could not be loaded.')).not.toBeInTheDocument();
    expect(menuEntries(menu)).toEqual(['Lakes', 'New dashboard', 'All dashboards']);
  });
});
