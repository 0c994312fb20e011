import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../api/client';
import { MENU_COLLAPSED_KEY, OVERLAY_MENU_QUERY } from '../shell/menuState';
import { jsonResponse, renderApp } from '../test/render';

/** A window as wide as a phone (the menu lies over the page) or a desktop's. */
function windowOf(kind: 'phone' | 'desktop') {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: kind === 'phone' && query === OVERLAY_MENU_QUERY, media: query }));
}

beforeEach(() => {
  setApiBase(undefined);
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { name: 'Open Water Data', version: '0.1.0', stage: 'local', buildTime: '' })));
});

describe('the menu over the page on a phone', () => {
  it('closes on Escape, giving focus back to its toggle', async () => {
    windowOf('phone');
    const user = userEvent.setup();
    renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Expand menu' }));
    const toggle = screen.getByRole('button', { name: 'Collapse menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Explore data' }).focus();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveFocus();
  });

  it('closes on a tap outside it; the toggle still closes it by itself', async () => {
    windowOf('phone');
    const user = userEvent.setup();
    renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Expand menu' }));
    fireEvent.mouseDown(screen.getByRole('main'));
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    await user.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open on a desktop, where it lies beside the page, and its remembered choice is unchanged', async () => {
    windowOf('desktop');
    const user = userEvent.setup();
    renderApp('/home');
    await user.click(await screen.findByRole('button', { name: 'Expand menu' }));
    await user.keyboard('{Escape}');
    fireEvent.mouseDown(screen.getByRole('main'));
    expect(screen.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(localStorage.getItem(MENU_COLLAPSED_KEY)).toBe('false');
  });
});
