import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_SESSION, SessionContext, type Session } from '../auth/session';
import { renderWithProviders } from '../test/render';
import { UserMenu } from './UserMenu';

function renderAt(path: string) {
  const signOut = vi.fn();
  const session: Session = { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile: { id: 'u1', systemRoles: [] }, displayName: 'Carl', signOut };
  const router = createMemoryRouter(
    [
      { path: '/sts/overview', element: <UserMenu /> },
      { path: '/profile', element: <UserMenu />, handle: { requires: { roles: [] } } },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(
    <SessionContext.Provider value={session}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return signOut;
}

async function signOutFromMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Carl/ }));
  await user.click(within(screen.getByRole('list', { name: 'User menu' })).getByRole('button', { name: 'Sign out' }));
}

describe('the user menu', () => {
  it("shows the name in the header, whole in its tooltip and in the menu's heading (a long one ends in '…' there)", async () => {
    const user = userEvent.setup();
    renderAt('/sts/overview');
    const name = screen.getByText('Carl', { selector: '.user-name' });
    expect(name).toHaveAttribute('title', 'Carl');
    const trigger = screen.getByRole('button', { name: /Carl/ });
    // It discloses a list, not a menu of menu items: no "haspopup" announcing one that arrow keys would walk.
    expect(trigger).not.toHaveAttribute('aria-haspopup');
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(within(screen.getByRole('list', { name: 'User menu' })).getByText('Carl')).toBeInTheDocument();
  });

  it('gives focus back to its button when Escape closes it', async () => {
    const user = userEvent.setup();
    renderAt('/sts/overview');
    const button = screen.getByRole('button', { name: /Carl/ });
    await user.click(button);
    await user.tab();
    expect(within(screen.getByRole('list', { name: 'User menu' })).getByRole('link', { name: 'Profile' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'User menu' })).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});

describe('the user menu from the keyboard', () => {
  it('closes when Tab takes the focus past it, not while the focus moves within it', async () => {
    const user = userEvent.setup();
    const session: Session = { ...ANONYMOUS_SESSION, enabled: true, status: 'signed-in', profile: { id: 'u1', systemRoles: [] }, displayName: 'Carl', signOut: vi.fn() };
    const router = createMemoryRouter([{ path: '/', element: <><UserMenu /><button type="button">Next on the page</button></> }]);
    renderWithProviders(
      <SessionContext.Provider value={session}>
        <RouterProvider router={router} />
      </SessionContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: /Carl/ }));
    await user.tab();
    await user.tab();
    expect(within(screen.getByRole('list', { name: 'User menu' })).getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next on the page' })).toHaveFocus();
    expect(screen.queryByRole('list', { name: 'User menu' })).not.toBeInTheDocument();
  });
});

describe('sign out from the user menu', () => {
  it('stays on a public page, with its filters', async () => {
    const signOut = renderAt('/sts/overview?mode=table');
    await signOutFromMenu();
    expect(signOut).toHaveBeenCalledWith('#/sts/overview?mode=table');
  });

  it('leaves a page that needs a sign-in', async () => {
    const signOut = renderAt('/profile');
    await signOutFromMenu();
    expect(signOut).toHaveBeenCalledWith(undefined);
  });
});
