import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, type Language } from '../i18n';
import { LazyView, reloadPage, type ViewLoader } from './LazyView';
import { toast, Toasts } from './toast';

function Page({ text }: { text: string }) {
  return <p>{text}</p>;
}

/** A loader the test settles when it wants. */
function deferred(text: string) {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<{ default: () => ReactElement }>((ok, fail) => {
    resolve = () => ok({ default: () => <Page text={text} /> });
    reject = fail;
  });
  const load: ViewLoader = () => promise;
  return { load, resolve, reject };
}

beforeEach(() => toast.clear());
afterEach(() => vi.useRealTimers());

const IMPORT_FAILED = 'Failed to fetch dynamically imported module: http://127.0.0.1:8000/assets/InfoPage-aGO7vEEw.js';

describe('a lazily loaded view', () => {
  it('shows nothing for 300 ms, then "Loading...", then the page', async () => {
    vi.useFakeTimers();
    const view = deferred('Loaded page');
    render(<LazyView load={view.load} />);

    await act(async () => vi.advanceTimersByTimeAsync(299));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    await act(async () => view.resolve());
    expect(screen.getByText('Loaded page')).toBeInTheDocument();
  });

  it('gives up after 8000 ms: "Component load failed"', async () => {
    vi.useFakeTimers();
    render(<LazyView load={deferred('never').load} />);
    await act(async () => vi.advanceTimersByTimeAsync(7999));
    expect(screen.queryByText('Component load failed')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Component load failed');
  });

  const WORDS = {
    en: { failed: 'Component load failed', toast: 'This part of the page could not be loaded. Check your connection and try again.', retry: 'Try again' },
    'zh-CN': { failed: '组件加载失败', toast: '页面的这一部分无法加载。请检查网络连接后重试。', retry: '重试' },
  } as const;

  for (const lang of ['en', 'zh-CN'] as Language[]) {
    it(`when the code cannot load: the failure box with "Try again", and a toast saying so in words, the error after them (${lang})`, async () => {
      await initI18n(lang);
      const words = WORDS[lang];
      const user = userEvent.setup();
      let attempts = 0;
      const load: ViewLoader = async () => {
        attempts += 1;
        if (attempts === 1) throw new Error(IMPORT_FAILED);
        return { default: () => <Page text="Loaded page" /> };
      };
      render(
        <>
          <LazyView load={load} />
          <Toasts />
        </>,
      );
      const box = await screen.findByText(words.failed);
      const toastText = screen.getByText(words.toast);
      // The sentence first; the browser's own message (the spec's error message) after it.
      expect(toastText.closest('[role="alert"]')).toHaveTextContent(`${words.toast}${IMPORT_FAILED}`);

      // A fresh import, not the promise that failed.
      await user.click(within(box.closest('.empty-state') as HTMLElement).getByRole('button', { name: words.retry }));
      expect(await screen.findByText('Loaded page')).toBeInTheDocument();
      expect(attempts).toBe(2);
    });
  }

  it('reloads the page when trying again fails too (browsers may keep a failed module failed)', async () => {
    const reload = vi.spyOn(reloadPage, 'now').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const load: ViewLoader = () => Promise.reject(new Error(IMPORT_FAILED));
    render(<LazyView load={load} />);
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('switches between sibling views that have loaded before (one LazyView, another loader)', async () => {
    const first = deferred('First page');
    const second = deferred('Second page');
    const { rerender } = render(<LazyView load={first.load} />);
    await act(async () => first.resolve());
    rerender(<LazyView load={second.load} />);
    expect(screen.queryByText('First page')).not.toBeInTheDocument();
    await act(async () => second.resolve());
    expect(screen.getByText('Second page')).toBeInTheDocument();

    rerender(<LazyView load={first.load} />);
    expect(screen.getByText('First page')).toBeInTheDocument();
    rerender(<LazyView load={second.load} />);
    expect(screen.getByText('Second page')).toBeInTheDocument();
  });
});
