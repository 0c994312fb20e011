/**
 * Lazily loaded views (spec: shell). Nothing for the first 300 ms, then a spinner with
 * 'Loading...'; after 8000 ms, or when the code cannot be loaded, an empty-state box
 * 'Component load failed' (and the load error as an error toast).
 */
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from './toast';

export const LAZY_DELAY_MS = 300;
export const LAZY_TIMEOUT_MS = 8000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;
export type ViewLoader = () => Promise<{ default: AnyComponent } | AnyComponent>;

type Phase = { phase: 'waiting' | 'spinner' | 'failed' } | { phase: 'ready'; Component: AnyComponent };
/** The phase of one loader: a state left over from another loader (a sibling route's) is never drawn. */
type State = Phase & { load: ViewLoader };

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

export function LoadFailed() {
  const { t } = useTranslation();
  return (
    <div className="empty-state" role="alert">
      <span className="empty-state-icon" aria-hidden="true">
        ⚠
      </span>
      <p>{t('shell.lazy.failed')}</p>
    </div>
  );
}

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
  const initial = (): State => {
    const Component = loaded.get(load);
    return Component ? { load, phase: 'ready', Component } : { load, phase: 'waiting' };
  };
  const [stored, setState] = useState<State>(initial);
  // React keeps one LazyView across sibling routes; a new loader starts from its own state.
  const state = stored.load === load ? stored : initial();

  useEffect(() => {
    if (loaded.has(load)) return;
    let settled = false;
    const spinnerTimer = setTimeout(() => !settled && setState({ load, phase: 'spinner' }), delay);
    const timeoutTimer = setTimeout(() => {
      if (settled) return;
      settled = true;
      setState({ load, phase: 'failed' });
    }, timeout);
    load().then(
      (module) => {
        const Component = typeof module === 'function' ? module : module.default;
        loaded.set(load, Component);
        if (settled) return;
        settled = true;
        setState({ load, phase: 'ready', Component });
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        toast.error(error);
        setState({ load, phase: 'failed' });
      },
    );
    return () => {
      settled = true;
      clearTimeout(spinnerTimer);
      clearTimeout(timeoutTimer);
    };
  }, [load, delay, timeout]);

  switch (state.phase) {
    case 'waiting':
      return null;
    case 'spinner':
      return <Spinner />;
    case 'failed':
      return <LoadFailed />;
    case 'ready':
      return <state.Component {...props} />;
  }
}

/** A route element for a lazily loaded page: `element: lazyView(() => import('./Page'))`. */
export function lazyView(load: ViewLoader, props?: Record<string, unknown>) {
  return <LazyView load={load} props={props} />;
}
