import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountyOptions } from '../api/counties';
import type { Option } from '../api/options';
import { useOrganizationOptions } from '../api/organizations';
import { useParameterOptions } from '../api/parameters';
import { useProjectOptions } from '../api/projects';
import { useStationTypeOptions } from '../api/stationTypes';
import { countsOf, type StationSet } from '../api/statistic';
import { colorByOptions } from '../lib/colorBy';
import { activeFilterCount, EMPTY_FILTERS, type ExplorerFilters } from '../lib/filters';
import { OptionFilter } from './OptionFilter';
import { DateRangeFields } from '../../../shell/DateRangeFields';
import { hucProblem, type FilterProblem } from '../../../lib/filterChecks';
import { chineseNamesOf, withChineseName } from '../../../lib/parameterNames';

/** How long typing pauses before a text filter is written to the address. */
export const TEXT_DEBOUNCE_MS = 400;

/** A text box whose value reaches the filters after a pause in typing, or at once on Enter. */
function DebouncedInput({ label, value, onCommit, type = 'search', placeholder, problem }: {
  label: string; value: string; onCommit: (value: string) => void; type?: string; placeholder?: string;
  /** What is wrong with the committed value, said at the field. */
  problem?: FilterProblem;
}) {
  const { t } = useTranslation();
  const problemId = useId();
  const [draft, setDraft] = useState(value);
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => commit.current(draft.trim()), TEXT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <div className="field-group">
      <label className="field">
        <span>{label}</span>
        <input
          type={type}
          value={draft}
          placeholder={placeholder}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onCommit(draft.trim());
          }}
        />
      </label>
      {problem && (
        <p id={problemId} className="field-error">
          {t(`validation.${problem}`)}
        </p>
      )}
    </div>
  );
}

export interface FilterPanelProps {
  filters: ExplorerFilters;
  onChange: (filters: ExplorerFilters) => void;
  stations: StationSet | undefined;
  /** The panel sits under a fold that already says "Filters" (a phone): its heading is for screen readers only. */
  headingHidden?: boolean;
}

/** Organizations, projects, parameters, station types, date range, county, hydrologic unit, free text;
 * and what colours the map (station type, or a measured parameter's latest value). */
export function FilterPanel({ filters, onChange, stations, headingHidden = false }: FilterPanelProps) {
  const { t, i18n } = useTranslation();
  const organizations = useOrganizationOptions();
  const projects = useProjectOptions(filters.organization);
  const parameters = useParameterOptions();
  const stationTypes = useStationTypeOptions();
  const counties = useCountyOptions();
  const set = <K extends keyof ExplorerFilters>(key: K, value: ExplorerFilters[K]) => onChange({ ...filters, [key]: value });
  // Counted over the stations loaded only when they are all of the result (a table's chunk may be a part of
  // it): a part's counts would be wrong, so then none is shown.
  const whole = stations && stations.stationType.length === stations.total ? stations : undefined;
  // The server counts them (totals): the map's points carry no organization; a table's rows do.
  const organizationCounts = useMemo(
    () => stations?.organizationCounts ?? (whole?.organizationId.length ? countsOf(whole.organizationId) : undefined),
    [stations, whole],
  );
  const typeCounts = useMemo(() => countsOf(whole?.stationType), [whole]);
  // Counties with matching stations first (most stations first), then the others by name.
  const countyOptions = useMemo(() => {
    const counts = stations?.countyCounts;
    if (!counties.data || !counts) return counties.data;
    const collator = new Intl.Collator();
    return [...counties.data].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0) || collator.compare(a.name, b.name));
  }, [counties.data, stations]);
  // A parameter is found by its Chinese names too (lib/parameterNames), and in Chinese listed by the first beside its
  // WQX name (the name files and WQX use).
  const parameterNaming = useMemo(
    () => ({
      otherNamesOf: (option: Option) => chineseNamesOf(option.name),
      nameOf: (option: Option) => withChineseName(option.name, chineseNamesOf(option.name)[0], i18n.language),
    }),
    [i18n.language],
  );
  // Colour by: the parameters the current result measures (all of them while that is unknown), a parameter's
  // sample fractions apart (Dissolved and Total phosphorus are two analytes), and the chosen one. Named as the
  // parameter filter names them (in Chinese, the Chinese name beside the WQX one) and sorted by that name in the
  // interface's language (in Chinese, by pinyin, the names without a Chinese one after).
  const measured = useMemo(() => {
    const byId = new Map((parameters.data ?? []).map((p) => [p.id, p]));
    const ids = stations?.parameterIds ?? (parameters.data ?? []).map((p) => p.id);
    const collator = new Intl.Collator(i18n.language);
    return colorByOptions(ids, stations?.fractions, filters.colorBy, {
      parameter: (id) => {
        const parameter = byId.get(id);
        return parameter ? parameterNaming.nameOf(parameter) : id;
      },
      withFraction: (name, fraction) => t('explorer.map.fractionName', { name, fraction }),
    }).sort((a, b) => collator.compare(a.name, b.name));
  }, [parameters.data, stations, filters.colorBy, t, i18n.language, parameterNaming]);
  const active = activeFilterCount({ ...filters, colorBy: '' });

  return (
    <form className="filter-panel" aria-label={t('explorer.filters.title')} onSubmit={(e) => e.preventDefault()} role="search">
      <div className="filter-panel-head">
        <h2 className={headingHidden ? 'visually-hidden' : undefined}>{t('explorer.filters.title')}</h2>
        {active > 0 && (
          <button type="button" className="link-button" onClick={() => onChange({ ...EMPTY_FILTERS, colorBy: filters.colorBy, extra: {} })}>
            {t('explorer.filters.clear', { count: active })}
          </button>
        )}
      </div>
      <DebouncedInput label={t('explorer.filters.q')} value={filters.q} onCommit={(v) => set('q', v)} placeholder={t('explorer.filters.qPlaceholder')} />
      <OptionFilter
        title={t('explorer.filters.organization')}
        options={organizations.data}
        loading={organizations.isLoading}
        selected={filters.organization}
        counts={organizationCounts}
        onChange={(v) => onChange({ ...filters, organization: v, project: [] })}
        open
      />
      <OptionFilter title={t('explorer.filters.project')} options={projects.data} loading={projects.isLoading} selected={filters.project} onChange={(v) => set('project', v)} />
      <OptionFilter
        title={t('explorer.filters.parameter')}
        options={parameters.data}
        loading={parameters.isLoading}
        selected={filters.parameter}
        onChange={(v) => set('parameter', v)}
        {...parameterNaming}
      />
      <OptionFilter
        title={t('explorer.filters.stationType')}
        options={stationTypes.data}
        loading={stationTypes.isLoading}
        selected={filters.stationType}
        counts={typeCounts}
        onChange={(v) => set('stationType', v)}
      />
      <DateRangeFields
        legend={t('explorer.filters.dateRange')}
        fromLabel={t('explorer.filters.from')}
        toLabel={t('explorer.filters.to')}
        from={filters.from}
        to={filters.to}
        onChange={set}
      />
      <OptionFilter
        title={t('explorer.filters.county')}
        options={countyOptions}
        loading={counties.isLoading}
        selected={filters.county}
        counts={stations?.countyCounts}
        onChange={(v) => set('county', v)}
      />
      <DebouncedInput
        label={t('explorer.filters.huc')}
        value={filters.huc}
        onCommit={(v) => set('huc', v)}
        type="text"
        placeholder="01020003"
        problem={filters.huc ? hucProblem(filters.huc) : undefined}
      />
      <label className="field color-by">
        <span>{t('explorer.map.colorBy')}</span>
        <select value={filters.colorBy} onChange={(e) => set('colorBy', e.target.value)}>
          <option value="">{t('explorer.map.stationType')}</option>
          {measured.length > 0 && (
            <optgroup label={t('explorer.map.measured')}>
              {measured.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </label>
    </form>
  );
}
