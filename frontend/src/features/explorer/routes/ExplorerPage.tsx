import '../explorer.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Loading } from '../../../shell/Loading';
import { LoadError } from '../../../shell/LoadError';
import { OFFLINE_MAP_SERVICE, useMapService } from '../api/mapService';
import { useOrganizationOptions } from '../api/organizations';
import { useStationTypeOptions } from '../api/stationTypes';
import { NO_STATIONS, TABLE_PAGE_SIZE, useStationPage, useStationPoints, type StationSet } from '../api/statistic';
import { FilterPanel } from '../components/FilterPanel';
import { WidgetActionBar } from '../../../shell/WidgetActionBar';
import { StationTable } from '../components/StationTable';
import { DEFAULT_TABLE_ROWS, STATION_TABLE_WIDGET } from '../widgets/config';
import { typeColors, typeLegend, valueRange } from '../lib/colors';
import { colorByName } from '../lib/colorBy';
import { parameterDisplayName } from '../../../lib/parameterNames';
import { useParameterOptions } from '../api/parameters';
import { ValueLegend } from '../components/ValueLegend';
import { UseInPython } from '../components/UseInPython';
import { activeFilterCount, filtersAreValid, parseFilters, parseMode, toSearchParams, toStationQuery, withoutColorBy, type ExplorerFilters, type ViewMode } from '../lib/filters';
import { DEFAULT_TABLE_VIEW, pageCount, parseTableView, type TableView } from '../lib/tableView';
import { selectionStore, useStationSelection } from '../lib/selection';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/useMediaQuery';
import { fromExplorer, stationPath } from '../lib/stationLink';

// maplibre-gl is large: it loads only when a map is shown, from the moment the page knows it will
// show one, alongside the stations' data rather than after it.
let stationMapModule: Promise<typeof import('../components/StationMap')> | undefined;
const loadStationMap = () => (stationMapModule ??= import('../components/StationMap'));
const StationMap = lazy(loadStationMap);

/** /sts/overview: the filter panel, the map and the station table; the address holds mode, filters and the
 * table's sort, page and page size. */
export function ExplorerPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const mode = parseMode(params);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => parseFilters(new URLSearchParams(search)), [search]);
  // Filters the form says are wrong are not sent: nothing is shown until they are corrected.
  const valid = filtersAreValid(filters);
  const query = useMemo(() => (valid ? toStationQuery(filters) : null), [filters, valid]);
  const phone = useMediaQuery(PHONE_QUERY);
  const activeFilters = activeFilterCount({ ...filters, colorBy: '' });
  const shownMode: ViewMode = phone && mode === 'both' ? 'map' : mode;
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const view = useMemo(() => parseTableView(new URLSearchParams(search)), [search]);
  // The stations the table lists (the colour by a parameter's value is the map's only).
  const tableQuery = shownMode !== 'map' ? query : null;
  const tableKey = tableQuery && JSON.stringify(withoutColorBy(tableQuery));
  // How many stations the table's query matches, once the server has said: a page past the last one (an old
  // link, fewer stations now) shows the last page, asked of the server in the chunk that holds it.
  const [counted, setCounted] = useState<{ key: string; total: number } | null>(null);
  const total = counted && counted.key === tableKey ? counted.total : undefined;
  const page = total === undefined ? view.page : Math.min(view.page, pageCount(total, view.pageSize));
  const chunk = Math.floor(((page - 1) * view.pageSize) / TABLE_PAGE_SIZE);
  const points = useStationPoints(shownMode !== 'table' ? query : null);
  const table = useStationPage(tableQuery, chunk);
  // (Only an answer to this very query and chunk counts: while another loads, SWR still shows the previous one.)
  if (tableKey && table.data && !table.isLoading && !table.error && table.data.total !== total) {
    setCounted({ key: tableKey, total: table.data.total });
  }
  const error = points.error ?? table.error;
  // Under an error (or filters to correct) no earlier answer is shown, as if it were this one's.
  const shown = !error && query !== null;
  const pointsData = shown ? points.data : undefined;
  // (An answer past the last station, to an address's page past the end, is not shown: the last page is on its way.)
  const pastTheEnd = table.data !== undefined && table.data.length === 0 && table.data.total > 0;
  const tableData = shown && !pastTheEnd ? table.data : undefined;
  const stations = pointsData ?? tableData;
  const isLoading = points.isLoading || table.isLoading;
  const isValidating = points.isValidating || table.isValidating;
  // Showing one organization's stations: its own base map, if it set one.
  const mapService = useMapService(filters.organization.length === 1 ? filters.organization[0] : null);
  const organizations = useOrganizationOptions();
  const stationTypes = useStationTypeOptions();
  const typeNames = useMemo(() => new Map((stationTypes.data ?? []).map((o) => [o.id, o.name])), [stationTypes.data]);
  const { selected } = useStationSelection();
  // A station opened from here carries this address, for its page's way back to the same view.
  const navigate = useNavigate();
  const linkState = useMemo(() => fromExplorer(search), [search]);
  const openStation = useCallback((id: string) => void navigate(stationPath(id), { state: linkState }), [navigate, linkState]);

  useEffect(() => selectionStore.setDevice(phone ? 'mobile' : 'desktop'), [phone]);
  useEffect(() => {
    if (shownMode !== 'table') void loadStationMap();
  }, [shownMode]);

  // Every change is a new history entry, so the back button undoes it: a filter, the mode, and the table's
  // sort, page and page size. New filters start the table at its first page again (its sort and page size
  // stay); so does a new sort or page size.
  const update = useCallback(
    (next: ExplorerFilters) => {
      const sameStations = JSON.stringify(withoutColorBy(toStationQuery(next))) === JSON.stringify(withoutColorBy(toStationQuery(filters)));
      setParams(toSearchParams(mode, next, sameStations ? view : { ...view, page: 1 }));
    },
    [mode, filters, view, setParams],
  );
  const setMode = (nextMode: ViewMode) => setParams(toSearchParams(nextMode, filters, view));
  const setView = (nextView: TableView) => setParams(toSearchParams(mode, filters, nextView));
  // A dashboard's table widget takes the table as it is shown: the mode, the filters, the sort and the page size
  // (it shows the first stations in that order; its link opens this table again, at its first page).
  const filterSearch = useMemo(
    () => toSearchParams(mode, filters, { ...DEFAULT_TABLE_VIEW, sort: view.sort, pageSize: view.pageSize }).toString(),
    [mode, filters, view.sort, view.pageSize],
  );
  const colors = useMemo(() => typeColors((stationTypes.data ?? []).map((o) => o.id)), [stationTypes.data]);
  const legend = useMemo(() => typeLegend(pointsData?.stationType ?? [], colors), [pointsData, colors]);
  const organizationNames = useMemo(() => new Map((organizations.data ?? []).map((o) => [o.id, o.name])), [organizations.data]);
  // Colour by a parameter's latest value: the server sends a value per station and their range (totals.value).
  const parameters = useParameterOptions();
  // (While the answer for a newly chosen parameter loads, the previous one's values are not shown under its name.)
  const answered = pointsData?.valueSummary?.parameterId ?? filters.colorBy;
  const values = filters.colorBy && answered === filters.colorBy ? pointsData?.value : undefined;
  const summary = values ? pointsData?.valueSummary : undefined;
  const range = useMemo((): [number, number] | null => {
    if (!values) return null;
    if (summary && summary.min !== null && summary.max !== null) return [summary.min, summary.max];
    return valueRange(values);
  }, [values, summary]);
  const missing = useMemo(() => (values ? values.filter((v) => v === null).length : 0), [values]);
  // The parameter, and the sample fraction where its values are of several (as the filter names it: in Chinese, its
  // Chinese name beside its WQX one).
  const colorName = colorByName(filters.colorBy, stations?.fractions, {
    parameter: (id) => {
      const name = (parameters.data ?? []).find((p) => p.id === id)?.name;
      return name ? parameterDisplayName({ label: name }, i18n.language) : id;
    },
    withFraction: (name, fraction) => t('explorer.map.fractionName', { name, fraction }),
  });
  const modes: ViewMode[] = phone ? ['map', 'table'] : ['both', 'map', 'table'];
  const resultsText = (set: StationSet) => {
    const results = t('explorer.results', {
      stations: t('explorer.stationCount', { count: set.total }),
      // The count is the stations' samples of every parameter and date: under such a filter, said so.
      samples: t(filters.parameter.length || filters.from || filters.to ? 'explorer.sampleCountAll' : 'explorer.sampleCount', {
        count: set.totalSamples,
      }),
    });
    // Stations with logger series are said apart: their values are not samples (a gauge's "0 samples" is not "no data").
    return set.totalLoggerStations
      ? t('explorer.withLoggerSeries', { results, logger: t('explorer.loggerStationCount', { count: set.totalLoggerStations }) })
      : results;
  };

  return (
    <section className={`explorer explorer-${shownMode}`} aria-labelledby="explorer-title">
      <h1 id="explorer-title" className="visually-hidden">{t('explorer.title')}</h1>
      {/* Folded on a phone, unless a filter needs correcting (its message is in the panel). */}
      <details className="explorer-filters" open={!phone || !valid || undefined}>
        <summary className="filters-toggle">{activeFilters ? t('explorer.filters.toggleActive', { count: activeFilters }) : t('explorer.filters.title')}</summary>
        <FilterPanel filters={filters} onChange={update} stations={stations} headingHidden={phone} />
      </details>
      <div className="explorer-results">
        <div className="explorer-toolbar">
          <p className="result-count" role="status" aria-live="polite">
            {!valid
              ? t('explorer.correctFilters')
              : stations
                ? resultsText(stations)
                : error
                  ? null
                  : t('common.loading')}
            {isValidating && stations ? <span className="muted"> {t('explorer.updating')}</span> : null}
          </p>
          <div className="mode-toggle" role="group" aria-label={t('explorer.mode.label')}>
            {modes.map((m) => (
              <button key={m} type="button" aria-pressed={shownMode === m} onClick={() => setMode(m)}>
                {t(`explorer.mode.${m}`)}
              </button>
            ))}
          </div>
        </div>
        {valid && <UseInPython filters={filters} />}
        {error ? (
          <LoadError
            error={error}
            title={t('explorer.loadFailed')}
            // Both of what failed load again (the map's points, the table's page).
            onRetry={() => Promise.all([points.error ? points.mutate() : undefined, table.error ? table.mutate() : undefined])}
          />
        ) : null}
        {isLoading && !stations && !error && <Loading />}
        {shownMode !== 'table' && (
          <div className="map-panel">
            {mapService.data || mapService.error ? (
              <Suspense fallback={<Loading />}>
                <StationMap
                  // Filters to correct, or an error: no stations, as the table shows none (not the last answer's).
                  stations={shown ? pointsData : NO_STATIONS}
                  legend={legend}
                  valueRange={range}
                  selected={selected}
                  onToggle={selectionStore.toggle}
                  mapService={mapService.data ?? OFFLINE_MAP_SERVICE}
                  onOpenStation={openStation}
                  organizationNames={organizationNames}
                  // A popup's lookup refused (the snapshot was rebuilt since): the map's points of the current one.
                  reloadStations={points.mutate}
                />
              </Suspense>
            ) : null}
            {values ? (
              <ValueLegend
                parameter={colorName}
                summary={{
                  parameterId: filters.colorBy,
                  stations: values.length - missing,
                  unit: null,
                  units: [],
                  ...summary,
                  min: range?.[0] ?? null,
                  max: range?.[1] ?? null,
                }}
                missing={missing}
              />
            ) : pointsData ? (
              <ul className="map-legend" aria-label={t('explorer.map.legend')}>
                {legend.map((entry) => (
                  <li key={entry.type}>
                    <span className="swatch" style={{ background: entry.color }} aria-hidden="true" />
                    {typeNames.get(entry.type) ?? (entry.type || t('explorer.map.none'))} <span className="muted">({entry.count.toLocaleString()})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
        {tableData && shownMode !== 'map' && (
          <WidgetActionBar widget={{ component: STATION_TABLE_WIDGET, config: { filters: filterSearch, limit: DEFAULT_TABLE_ROWS } }} />
        )}
        {tableData && shownMode !== 'map' && (
          <StationTable
            stations={tableData}
            selected={selected}
            onSelectionChange={selectionStore.setSelected}
            organizationNames={organizationNames}
            typeNames={typeNames}
            chunk={chunk}
            chunkSize={TABLE_PAGE_SIZE}
            view={{ ...view, page }}
            onViewChange={setView}
            linkState={linkState}
          />
        )}
      </div>
    </section>
  );
}

export default ExplorerPage;
