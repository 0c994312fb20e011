import './widgets.css';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import useSWR from 'swr';
import { Loading } from '../../../shell/Loading';
import { getStatistic, STATISTIC_PATH } from '../api/statistic';
import { useStationTypeOptions } from '../api/stationTypes';
import { parseFilters, toSearchParams, toStationQuery, withoutColorBy, DEFAULT_MODE } from '../lib/filters';
import { readTableConfig } from './config';

/** The station table widget: the first stations matching the saved explorer filters, each linking to its page. */
export function StationTableWidget({ config }: { config: Record<string, unknown> }) {
  const { t } = useTranslation();
  const { filters: search, limit } = readTableConfig(config);
  const filters = useMemo(() => parseFilters(new URLSearchParams(search)), [search]);
  const body = useMemo(() => ({ ...withoutColorBy(toStationQuery(filters)), format: 'objects' as const, limit, offset: 0 }), [filters, limit]);
  const { data: stations, error, isLoading } = useSWR([STATISTIC_PATH, 'widget', JSON.stringify(body)], () => getStatistic(body));
  const explorerSearch = toSearchParams(DEFAULT_MODE, filters).toString();
  const stationTypes = useStationTypeOptions();
  const typeName = (key: string) => stationTypes.data?.find((o) => o.id === key)?.name ?? key;

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
        <span className="muted">{t('dashboards.widgets.stationTable.shown', { shown: stations.length, count: stations.total })}</span>
        <Link to={`/sts/overview${explorerSearch ? `?${explorerSearch}` : ''}`}>{t('dashboards.widgets.stationTable.open')}</Link>
      </p>
      {stations.length === 0 ? (
        <p className="muted">{t('explorer.table.empty')}</p>
      ) : (
        <div className="station-table-widget-scroller" tabIndex={0} role="region" aria-label={t('dashboards.widgets.stationTable.title')}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('explorer.table.name')}</th>
                <th scope="col">{t('explorer.table.identifier')}</th>
                <th scope="col">{t('explorer.table.stationType')}</th>
                <th scope="col" className="numeric">{t('explorer.table.samples')}</th>
                <th scope="col">{t('explorer.table.lastDate')}</th>
              </tr>
            </thead>
            <tbody>
              {stations.id.map((id, i) => (
                <tr key={id || i}>
                  <td>
                    <Link to={`/sts/station/${encodeURIComponent(id)}`}>{stations.name[i] || stations.identifier[i]}</Link>
                  </td>
                  <td>{stations.identifier[i]}</td>
                  <td>{typeName(stations.stationType[i])}</td>
                  <td className="numeric">{stations.sampleCount[i].toLocaleString()}</td>
                  <td>{stations.lastDate[i]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export default StationTableWidget;
