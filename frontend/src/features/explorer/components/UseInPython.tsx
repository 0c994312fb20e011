import { useTranslation } from 'react-i18next';
import { UseInPython as UseInPythonPanel, type WqpParams } from '../../../shell/UseInPython';
import { useParameterOptions } from '../api/parameters';
import type { ExplorerFilters } from '../lib/filters';
import { listText } from '../../../lib/lists';

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

/** "Use in Python / R" for the explorer's current filters (and which of them WQP cannot express). */
export function UseInPython({ filters }: { filters: ExplorerFilters }) {
  const { t, i18n } = useTranslation();
  const parameters = useParameterOptions();
  const names = Object.fromEntries((parameters.data ?? []).map((p) => [p.id, p.name]));
  const { params, left } = wqpParams(filters, names);
  const note = left.length
    ? t('explorer.useInPython.notInQuery', { filters: listText(left.map((name) => t(`explorer.useInPython.${name}`)), i18n.language) })
    : undefined;
  return <UseInPythonPanel params={params} intro={t('explorer.useInPython.intro')} note={note} />;
}
