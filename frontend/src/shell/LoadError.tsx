/**
 * What a screen shows when its data could not be loaded: what happened in plain words (the server could not be
 * reached, is unavailable, or failed; or the server's own words for a refusal), the technical detail in small
 * print, and "Try again", which loads it again (an SWR `mutate`). It takes the place of the part of the page that
 * failed, so the page's heading and tabs stay.
 */
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { messageOf } from './toast';

export type LoadErrorKind = 'offline' | 'unavailable' | 'server' | 'refused';

/** The HTTP status of a failed call; undefined when no answer arrived (a network failure). */
function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

/**
 * What kind of failure: no answer at all (offline: the browser's "Failed to fetch"), a gateway's or an
 * overloaded server's 502/503/504 (unavailable), any other 5xx (server), or an answer refusing the request
 * (refused: a 4xx, whose message says why in the server's words).
 */
export function loadErrorKind(error: unknown): LoadErrorKind {
  if (!(error instanceof ApiError)) return 'offline';
  const status = error.status;
  if (status === undefined) return 'offline';
  if ([502, 503, 504].includes(status)) return 'unavailable';
  if (status >= 500) return 'server';
  return 'refused';
}

/** The plain sentence for a failure, in the interface's language, and the technical detail behind it (if any). */
export function describeLoadError(t: TFunction, error: unknown): { message: string; detail: string | null } {
  const kind = loadErrorKind(error);
  const status = statusOf(error);
  const original = messageOf(error);
  let message: string;
  if (kind === 'offline') message = t('shell.loadError.offline');
  else if (kind === 'unavailable') message = t('common.serverUnavailable', { status });
  else if (kind === 'server') message = t('shell.loadError.serverError');
  // A refusal (not found, not allowed, ...) is said in the server's own words: they are meant for people.
  else return { message: original, detail: null };
  const parts = [
    status !== undefined && !message.includes(String(status)) ? `HTTP ${status}` : null,
    original && original !== message ? original : null,
  ].filter((part): part is string => !!part);
  return { message, detail: parts.length ? parts.join(' · ') : null };
}

export interface LoadErrorProps {
  error: unknown;
  /** Load again (e.g. SWR's `mutate()`); without it no button. */
  onRetry?: () => unknown;
  /** What could not be loaded, e.g. "The station could not be loaded." */
  title?: string;
}

/** A failed load: what happened in plain words, and "Try again". */
export function LoadError({ error, onRetry, title }: LoadErrorProps) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const { message, detail } = describeLoadError(t, error);
  const retry = async () => {
    if (!onRetry || retrying) return;
    setRetrying(true);
    try {
      await onRetry();
    } catch {
      // The screen shows the new failure itself.
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div className="alert alert-error load-error" role="alert">
      {title && <p className="load-error-title">{title}</p>}
      <p>{message}</p>
      {detail && <p className="load-error-detail">{t('shell.loadError.detail', { detail })}</p>}
      {onRetry && (
        // Not disabled while it runs: a disabled button would drop the focus to the page's body.
        <button type="button" className="button" onClick={() => void retry()} aria-disabled={retrying || undefined}>
          {retrying ? t('shell.loadError.retrying') : t('shell.loadError.retry')}
        </button>
      )}
    </div>
  );
}
