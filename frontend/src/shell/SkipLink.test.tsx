import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../api/client';
import { changeLanguage } from '../i18n';
import { jsonResponse, renderApp } from '../test/render';

beforeEach(() => {
  setApiBase(undefined);
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { name: 'Open Water Data', version: '0.1.0', stage: 'local', buildTime: '' })));
});

describe('the skip link', () => {
  it('is the first thing Tab reaches and takes the focus past the header and the menu to the main content, the route unchanged', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    await screen.findByText('Version');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveClass('skip-link');
    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(router.state.location.pathname).toBe('/home');
    // From there, Tab goes on into the page, not back through the header.
    await user.tab();
    expect(main).toContainElement(document.activeElement as HTMLElement);
  });

  it('is one main landmark, and the link speaks Simplified Chinese', async () => {
    renderApp('/home');
    await screen.findByText('Version');
    expect(screen.getAllByRole('main')).toHaveLength(1);
    await act(() => changeLanguage('zh-CN'));
    expect(screen.getByRole('link', { name: '跳到主要内容' })).toBeInTheDocument();
    await act(() => changeLanguage('en'));
  });
});
