import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, SessionEndedError } from '../api/client';
import { changeLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { Toasts, toast, useToasts } from './toast';

beforeEach(() => toast.clear());

describe('toast.error', () => {
  it("shows the server's message of a failed call", () => {
    toast.error(new ApiError('A project with the key alpha already exists in this organization.', { status: 409 }));
    const { result } = renderHook(() => useToasts());
    expect(result.current.map((t) => [t.kind, t.message])).toEqual([
      ['error', 'A project with the key alpha already exists in this organization.']]);
  });

  it('with a summary, leads with it and keeps the error\'s own message after it', () => {
    toast.error(new Error('Failed to fetch dynamically imported module: http://x/assets/Page.js'), 'This part of the page could not be loaded.');
    const { result } = renderHook(() => useToasts());
    expect(result.current.map((t) => [t.message, t.detail])).toEqual([
      ['This part of the page could not be loaded.', 'Failed to fetch dynamically imported module: http://x/assets/Page.js']]);
  });

  it('stays quiet for a change refused because the session ended: the sign-in dialog says so', () => {
    toast.error(new SessionEndedError());
    const { result } = renderHook(() => useToasts());
    expect(result.current).toEqual([]);
  });
});

describe('a toast with a long unbroken title', () => {
  // jsdom lays nothing out: the page's stylesheet is applied, and what it asks of the toast's text is read back.
  let style: HTMLStyleElement;
  beforeEach(() => {
    style = document.createElement('style');
    style.textContent = readFileSync(join(process.cwd().replace(/\/frontend$/, ''), 'frontend', 'src', 'app', 'styles.css'), 'utf-8');
    document.head.append(style);
  });
  afterEach(() => style.remove());

  it('wraps its text inside the toast instead of running off the right edge', () => {
    renderWithProviders(<Toasts />);
    act(() => void toast.success(`Added dashboard: ${'L'.repeat(120)}.`));
    const shown = screen.getByRole('status');
    const text = screen.getByText(`Added dashboard: ${'L'.repeat(120)}.`);
    expect(shown).toContainElement(text);
    expect(getComputedStyle(text).overflowWrap).toBe('anywhere');
    // The text may shrink to the toast's width (a flex item would otherwise stay as wide as its longest word).
    expect(getComputedStyle(text).minWidth).toMatch(/^0(px)?$/);
  });

  it('wraps in Simplified Chinese too', async () => {
    await changeLanguage('zh-CN');
    try {
      renderWithProviders(<Toasts />);
      act(() => void toast.success(`已添加仪表板：${'L'.repeat(120)}。`));
      const text = screen.getByText(`已添加仪表板：${'L'.repeat(120)}。`);
      expect(screen.getByRole('status')).toContainElement(text);
      expect(getComputedStyle(text).overflowWrap).toBe('anywhere');
      expect(screen.getByRole('button', { name: '关闭提示' })).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
