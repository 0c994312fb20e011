import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../api/client';
import { changeLanguage, LANGUAGE_STORAGE_KEY } from '../i18n';
import { jsonResponse, renderApp } from '../test/render';

const info = { name: 'Open Water Data', version: '0.1.0', stage: 'local', buildTime: '' };

beforeEach(() => {
  setApiBase(undefined);
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, info)));
});

describe('routes', () => {
  it('redirects / to the home path /home, which shows the system information', async () => {
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Open Water Data' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByLabelText('System information')).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path, naming it', async () => {
    renderApp('/no/such/page?x=1');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no page at /no/such/page?x=1.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/home');
  });

  it('shows on /404 the path passed in the url query parameter', async () => {
    renderApp('/404?url=%2Fsts%2Fmissing');

    expect(await screen.findByText('There is no page at /sts/missing.')).toBeInTheDocument();
  });
});

describe('layout', () => {
  it('has a header with the product name and a language dropdown listing both languages', async () => {
    const user = userEvent.setup();
    renderApp('/home');

    const header = await screen.findByRole('banner');
    expect(header).toHaveTextContent('Open Water Data');
    await screen.findByText('Version');
    const button = screen.getByRole('button', { name: 'Language: English' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);

    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('option', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: '简体中文' })).toHaveAttribute('aria-selected', 'false');
  });

  it('switches to Simplified Chinese: labels, <html lang>, toast, the remembered choice; stays open', async () => {
    const user = userEvent.setup();
    renderApp('/home');
    await screen.findByText('Version');

    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('option', { name: '简体中文' }));

    await waitFor(() => expect(screen.getByText('版本')).toBeInTheDocument());
    expect(screen.getByText('部署阶段')).toBeInTheDocument();
    expect(screen.getByText('构建时间')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(await screen.findByText('语言切换成功。')).toBeInTheDocument();
    // The dropdown stays open after a choice, with the new language marked selected.
    expect(screen.getByRole('option', { name: '简体中文' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('option', { name: 'English' }));
    await waitFor(() => expect(screen.getByText('Version')).toBeInTheDocument());
    expect(await screen.findByText('Language changed successfully.')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });

  it('closes the language dropdown when the route changes, after a choice too', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/home');
    await screen.findByText('Version');

    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(screen.getByRole('option', { name: '简体中文' }));
    expect(await screen.findByRole('listbox', { name: '语言' })).toBeInTheDocument();

    await act(() => router.navigate('/sts/mission'));

    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '语言：简体中文' })).toHaveAttribute('aria-expanded', 'false');
    await act(() => changeLanguage('en'));
  });
});
