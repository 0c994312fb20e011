import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getApiBase } from '../api/client';

/** Water Quality Portal query parameters, in order (a key may repeat). */
export type WqpParams = [string, string][];

/** This portal's WQP base URL (what dataretrieval's base_url names). */
export function wqpBaseUrl(): string {
  return new URL(`${getApiBase().replace(/\/+$/, '')}/wqp`, globalThis.location.origin).href;
}

export function wqpUrl(base: string, service: 'Station' | 'Result', params: WqpParams): string {
  const query = new URLSearchParams([...params, ['mimeType', 'csv']]).toString();
  return `${base}/data/${service}/search?${query}`;
}

/** Keyword arguments of a dataretrieval call: a key named more than once becomes a list. */
function pythonArguments(params: WqpParams): string {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of params) byKey.set(key, [...(byKey.get(key) ?? []), value]);
  return [...byKey].map(([key, values]) => `${key}=${JSON.stringify(values.length > 1 ? values : values[0])}`).join(', ');
}

export function pythonSnippet(base: string, params: WqpParams): string {
  const args = pythonArguments(params);
  return [
    'import dataretrieval',
    'from dataretrieval import wqp',
    '',
    `with dataretrieval.configure(wqp.WqpConfiguration(base_url=${JSON.stringify(base)})):`,
    `    sites, _ = wqp.what_sites(${args})`,
    `    results, _ = wqp.get_results(${args})`,
  ].join('\n');
}

export function rSnippet(base: string, params: WqpParams): string {
  return [
    `sites <- read.csv(${JSON.stringify(wqpUrl(base, 'Station', params))})`,
    `results <- read.csv(${JSON.stringify(wqpUrl(base, 'Result', params))})`,
  ].join('\n');
}

function CopyableCode({ label, text }: { label: string; text: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'copied' | 'failed' | null>(null);
  const copy = () => {
    navigator.clipboard
      .writeText(text)
      .then(() => setStatus('copied'))
      .catch(() => setStatus('failed'));
  };
  return (
    <figure className="use-in-python-code">
      <figcaption>
        {label}{' '}
        <button type="button" onClick={copy}>
          {t('shell.useInPython.copy', { what: label })}
        </button>{' '}
        <span role="status">
          {status === 'copied' ? t('shell.useInPython.copied') : status === 'failed' ? t('shell.useInPython.copyFailed') : null}
        </span>
      </figcaption>
      {/* Scrolls sideways in its box: focusable, so a keyboard scrolls it too. */}
      <pre tabIndex={0} aria-label={label}>
        <code>{text}</code>
      </pre>
    </figure>
  );
}

/** "Use in Python / R": the WQP addresses of a query and a dataretrieval snippet for it (Python and R),
 * with this portal as the base URL, each copied by a button. Used by the explorer (its filters) and the
 * station page (its site). */
export function UseInPython({ params, intro, note }: { params: WqpParams; intro: string; note?: string }) {
  const { t } = useTranslation();
  const base = wqpBaseUrl();
  return (
    <details className="use-in-python">
      <summary>{t('shell.useInPython.title')}</summary>
      <p>{intro}</p>
      {note && <p className="muted">{note}</p>}
      <CopyableCode label={t('shell.useInPython.stations')} text={wqpUrl(base, 'Station', params)} />
      <CopyableCode label={t('shell.useInPython.results')} text={wqpUrl(base, 'Result', params)} />
      <CopyableCode label={t('shell.useInPython.python')} text={pythonSnippet(base, params)} />
      <CopyableCode label={t('shell.useInPython.r')} text={rSnippet(base, params)} />
    </details>
  );
}
