import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../shell/toast';
import { createImportSource, runImportSource, setImportSourceEnabled, useImportSources, useTimeSeriesList, type ImportSource } from '../api/timeseries';

const FORMATS = ['usgs-json', 'ts-wide', 'ts-long', 'wqp-result', 'wqx3-result', 'wqp-station', 'template'] as const;
const SCHEDULES = ['hourly', 'daily', 'weekly'] as const;

type Props = { organizationId: string; projectId: string; canEdit: boolean };

/** A project's logger data: its series, and (for its data contributors) the sources imported on a schedule. */
export function ProjectLoggerTab({ organizationId, projectId, canEdit }: Props) {
  const { t } = useTranslation();
  const series = useTimeSeriesList({ projectId });
  return (
    <div className="project-logger">
      <section aria-labelledby="logger-series-title">
        <h2 id="logger-series-title">{t('timeseries.project.series')}</h2>
        {series.error && <p role="alert" className="alert alert-error">{messageOf(series.error)}</p>}
        {series.data && series.data.length === 0 && <p className="muted">{t('timeseries.project.noSeries')}</p>}
        {series.data && series.data.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">{t('timeseries.project.station')}</th>
                <th scope="col">{t('timeseries.project.parameter')}</th>
                <th scope="col">{t('timeseries.project.unit')}</th>
                <th scope="col" className="numeric">{t('timeseries.project.count')}</th>
                <th scope="col">{t('timeseries.project.first')}</th>
                <th scope="col">{t('timeseries.project.last')}</th>
              </tr>
            </thead>
            <tbody>
              {series.data.map((s) => (
                <tr key={s.id}>
                  <td><Link to={`/sts/station/${encodeURIComponent(s.stationId)}/chart`}>{s.stationIdentifier ?? s.stationId}</Link></td>
                  <td>{[s.parameterName ?? s.parameterId, s.statistic].filter(Boolean).join(', ')}</td>
                  <td>{s.unit ?? '—'}</td>
                  <td className="numeric">{s.count.toLocaleString()}</td>
                  <td>{s.firstTime ?? '—'}</td>
                  <td>{s.lastTime ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {canEdit && <ImportSources organizationId={organizationId} projectId={projectId} />}
    </div>
  );
}

function ImportSources({ organizationId, projectId }: Omit<Props, 'canEdit'>) {
  const { t } = useTranslation();
  const sources = useImportSources(organizationId, projectId);
  const [draft, setDraft] = useState({ name: '', url: '', format: 'usgs-json', schedule: 'daily' as ImportSource['schedule'] });
  const [failure, setFailure] = useState<string>();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    try {
      await createImportSource(organizationId, projectId, draft);
      setDraft({ ...draft, name: '', url: '' });
      await sources.mutate();
    } catch (error) {
      setFailure(t('timeseries.project.addFailed', { message: messageOf(error) }));
    }
  };
  const run = async (id: string) => {
    await runImportSource(organizationId, projectId, id);
    await sources.mutate();
  };
  const enable = async (id: string, enabled: boolean) => {
    await setImportSourceEnabled(organizationId, projectId, id, enabled);
    await sources.mutate();
  };
  return (
    <section aria-labelledby="import-sources-title">
      <h2 id="import-sources-title">{t('timeseries.project.sources')}</h2>
      {sources.data && sources.data.length === 0 && <p className="muted">{t('timeseries.project.noSources')}</p>}
      {sources.data && sources.data.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">{t('timeseries.project.name')}</th>
              <th scope="col">{t('timeseries.project.format')}</th>
              <th scope="col">{t('timeseries.project.schedule')}</th>
              <th scope="col">{t('timeseries.project.enabled')}</th>
              <th scope="col">{t('timeseries.project.lastResult')}</th>
              <th scope="col"><span className="visually-hidden">{t('timeseries.project.runNow')}</span></th>
            </tr>
          </thead>
          <tbody>
            {sources.data.map((source) => (
              <tr key={source.id}>
                <td>{source.name}<br /><span className="muted small">{source.url}</span></td>
                <td>{t(`timeseries.project.formats.${source.format as (typeof FORMATS)[number]}`)}</td>
                <td>{t(`timeseries.project.schedules.${source.schedule}`)}</td>
                <td>
                  <input type="checkbox" checked={source.enabled} aria-label={t('timeseries.project.enabledFor', { name: source.name })}
                    onChange={(e) => void enable(source.id, e.target.checked)} />
                </td>
                <td>{source.lastStatus ? `${t(`timeseries.project.statuses.${source.lastStatus}`)}: ${source.lastMessage ?? ''}` : t('timeseries.project.never')}</td>
                <td><button type="button" onClick={() => void run(source.id)}>{t('timeseries.project.runNow')}</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form className="import-source-form" onSubmit={(event) => void add(event)}>
        <label>
          {t('timeseries.project.name')}
          <input required maxLength={100} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} />
        </label>
        <label>
          {t('timeseries.project.url')}
          <input required type="url" value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} />
        </label>
        <label>
          {t('timeseries.project.format')}
          <select value={draft.format} onChange={(e) => setDraft({ ...draft, format: e.target.value })}>
            {FORMATS.map((f) => <option key={f} value={f}>{t(`timeseries.project.formats.${f}`)}</option>)}
          </select>
        </label>
        <label>
          {t('timeseries.project.schedule')}
          <select value={draft.schedule} onChange={(e) => setDraft({ ...draft, schedule: e.target.value as ImportSource['schedule'] })}>
            {SCHEDULES.map((s) => <option key={s} value={s}>{t(`timeseries.project.schedules.${s}`)}</option>)}
          </select>
        </label>
        <button type="submit">{t('timeseries.project.add')}</button>
        {failure && <p role="alert" className="alert alert-error">{failure}</p>}
      </form>
    </section>
  );
}
