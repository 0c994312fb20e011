/**
 * Lazily loaded views (spec: shell). Nothing for the first 300 ms, then a spinner with
 * 'Loading...'; after 8000 ms, or when the code cannot be loaded, an empty-state box
 * 'Component load failed' with a 'Try again' button (and an error toast: a sentence saying what
 * happened, the load error's own message after it).
 */
import i18next from 'i18next';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';

export const LAZY_DELAY_MS = 300;
export const LAZY_TIMEOUT_MS = 8000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;
export type ViewLoader = () => Promise<{ default: AnyComponent } | AnyComponent>;

type Phase = { phase: 'waiting' | 'spinner' | 'failed' } | { phase: 'ready'; Component: AnyComponent };
/**
 * The phase of one loader and attempt: a state left over from another loader (a sibling route's) is never
 * drawn. `attempt` counts the presses of 'Try again'.
 */
type State = Phase & { load: ViewLoader; attempt: number };

/** Loaded components, so a second visit renders at once. */
const loaded = new WeakMap<ViewLoader, AnyComponent>();

export function Spinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="spinner-box">
      <span className="spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}

export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="alert">
      <span className="empty-state-icon" aria-hidden="true">
        ⚠
      </span>
      <p>{t('shell.lazy.failed')}</p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          {t('shell.lazy.retry')}
        </button>
      )}
    </div>
  );
}

/**
 * 'Try again' after a failed retry reloads the page: some browsers keep a module whose download failed as
 * failed for the rest of the page's life, so only a new page can fetch it again.
 */
export const reloadPage = { now: () => window.location.reload() };

export function LazyView({
  load,
  delay = LAZY_DELAY_MS,
  timeout = LAZY_TIMEOUT_MS,
  props,
}: {
  load: ViewLoader;
  delay?: number;
  timeout?: number;
  props?: Record<string, unknown>;
}) {
  const initial = (attempt = 0): State => {
    const Component = loaded.get(load);
    return Component ? { load, attempt, phase: 'ready', Component } : { load, attempt, phase: 'waiting' };
  };
  const [stored, setState] = useState<State>(initial);
  // React keeps one LazyView across sibling routes; a new loader starts from its own state.
  const state = stored.load === load ? stored : initial();
  const { attempt } = state;

  useEffect(() => {
    if (loaded.has(load)) return;
    let settled = false;
    const spinnerTimer = setTimeout(() => !settled && setState({ load, attempt, phase: 'spinner' }), delay);
    const timeoutTimer = setTimeout(() => {
      if (settled) return;
      settled = true;
      setState({ load, attempt, phase: 'failed' });
    }, timeout);
    // Each attempt imports afresh (a new call of the loader, not the promise that failed).
    load().then(
      (module) => {
        const Component = typeof module === 'function' ? module : module.default;
        loaded.set(load, Component);
        if (settled) return;
        settled = true;
        setState({ load, attempt, phase: 'ready', Component });
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        if (attempt > 0) {
          reloadPage.now();
          return;
        }
        toast.error(error, i18next.t('shell.lazy.unavailable'));
        setState({ load, attempt, phase: 'failed' });
      },
    );
    return () => {
      settled = true;
      clearTimeout(spinnerTimer);
      clearTimeout(timeoutTimer);
    };
  }, [load, delay, timeout, attempt]);

  switch (state.phase) {
    case 'waiting':
      return null;
    case 'spinner':
      return <Spinner />;
    case 'failed':
      return <LoadFailed onRetry={() => setState(initial(attempt + 1))} />;
    case 'ready':
      return <state.Component {...props} />;
  }
}

/** A route element for a lazily loaded page: `element: lazyView(() => import('./Page'))`. */
export function lazyView(load: ViewLoader, props?: Record<string, unknown>) {
  return <LazyView load={load} props={props} />;
}
