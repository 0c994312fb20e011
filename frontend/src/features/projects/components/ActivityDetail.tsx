import { Fragment, useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { activityMediaName, activityTypeName } from '../../../lib/wqxNames';
import { Spinner } from '../../../shell/LazyView';
import { messageOf } from '../../../shell/toast';
import { useActivity } from '../api/activities';
import type { ActivityDetail as Activity, ActivityResult } from '../api/types';
import { activityEnd, activityStart } from '../lib/activityStart';
import { stationPath } from '../paths';
import './activities.css';

/** A plain left click: what a link may take over (Ctrl-, Shift- or middle-click still opens the link elsewhere). */
function plainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * One activity of a project, opened from the Activities tab (`?activity=<id>`): its details and the values it
 * measured. Focus moves to its heading when it opens; "Back to the activities" goes back in history when it was
 * opened from the list (so the list's entry is not repeated), else to the list's address.
 */
export function ActivityDetail({
  organizationId,
  projectId,
  activityId,
  listPath,
}: {
  organizationId: string;
  projectId: string;
  activityId: string;
  /** The list the activity was opened from (its page and search). */
  listPath: string;
}) {
  const { t } = useTranslation();
  const activity = useActivity(organizationId, projectId, activityId);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  const fromList = (useLocation().state as { fromList?: boolean } | null)?.fromList === true;

  useEffect(() => heading.current?.focus(), [activityId]);

  return (
    <section aria-labelledby={headingId}>
      <p>
        <Link
          to={listPath}
          onClick={(event) => {
            if (!fromList || !plainClick(event)) return;
            event.preventDefault();
            void navigate(-1);
          }}
        >
          {t('projects.activity.back')}
        </Link>
      </p>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="ws-wrap">
        {t('projects.activity.title', { id: activityId })}
      </h3>
      {activity.error ? (
        <p className="alert alert-error" role="alert">
          {messageOf(activity.error)}
        </p>
      ) : activity.data === undefined ? (
        <Spinner />
      ) : activity.data ? (
        <>
          <Facts activity={activity.data} />
          <Results activity={activity.data} />
        </>
      ) : null}
    </section>
  );
}

/** The activity's details, each only when it has one. */
function Facts({ activity }: { activity: Activity }) {
  const { t, i18n } = useTranslation();
  const station = activity.monitoringLocationIdentifier || activity.stationId;
  const facts: [string, ReactNode][] = [
    // In Chinese, WQX codes are named in Chinese beside the code ("现场测量/观测（Field Msr/Obs）").
    [t('projects.activity.type'), activity.typeCode && activityTypeName(activity.typeCode, i18n.language)],
    [t('projects.activity.media'), activity.media && activityMediaName(activity.media, i18n.language)],
    [t('projects.activity.mediaSubdivision'), activity.mediaSubdivision],
    [t('projects.activity.start'), activityStart(activity)],
    [t('projects.activity.end'), activityEnd(activity)],
    [t('projects.activity.station'), station && activity.stationId ? <Link to={stationPath(activity.stationId)}>{station}</Link> : station],
    [t('projects.activity.conductingOrganization'), activity.conductingOrganization],
    [t('projects.activity.hydrologicCondition'), activity.hydrologicCondition],
    [t('projects.activity.hydrologicEvent'), activity.hydrologicEvent],
    [t('projects.activity.comment'), activity.comment],
  ];
  const shown = facts.filter(([, value]) => value !== null && value !== undefined && value !== '');
  if (shown.length === 0) return null;
  return (
    <dl className="facts" aria-label={t('projects.activity.details')}>
      {shown.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** The value as measured, or as reported when it is not a number ("ND"). */
function shownValue(result: ActivityResult): string {
  if (result.value !== null && result.value !== undefined) return String(result.value);
  return result.text ?? '';
}

/**
 * When a value was measured, as the file wrote it: its date, time of day and zone ("2013-07-04 20:30:00 CDT"), or
 * the date alone; never converted to the viewer's zone. An older server's answer has the UTC instant only: it is
 * written the same way, in UTC.
 */
function measuredAt(result: ActivityResult): { text: string; dateTime: string } {
  if (result.date) {
    const text = [result.date, result.localTime, result.localTime ? result.timeZone : null].filter(Boolean).join(' ');
    return { text, dateTime: result.localTime ? result.time : result.date };
  }
  const instant = new Date(result.time);
  if (Number.isNaN(instant.getTime())) return { text: result.time, dateTime: result.time };
  const iso = instant.toISOString();
  return { text: `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`, dateTime: result.time };
}

/** The values the activity measured, by parameter and time. */
function Results({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const headingId = useId();
  const caption = t('projects.activity.caption', { id: activity.id, count: activity.results.length });
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId}>{t('projects.activity.results')}</h4>
      {activity.results.length === 0 ? (
        <p>{t('projects.activity.noResults')}</p>
      ) : (
        <div className="ws-table-wrap" tabIndex={0} role="region" aria-label={caption}>
          <table className="ws-table activity-results">
            <caption>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{t('projects.activity.parameter')}</th>
                <th scope="col" className="numeric">
                  {t('projects.activity.value')}
                </th>
                <th scope="col">{t('projects.activity.unit')}</th>
                <th scope="col">{t('projects.activity.detectionCondition')}</th>
                <th scope="col">{t('projects.activity.fraction')}</th>
                <th scope="col">{t('projects.activity.status')}</th>
                <th scope="col">{t('projects.activity.time')}</th>
              </tr>
            </thead>
            <tbody>
              {activity.results.map((result, index) => {
                const when = measuredAt(result);
                return (
                  <tr key={`${result.parameterId} ${result.time} ${index}`}>
                    <th scope="row">{result.parameterName || result.parameterId}</th>
                    <td className="numeric">{shownValue(result)}</td>
                    <td>{result.unit}</td>
                    <td>{result.detectionCondition}</td>
                    <td>{result.sampleFraction}</td>
                    <td>{result.status}</td>
                    <td>
                      <time dateTime={when.dateTime}>{when.text}</time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
