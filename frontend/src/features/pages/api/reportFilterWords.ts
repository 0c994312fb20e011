import { useTranslation } from 'react-i18next';
import useSWR, { type Key } from 'swr';
import { COUNTIES_PATH, getCountyOptions } from '../../explorer/api/counties';
import type { Option } from '../../explorer/api/options';
import { getOrganizationOptions, ORGANIZATIONS_PATH } from '../../explorer/api/organizations';
import { getParameterOptions, PARAMETERS_PATH } from '../../explorer/api/parameters';
import { getProjectOptions, PROJECT_IDS_PATH } from '../../explorer/api/projects';
import { getStationTypeOptions, STATION_TYPES_PATH } from '../../explorer/api/stationTypes';
import { REPORT_FILTERS, type ReportRequest } from './report';

type Filter = ReportRequest['filter'];

/** The explorer's option list of a filter, read (with the explorer's cache key) only when the filter is used. */
function useNames(used: boolean, key: Key, read: () => Promise<Option[]>): Map<string, string> {
  const { data } = useSWR(used ? key : null, read);
  return new Map((data ?? []).map((option) => [option.id, option.name]));
}

/**
 * The explorer's filter of the report's address in words, in the interface's language, as the explorer's
 * filter panel names it: "Station types: Groundwater; Search stations: Honolulu". Organizations, projects,
 * parameters, station types and counties by name (by id until their list has come, or when it lacks one).
 */
export function useReportFilterWords(filter: Filter): string {
  const { t } = useTranslation();
  const organizationIds = filter.organization?.split(',') ?? [];
  const names: Partial<Record<keyof Filter, Map<string, string>>> = {
    organization: useNames(!!filter.organization, ORGANIZATIONS_PATH, getOrganizationOptions),
    project: useNames(!!filter.project, [PROJECT_IDS_PATH, organizationIds.join(',')], () => getProjectOptions(organizationIds)),
    parameter: useNames(!!filter.parameter, PARAMETERS_PATH, getParameterOptions),
    stationType: useNames(!!filter.stationType, STATION_TYPES_PATH, getStationTypeOptions),
    county: useNames(!!filter.county, COUNTIES_PATH, getCountyOptions),
  };
  const nameOf = (filterName: keyof Filter, id: string) => {
    const listed = names[filterName]?.get(id) ?? id;
    // The built-in station types in the interface's language, as the explorer shows them.
    return filterName === 'stationType' ? t(`explorer.stationTypes.${id}`, { defaultValue: listed }) : listed;
  };
  return REPORT_FILTERS.filter((name) => filter[name])
    .map((name) => {
      const value = filter[name]!;
      const values = name === 'q' ? [value] : value.split(',').map((id) => nameOf(name, id.trim()));
      return t('pages.reportForm.filter', {
        name: t(`explorer.filters.${name}`),
        values: values.join(t('pages.reportForm.valueSeparator')),
      });
    })
    .join(t('pages.reportForm.filterSeparator'));
}
