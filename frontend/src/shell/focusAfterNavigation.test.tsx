import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { useFocusAfterNavigation } from './focusAfterNavigation';
import { MAIN_CONTENT_ID } from './SkipLink';

function Shell() {
  useFocusAfterNavigation();
  return (
    <>
      <nav>
        <Link to="/other">Menu link</Link>
      </nav>
      <main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/table', element: <Link to="/station/1">Station one</Link> },
          { path: '/station/1', element: <h1>Station one</h1> },
          { path: '/other', element: <h1>Other page</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('the focus after a move to another page', () => {
  it('goes to the main landmark when the link the user pressed Enter on left with its page', async () => {
    const user = userEvent.setup();
    renderAt('/table');
    screen.getByRole('link', { name: 'Station one' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Station one' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('stays on a link that is still there (the menu), and is not moved when the page first opens', async () => {
    const user = userEvent.setup();
    renderAt('/table');
    expect(screen.getByRole('main')).not.toHaveFocus();
    const menuLink = screen.getByRole('link', { name: 'Menu link' });
    menuLink.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Other page' })).toBeInTheDocument();
    expect(menuLink).toHaveFocus();
  });
});
