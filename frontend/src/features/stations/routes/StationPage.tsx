import '../stations.css';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useParams } from 'react-router';
import { Loading } from '../../../shell/Loading';
import { useStation } from '../api/station';
import { useStationTypeName } from '../api/stationType';

/** /sts/station/{stationId}: the station's name and identifier, tabs Chart and Info, and the tab. */
export function StationPage() {
  const { t } = useTranslation();
  const { stationId } = useParams();
  const { data: station, error, isLoading } = useStation(stationId);
  const stationType = useStationTypeName(station?.stationType);

  if (error) {
    return (
      <div role="alert" className="alert alert-error">
        {t('stations.failed', { message: error instanceof Error ? error.message : String(error) })}
      </div>
    );
  }
  if (isLoading || !station) return <Loading />;
  return (
    <article className="station-page" aria-labelledby="station-title">
      <header className="station-head">
        <NavLink to="/sts/overview" className="back-link">{t('stations.back')}</NavLink>
        <h1 id="station-title">{station.name || station.identifier}</h1>
        <p className="muted">
          {station.identifier}
          {stationType ? ` · ${stationType}` : ''}
        </p>
      </header>
      <nav className="tabs" aria-label={t('stations.tabs')}>
        <NavLink to="chart">{t('stations.chart.tab')}</NavLink>
        <NavLink to="info">{t('stations.info.tab')}</NavLink>
      </nav>
      <Outlet context={station} />
    </article>
  );
}

export default StationPage;
