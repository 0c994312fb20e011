import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { messageOf } from '../../../shell/toast';
import { useActivities } from '../api/activities';
import { PageNav } from '../../../shell/PageNav';

/** A project's activities, newest first, a page at a time, with a search. */
export function ActivitiesTab({ organizationId, projectId }: { organizationId: string; projectId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const activities = useActivities(organizationId, projectId, page, search);
  return (
    <div>
      <div className="ws-toolbar">
        <div className="ws-field">
          <label htmlFor="activity-search">{t('projects.activities.search')}</label>
          <input
            id="activity-search"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      {activities.error ? (
        <p className="alert alert-error" role="alert">
          {messageOf(activities.error)}
        </p>
      ) : !activities.data ? (
        <Spinner />
      ) : activities.data.data.length === 0 ? (
        <p>{t('projects.activities.empty')}</p>
      ) : (
        <>
          <div className="ws-table-wrap" tabIndex={0} role="region" aria-label={t('projects.activities.caption', { count: activities.data.total })}>
            <table className="ws-table">
              <caption>{t('projects.activities.caption', { count: activities.data.total })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('projects.activities.id')}</th>
                  <th scope="col">{t('projects.activities.type')}</th>
                  <th scope="col">{t('projects.activities.station')}</th>
                  <th scope="col">{t('projects.activities.date')}</th>
                </tr>
              </thead>
              <tbody>
                {activities.data.data.map((activity) => (
                  <tr key={activity.id}>
                    <td>{activity.id}</td>
                    <td>{activity.typeCode}</td>
                    <td>{activity.monitoringLocationIdentifier}</td>
                    <td>{[activity.startDate, activity.startTime].filter(Boolean).join(' ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageNav label={t('projects.activities.pages')} page={page} pageCount={activities.data.pageCount} onPage={setPage} />
        </>
      )}
    </div>
  );
}
