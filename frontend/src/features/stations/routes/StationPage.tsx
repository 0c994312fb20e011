import '../stations.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { explorerPathFor, explorerSearchOf } from '../../explorer/lib/stationLink';
import { ApiError } from '../../../api/client';
import { Loading } from '../../../shell/Loading';
import { LoadError } from '../../../shell/LoadError';
import { useStation } from '../api/station';
import { useStationTypeName } from '../api/stationType';

/** No such station: the server does not know the id (404), or it is not an id at all (400). */
const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/** /sts/station/{stationId}: the station's name and identifier, tabs Chart and Info, and the tab. */
export function StationPage() {
  const { t } = useTranslation();
  const { stationId } = useParams();
  const { data: station, error, isLoading, mutate } = useStation(stationId);
  const stationType = useStationTypeName(station?.stationType);
  // Opened from the explorer, the entry's state holds its address: the way back returns to that view (its
  // filters, sort, page). Kept while the page is open, and passed on by its tabs, so a tab or a reload keeps it.
  const location = useLocation();
  const carried = explorerSearchOf(location.state);
  const [explorerSearch, setExplorerSearch] = useState(carried);
  if (carried !== undefined && carried !== explorerSearch) setExplorerSearch(carried);
  const backTo = explorerPathFor(explorerSearch);
  const keep = explorerSearch === undefined ? undefined : { explorerSearch };

  if (isNotFound(error)) {
    return (
      <section className="page error-page" aria-labelledby="station-not-found-title">
        <p className="error-code" aria-hidden="true">404</p>
        <h1 id="station-not-found-title">{t('stations.notFound.title')}</h1>
        <p>{t('stations.notFound.message', { id: stationId })}</p>
        <p>
          <Link to={backTo}>{t('stations.notFound.back')}</Link>
        </p>
      </section>
    );
  }
  const tabs = (
    <nav className="tabs" aria-label={t('stations.tabs')}>
      <NavLink to="chart" state={keep}>{t('stations.chart.tab')}</NavLink>
      <NavLink to="info" state={keep}>{t('stations.info.tab')}</NavLink>
    </nav>
  );
  if (error) {
    // The page's frame stays (the way back, a heading, the tabs): what happened, and "Try again".
    return (
      <article className="station-page" aria-labelledby="station-title">
        <header className="station-head">
          <Link to={backTo} className="back-link">{t('stations.back')}</Link>
          <h1 id="station-title">{t('stations.station')}</h1>
        </header>
        {tabs}
        <LoadError error={error} title={t('stations.loadFailed')} onRetry={() => mutate()} />
      </article>
    );
  }
  if (isLoading || !station) return <Loading />;
  return (
    <article className="station-page" aria-labelledby="station-title">
      <header className="station-head">
        <Link to={backTo} className="back-link">{t('stations.back')}</Link>
        <h1 id="station-title">{station.name || station.identifier}</h1>
        <p className="muted">
          {station.identifier}
          {stationType ? ` · ${stationType}` : ''}
        </p>
      </header>
      {tabs}
      <Outlet context={station} />
    </article>
  );
}

export default StationPage;
