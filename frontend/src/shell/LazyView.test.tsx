import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyView, type ViewLoader } from './LazyView';
import { Toasts } from './toast';

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

afterEach(() => vi.useRealTimers());

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

  it('shows "Component load failed" and the error as a toast when the code cannot load', async () => {
    const view = deferred('never');
    render(
      <>
        <LazyView load={view.load} />
        <Toasts />
      </>,
    );
    await act(async () => view.reject(new Error('Failed to fetch dynamically imported module')));
    expect(screen.getByText('Component load failed')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch dynamically imported module')).toBeInTheDocument();
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
