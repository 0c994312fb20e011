import { lazy, Suspense, useEffect, useId, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useOutletContext } from 'react-router';
import { datumLabel } from '../../../lib/datums';
import { Loading } from '../../../shell/Loading';
import { UseInPython, type WqpParams } from '../../../shell/UseInPython';
import { useOrganizationName } from '../api/organization';
import { useParameters } from '../api/parameters';
import { useProjectNames } from '../api/projects';
import { useStationSeries } from '../api/series';
import type { Station } from '../api/station';
import { useStationTypeName } from '../api/stationType';
import { unitLabel } from '../lib/measureUnits';
import { usFieldsApply } from '../lib/unitedStates';

const StationMiniMap = lazy(() => import('../components/StationMiniMap'));

/** A value with its unit ("0.27 sq mi"); null when none is recorded. */
function measure(t: TFunction, value: number | null, unit: string): string | null {
  return value === null ? null : t('stations.info.measure', { value: String(value), unit: unitLabel(t, unit) }).trim();
}

/** The elevation with its vertical datum and how it was found ("160 feet (NGVD29) · Method: Interpolated..."). */
function elevationText(t: TFunction, station: Station): string | null {
  if (station.elevation === null) return null;
  const value = String(station.elevation);
  const unit = unitLabel(t, station.elevationUnit);
  const shown = station.verticalDatum
    ? t('stations.info.elevationAbove', { value, unit, datum: station.verticalDatum })
    : t('stations.info.measure', { value, unit }).trim();
  return station.elevationMethod ? `${shown} · ${t('stations.info.elevationMethod', { method: station.elevationMethod })}` : shown;
}

/** The station as a WQP site: its identifier, in its organization (identifiers are unique per organization). */
function wqpSite(station: Station): WqpParams {
  const site: WqpParams = [['siteid', station.identifier]];
  return station.organizationId ? [...site, ['organization', station.organizationId]] : site;
}

/** station-info: metadata, a small map, projects, and parameters with counts and first/last dates. */
export function StationInfoPage() {
  const { t } = useTranslation();
  const headingId = useId();
  const station = useOutletContext<Station>();
  const organization = useOrganizationName(station.organizationId || undefined);
  const projects = useProjectNames(station.organizationId || undefined);
  // A project the names read before do not hold (made since this page was opened) is asked for once more.
  const unnamed = projects.data ? station.projects.filter((id) => !projects.data!.has(id)).join(',') : '';
  const askedFor = useRef('');
  const { mutate: readNamesAgain } = projects;
  useEffect(() => {
    if (unnamed && askedFor.current !== unnamed) {
      askedFor.current = unnamed;
      void readNamesAgain();
    }
  }, [unnamed, readNamesAgain]);
  const parameters = useParameters();
  const series = useStationSeries(station.id);
  const stationType = useStationTypeName(station.stationType);
  const none = <span className="muted">{t('stations.info.none')}</span>;
  const fact = (label: string, value: string | number | null | undefined) => (
    <>
      <dt>{label}</dt>
      <dd>{value === null || value === undefined || value === '' ? none : value}</dd>
    </>
  );
  const hasPosition = station.latitude !== null && station.longitude !== null;
  // HUC and county FIPS are the United States' codes: shown where they can apply, and always when recorded.
  const usFields = usFieldsApply(station);
  const usFact = (label: string, value: string) => (usFields || value ? fact(label, value) : null);
  // No summary yet is no sample yet (the summary is written with the first sample): 0, not "not recorded".
  const sampleCount = station.sampleCount ?? (station.parameters.length === 0 ? 0 : null);

  return (
    <section className="station-info" aria-label={t('stations.info.tab')}>
      <div className="info-grid">
        <dl className="facts" aria-label={t('stations.info.metadata')}>
          {fact(t('stations.info.identifier'), station.identifier)}
          {fact(t('stations.info.name'), station.name)}
          {fact(t('stations.info.organization'), organization.data ?? station.organizationId)}
          {fact(t('stations.info.stationType'), stationType)}
          {fact(t('stations.info.monitoringLocationType'), station.monitoringLocationType)}
          {fact(t('stations.info.position'), hasPosition ? `${station.latitude}, ${station.longitude}` : '')}
          {/* By the name the New station form gives it ("WGS 84 (GPS, phones, web maps)"), not its WQX code alone. */}
          {fact(t('stations.info.horizontalDatum'), station.horizontalDatum ? datumLabel(t, station.horizontalDatum) : null)}
          {/* The elevation and drainage areas a Station profile gave (imports), only where recorded. */}
          {station.elevation !== null ? fact(t('stations.info.elevation'), elevationText(t, station)) : null}
          {station.drainageArea !== null
            ? fact(t('stations.info.drainageArea'), measure(t, station.drainageArea, station.drainageAreaUnit))
            : null}
          {station.contributingDrainageArea !== null
            ? fact(
                t('stations.info.contributingDrainageArea'),
                measure(t, station.contributingDrainageArea, station.contributingDrainageAreaUnit),
              )
            : null}
          {usFact(t('stations.info.huc8'), station.huc8)}
          {usFact(t('stations.info.huc12'), station.huc12)}
          {usFact(t('stations.info.county'), station.countyFips)}
          <dt>{t('stations.info.samples')}</dt>
          <dd>
            {sampleCount === null ? none : sampleCount.toLocaleString()}
            {/* A gauge's values are its logger series, not samples: say where they are. */}
            {sampleCount === 0 && station.loggerSeries.length > 0 && (
              <>
                {' · '}
                <Link to="../chart" relative="path">
                  {t('stations.info.loggerSeriesOnChart', { count: station.loggerSeries.length })}
                </Link>
              </>
            )}
          </dd>
          {sampleCount === 0 && !station.firstDate
            ? null
            : fact(t('stations.info.period'), station.firstDate ? `${station.firstDate} – ${station.lastDate}` : '')}
          {station.description ? fact(t('stations.info.description'), station.description) : null}
        </dl>
        {hasPosition && (
          <Suspense fallback={<Loading />}>
            <StationMiniMap latitude={station.latitude!} longitude={station.longitude!} label={t('stations.info.map')} />
          </Suspense>
        )}
      </div>
      <h2>{t('stations.info.projects')}</h2>
      {station.projects.length === 0 ? (
        <p className="muted">{t('stations.info.noProjects')}</p>
      ) : (
        <ul className="project-list">
          {station.projects.map((id) => (
            <li key={id}>{projects.data?.get(id) ?? id}</li>
          ))}
        </ul>
      )}
      <h2 id={`${headingId}-parameters`}>{t('stations.info.parameters')}</h2>
      {station.parameters.length === 0 ? (
        <p className="muted">{t(station.loggerSeries.length ? 'stations.info.noSampledParameters' : 'stations.info.noParameters')}</p>
      ) : (
        <table className="parameter-table" aria-labelledby={`${headingId}-parameters`}>
          <thead>
            <tr>
              <th scope="col">{t('stations.info.parameter')}</th>
              <th scope="col">{t('stations.info.unit')}</th>
              <th scope="col" className="numeric">{t('stations.info.samples')}</th>
              <th scope="col">{t('stations.info.firstDate')}</th>
              <th scope="col">{t('stations.info.lastDate')}</th>
            </tr>
          </thead>
          <tbody>
            {station.parameters.map((listed) => {
              const parameter = parameters.data?.get(listed.parameterId);
              // The series' own figures once they are in; the station's list names the parameters meanwhile.
              const figures = series.data?.get(listed.parameterId);
              const p = figures ?? listed;
              return (
                <tr key={p.parameterId}>
                  <th scope="row">
                    <Link to={`../chart?parameter=${encodeURIComponent(p.parameterId)}`} relative="path">
                      {parameter?.name ?? p.parameterId}
                    </Link>
                  </th>
                  <td data-label={t('stations.info.unit')}>{figures?.unit || parameter?.unit || ''}</td>
                  <td className="numeric" data-label={t('stations.info.samples')}>{p.sampleCount === null ? '—' : p.sampleCount.toLocaleString()}</td>
                  <td data-label={t('stations.info.firstDate')}>{p.firstDate || '—'}</td>
                  <td data-label={t('stations.info.lastDate')}>{p.lastDate || '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <UseInPython params={wqpSite(station)} intro={t('stations.info.useInPython')} />
    </section>
  );
}

export default StationInfoPage;
