import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, SessionEndedError } from '../api/client';
import { changeLanguage } from '../i18n';
import { renderWithProviders } from '../test/render';
import { MESSAGE_TIMEOUT_MS, Toasts, toast, useToasts } from './toast';

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

describe('a toast being read', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stays while the pointer is on it, and goes its whole time after the pointer leaves', () => {
    renderWithProviders(<Toasts />);
    act(() => void toast.error(new Error('The station could not be saved.')));
    const shown = screen.getByRole('alert');
    fireEvent.pointerEnter(shown);
    act(() => vi.advanceTimersByTime(MESSAGE_TIMEOUT_MS * 3));
    expect(screen.getByRole('alert')).toHaveTextContent('The station could not be saved.');
    fireEvent.pointerLeave(shown);
    act(() => vi.advanceTimersByTime(MESSAGE_TIMEOUT_MS - 1));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps its dismiss button while the keyboard focus is on it', () => {
    renderWithProviders(<Toasts />);
    act(() => void toast.success('Language changed successfully.'));
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    act(() => vi.advanceTimersByTime(MESSAGE_TIMEOUT_MS * 3));
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveFocus();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).blur());
    act(() => vi.advanceTimersByTime(MESSAGE_TIMEOUT_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('does not hold the next toast for a pointer that dismissed the last one and has not moved since', () => {
    renderWithProviders(<Toasts />);
    act(() => void toast.success('Added dashboard: Rivers.'));
    fireEvent.pointerEnter(screen.getByRole('status'));
    act(() => screen.getByRole('button', { name: 'Dismiss' }).click()); // no pointerleave: the pointer stays put
    act(() => void toast.success('Language changed successfully.'));
    act(() => vi.advanceTimersByTime(MESSAGE_TIMEOUT_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('lets the others go again once one is dismissed from its own button', () => {
    renderWithProviders(<Toasts />);
    act(() => {
      toast.success('Added dashboard: Rivers.');
      toast.success('Language changed successfully.');
    });
    const [first] = screen.getAllByRole('button', { name: 'Dismiss' });
    act(() => first!.focus());
    act(() => first!.click());
    act(() => vi.advanceTimersByTime(MESSAGE_TIMEOUT_MS));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
