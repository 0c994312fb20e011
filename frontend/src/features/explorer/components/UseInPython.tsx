import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getApiBase } from '../../../api/client';
import { useParameterOptions } from '../api/parameters';
import type { ExplorerFilters } from '../lib/filters';

/** Water Quality Portal query parameters, in order (a key may repeat). */
export type WqpParams = [string, string][];

/** Explorer filters WQP has no parameter for. */
const NOT_IN_WQP = ['stationType', 'q'] as const;

const wqpDate = (iso: string) => `${iso.slice(5, 7)}-${iso.slice(8, 10)}-${iso.slice(0, 4)}`;

/** The explorer's filters as WQP parameters (parameters by their names, counties as US:SS:CCC, a HUC
 * shorter than 8 digits with WQP's wildcard, dates as MM-DD-YYYY), and the filters WQP cannot express. */
export function wqpParams(filters: ExplorerFilters, parameterNames: Record<string, string>): {
  params: WqpParams;
  left: (typeof NOT_IN_WQP)[number][];
} {
  const params: WqpParams = [
    ...filters.organization.map((id): [string, string] => ['organization', id]),
    ...filters.project.map((id): [string, string] => ['project', id]),
    ...filters.parameter.map((id): [string, string] => ['characteristicName', parameterNames[id] ?? id]),
    ...filters.county.map((fips): [string, string] => ['countycode', `US:${fips.slice(0, 2)}:${fips.slice(2)}`]),
  ];
  if (filters.huc) params.push(['huc', filters.huc.length < 8 ? `${filters.huc}*` : filters.huc]);
  if (filters.from) params.push(['startDateLo', wqpDate(filters.from)]);
  if (filters.to) params.push(['startDateHi', wqpDate(filters.to)]);
  const left = NOT_IN_WQP.filter((name) => (name === 'q' ? filters.q : filters.stationType.length));
  return { params, left };
}

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
          {t('explorer.useInPython.copy', { what: label })}
        </button>{' '}
        <span role="status">
          {status === 'copied' ? t('explorer.useInPython.copied') : status === 'failed' ? t('explorer.useInPython.copyFailed') : null}
        </span>
      </figcaption>
      <pre>
        <code>{text}</code>
      </pre>
    </figure>
  );
}

/** "Use in Python / R": the WQP addresses and a dataretrieval snippet for the explorer's current filters. */
export function UseInPython({ filters }: { filters: ExplorerFilters }) {
  const { t } = useTranslation();
  const parameters = useParameterOptions();
  const names = Object.fromEntries((parameters.data ?? []).map((p) => [p.id, p.name]));
  const { params, left } = wqpParams(filters, names);
  const base = wqpBaseUrl();
  return (
    <details className="use-in-python">
      <summary>{t('explorer.useInPython.title')}</summary>
      <p>{t('explorer.useInPython.intro')}</p>
      {left.length > 0 && (
        <p className="muted">
          {t('explorer.useInPython.notInQuery', { filters: left.map((name) => t(`explorer.useInPython.${name}`)).join(', ') })}
        </p>
      )}
      <CopyableCode label={t('explorer.useInPython.stations')} text={wqpUrl(base, 'Station', params)} />
      <CopyableCode label={t('explorer.useInPython.results')} text={wqpUrl(base, 'Result', params)} />
      <CopyableCode label={t('explorer.useInPython.python')} text={pythonSnippet(base, params)} />
      <CopyableCode label={t('explorer.useInPython.r')} text={rSnippet(base, params)} />
    </details>
  );
}
