import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { LanguageDropdown } from './LanguageDropdown';

function renderDropdown() {
  const router = createMemoryRouter([{ path: '/', element: <LanguageDropdown /> }]);
  renderWithProviders(<RouterProvider router={router} />);
}

describe('the language dropdown from the keyboard', () => {
  it('opens onto the current language, moves with the arrow keys, Home and End, chooses with Enter and stays open', async () => {
    const user = userEvent.setup();
    renderDropdown();
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    const list = screen.getByRole('listbox', { name: 'Language' });
    expect(within(list).getByRole('option', { name: 'English' })).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { name: '简体中文' })).toHaveFocus();
    // The last one stays the last one (a listbox does not wrap).
    await user.keyboard('{ArrowDown}');
    expect(within(list).getByRole('option', { name: '简体中文' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(within(list).getByRole('option', { name: 'English' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(list).getByRole('option', { name: '简体中文' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(list).getByRole('option', { name: 'English' })).toHaveFocus();

    await user.keyboard('{ArrowDown}{Enter}');
    const chinese = await screen.findByRole('listbox', { name: '语言' });
    expect(within(chinese).getByRole('option', { name: '简体中文' })).toHaveAttribute('aria-selected', 'true');
    expect(within(chinese).getByRole('option', { name: '简体中文' })).toHaveFocus();
    await changeLanguage('en');
  });

  it('gives focus back to its button when Escape closes it, in either language', async () => {
    const user = userEvent.setup();
    renderDropdown();
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    // Focus in the list (a press on the current language changes nothing).
    await user.click(screen.getByRole('option', { name: 'English' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveFocus();

    await changeLanguage('zh-CN');
    await user.click(screen.getByRole('button', { name: '语言：简体中文' }));
    await user.click(screen.getByRole('option', { name: '简体中文' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '语言：简体中文' })).toHaveFocus();
    await changeLanguage('en');
  });

  it('closes when Tab takes the focus past it, and stays open while Shift+Tab goes back to its button', async () => {
    const user = userEvent.setup();
    const router = createMemoryRouter([{ path: '/', element: <><LanguageDropdown /><button type="button">Next on the page</button></> }]);
    renderWithProviders(<RouterProvider router={router} />);
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    expect(screen.getByRole('option', { name: 'English' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveFocus();
    expect(screen.getByRole('listbox', { name: 'Language' })).toBeInTheDocument();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next on the page' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveAttribute('aria-expanded', 'false');
  });
});
