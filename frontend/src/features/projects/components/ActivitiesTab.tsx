import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { activityTypeName } from '../../../lib/wqxNames';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { useActivities } from '../api/activities';
import { PageNav } from '../../../shell/PageNav';
import { TYPING_PAUSE_MS, useDebouncedValue } from '../../../shell/useDebouncedValue';
import { activityStart } from '../lib/activityStart';
import { activitiesPath, activitiesQuery } from '../paths';
import { ActivityDetail } from './ActivityDetail';
import { WhereFrom } from './WhereFrom';
import './activities.css';

type Props = {
  organizationId: string;
  projectId: string;
  /** May import into the project: the empty list offers the way to the Imports tab. */
  canEdit: boolean;
};

function positive(value: string | null): number | undefined {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * A project's activities, newest first, a page at a time, with a search; `?activity=<id>` opens one of them in
 * their place (a link of its own, closed by Back). The list's page and search are kept in the address too
 * (`?q=…&page=…`, replacing the entry as they change), so that closing the activity, or coming back to it from
 * another page, finds the list as it was.
 */
export function ActivitiesTab({ organizationId, projectId, canEdit }: Props) {
  const [params, setParams] = useSearchParams();
  const activityId = params.get('activity');
  // Read from the address when the tab opens; from then on this state leads and the address follows it.
  const [page, setPage] = useState(() => positive(params.get('page')) ?? 1);
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  // The activity just closed, whose link in the list takes the focus back.
  const [shown, setShown] = useState(activityId);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  if (shown !== activityId) {
    setShown(activityId);
    setReturnTo(activityId ? null : shown);
  }

  const showList = (next: { page: number; search: string }) => {
    setPage(next.page);
    setSearch(next.search);
    setParams(activitiesQuery(next), { replace: true });
  };

  if (activityId) {
    return (
      <ActivityDetail
        organizationId={organizationId}
        projectId={projectId}
        activityId={activityId}
        listPath={activitiesPath(organizationId, projectId, { page, search })}
      />
    );
  }
  return (
    <ActivityList
      organizationId={organizationId}
      projectId={projectId}
      canEdit={canEdit}
      page={page}
      search={search}
      onChange={showList}
      focusOn={returnTo}
      onFocused={() => setReturnTo(null)}
    />
  );
}

function ActivityList({
  organizationId,
  projectId,
  canEdit,
  page,
  search,
  onChange,
  focusOn,
  onFocused,
}: Props & {
  page: number;
  search: string;
  onChange: (next: { page: number; search: string }) => void;
  /** The activity whose link takes the focus once the list is in (the one just closed). */
  focusOn: string | null;
  onFocused: () => void;
}) {
  const { t, i18n } = useTranslation();
  // In Chinese an activity's type is named in Chinese beside its WQX code.
  const typeOf = (code: string | null | undefined) => (code ? activityTypeName(code, i18n.language) : code);
  // Asked once typing pauses: a request per key had piled up behind each other on a large project.
  const asked = useDebouncedValue(search, TYPING_PAUSE_MS);
  const activities = useActivities(organizationId, projectId, page, asked);
  // The list shown is an earlier search's while the new one is on its way (typing, or its answer loading).
  const stale = Boolean(activities.data) && (asked !== search || activities.isValidating);
  const links = useRef(new Map<string, HTMLAnchorElement>());
  const region = useRef<HTMLDivElement>(null);
  const data = activities.data;

  useEffect(() => {
    if (!focusOn || !data) return;
    // Its link, or the table when the activity is not on this page (it was opened from a link of its own).
    (links.current.get(focusOn) ?? region.current)?.focus();
    onFocused();
  }, [focusOn, data, onFocused]);

  return (
    <div className="activities-list">
      <div className="ws-toolbar">
        <div className="ws-field">
          <label htmlFor="activity-search">{t('projects.activities.search')}</label>
          <input id="activity-search" type="search" value={search} onChange={(e) => onChange({ page: 1, search: e.target.value })} />
        </div>
        <span className="muted" role="status" aria-label={t('projects.activities.searchState')}>
          {stale ? t('projects.activities.searching') : null}
        </span>
      </div>
      {activities.error ? (
        <LoadError error={activities.error} title={t('projects.activities.loadFailed')} onRetry={() => activities.mutate()} />
      ) : !data ? (
        <Spinner />
      ) : data.data.length === 0 ? (
        <>
          <p>{t('projects.activities.empty')}</p>
          {/* Where activities come from, when none is found for want of any (not for a search's words). */}
          {!asked && (
            <WhereFrom
              organizationId={organizationId}
              projectId={projectId}
              canEdit={canEdit}
              text={t('projects.activities.whereFrom')}
              readerText={t('projects.activities.whereFromReader')}
            />
          )}
        </>
      ) : (
        <>
          <div
            ref={region}
            className={`ws-table-wrap${stale ? ' is-stale' : ''}`}
            tabIndex={0}
            role="region"
            aria-busy={stale || undefined}
            aria-label={t('projects.activities.caption', { count: data.total })}
          >
            <table className="ws-table activities-table">
              <caption>{t('projects.activities.caption', { count: data.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('projects.activities.id')}</th>
                  <th scope="col" className="activity-type">{t('projects.activities.type')}</th>
                  <th scope="col" className="activity-station">{t('projects.activities.station')}</th>
                  <th scope="col">{t('projects.activities.date')}</th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((activity) => (
                  <tr key={activity.id}>
                    <td className="activity-id">
                      <Link
                        to={activitiesPath(organizationId, projectId, { page, search, activity: activity.id })}
                        // The activity's Back link goes back in history to this list (rather than adding an entry).
                        state={{ fromList: true }}
                        ref={(link) => {
                          if (link) links.current.set(activity.id, link);
                          else links.current.delete(activity.id);
                        }}
                      >
                        {activity.id}
                      </Link>
                      {/* Shown instead of the Type and Station columns where they do not fit (activities.css). */}
                      {(activity.typeCode || activity.monitoringLocationIdentifier) && (
                        <span className="activity-inline">{[typeOf(activity.typeCode), activity.monitoringLocationIdentifier].filter(Boolean).join(' · ')}</span>
                      )}
                    </td>
                    <td className="activity-type">{typeOf(activity.typeCode)}</td>
                    <td className="activity-station">{activity.monitoringLocationIdentifier}</td>
                    {/* As the file wrote it: date, time of day and its zone (never converted; UTC when it gave none). */}
                    <td>{activityStart(activity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageNav label={t('projects.activities.pages')} page={page} pageCount={data.pageCount} onPage={(next) => onChange({ page: next, search })} />
        </>
      )}
    </div>
  );
}
