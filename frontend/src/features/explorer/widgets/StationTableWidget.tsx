import './widgets.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import useSWR from 'swr';
import { Loading } from '../../../shell/Loading';
import { getStatistic, STATISTIC_PATH, TABLE_PAGE_SIZE } from '../api/statistic';
import { getOrganizationOptions, ORGANIZATIONS_PATH } from '../api/organizations';
import { useStationTypeOptions } from '../api/stationTypes';
import { parseFilters, parseMode, toSearchParams, toStationQuery, withoutColorBy } from '../lib/filters';
import { LoggerSeriesCount } from '../components/LoggerSeriesCount';
import { tableRows } from '../lib/tableRows';
import { DEFAULT_TABLE_VIEW, parseTableView } from '../lib/tableView';
import type { WidgetProps } from '../../../shell/registry';
import { readTableConfig } from './config';
import { useSidewaysOverflow } from './useSidewaysOverflow';

/**
 * The station table widget: the first stations matching the saved explorer filters, each linking to its page.
 * Saved from a sorted table, it shows that table's first rows: the explorer's first chunk sorted as the explorer
 * sorts it (in the browser), so both list the same stations in the same order; its link opens that table again.
 */
export function StationTableWidget({ config, title }: WidgetProps) {
  const { t } = useTranslation();
  const { filters: search, limit } = readTableConfig(config);
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const filters = useMemo(() => parseFilters(params), [params]);
  const { sort, pageSize } = useMemo(() => parseTableView(params), [params]);
  // Sorted, the rows to show are among the explorer's first chunk (the same request as the explorer's table).
  const body = useMemo(
    () => ({ ...withoutColorBy(toStationQuery(filters)), format: 'objects' as const, limit: sort ? TABLE_PAGE_SIZE : limit, offset: 0 }),
    [filters, limit, sort],
  );
  const { data: stations, error, isLoading } = useSWR([STATISTIC_PATH, 'widget', JSON.stringify(body)], () => getStatistic(body));
  const explorerSearch = toSearchParams(parseMode(params), filters, { ...DEFAULT_TABLE_VIEW, sort, pageSize }).toString();
  const stationTypes = useStationTypeOptions();
  // Organizations sort by their names, as in the explorer (asked for only then).
  const organizations = useSWR(sort?.key === 'organization' ? ORGANIZATIONS_PATH : null, getOrganizationOptions);
  const typeNames = useMemo(() => new Map((stationTypes.data ?? []).map((o) => [o.id, o.name])), [stationTypes.data]);
  const organizationNames = useMemo(() => new Map((organizations.data ?? []).map((o) => [o.id, o.name])), [organizations.data]);
  const typeName = (key: string) => typeNames.get(key) ?? key;
  const rows = useMemo(
    () => (stations ? tableRows(stations, '', sort, { typeNames, organizationNames }).slice(0, limit) : []),
    [stations, sort, typeNames, organizationNames, limit],
  );
  const scroller = useSidewaysOverflow<HTMLDivElement>(rows.length ? rows : null);

  if (error) {
    return (
      <p role="alert" className="alert alert-error">
        {t('explorer.failed', { message: error instanceof Error ? error.message : String(error) })}
      </p>
    );
  }
  if (isLoading || !stations) return <Loading />;
  return (
    <div className="station-table-widget">
      <p className="station-table-widget-head">
        <span className="muted">{t('dashboards.widgets.stationTable.shown', { shown: rows.length, count: stations.total })}</span>
        <Link to={`/sts/overview${explorerSearch ? `?${explorerSearch}` : ''}`}>{t('dashboards.widgets.stationTable.open')}</Link>
      </p>
      {rows.length === 0 ? (
        <p className="muted">{t('explorer.table.empty')}</p>
      ) : (
        // The frame draws a shadow at an edge with columns hidden past it (widths the table cannot fit into);
        // narrower still, each station is a card (widgets.css), so nothing is past a sideways scroll.
        <div
          className="station-table-widget-frame"
          data-more-left={scroller.overflow.start || undefined}
          data-more-right={scroller.overflow.end || undefined}
        >
          <div
            ref={scroller.ref}
            className="station-table-widget-scroller"
            tabIndex={0}
            role="region"
            aria-label={title ?? t('dashboards.widgets.stationTable.title')}
          >
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('explorer.table.name')}</th>
                  <th scope="col">{t('explorer.table.identifier')}</th>
                  <th scope="col">{t('explorer.table.stationType')}</th>
                  <th scope="col" className="numeric">{t('explorer.table.samples')}</th>
                  {/* Apart from the samples, as in the explorer's table: a gauge with only logger data has 0 samples. */}
                  <th scope="col" className="numeric">{t('explorer.table.loggerSeries')}</th>
                  <th scope="col">{t('explorer.table.lastDate')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((i) => (
                  <tr key={stations.id[i] || i}>
                    <td className="cell-name">
                      <Link to={`/sts/station/${encodeURIComponent(stations.id[i])}`}>{stations.name[i] || stations.identifier[i]}</Link>
                    </td>
                    {/* data-label: the column's name before the value when the row is a card. */}
                    <td data-label={t('explorer.table.identifier')}>{stations.identifier[i]}</td>
                    <td className="cell-type" data-label={t('explorer.table.stationType')}>{typeName(stations.stationType[i])}</td>
                    <td className="numeric" data-label={t('explorer.table.samples')}>{stations.sampleCount[i].toLocaleString()}</td>
                    <td className="numeric" data-label={t('explorer.table.loggerSeries')}>
                      <LoggerSeriesCount count={stations.loggerSeries?.[i]} />
                    </td>
                    <td data-label={t('explorer.table.lastDate')}>{stations.lastDate[i]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}

export default StationTableWidget;
