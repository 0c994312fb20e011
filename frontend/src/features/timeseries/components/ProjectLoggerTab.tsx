import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { ConfirmDialog, Dialog } from '../../../shell/Dialog';
import { TextField } from '../../../shell/FormDialog';
import { messageOf, toast } from '../../../shell/toast';
import { useFocusFirstInvalid } from '../../../shell/useFocusFirstInvalid';
import { useProfile } from '../../../auth/session';
import { ProjectFileImport, type FileImportTarget } from '../../imports/components/ProjectFileImport';
import { mayContribute } from '../../organizations/lib/access';
import { DeleteValuesDialog } from '../../stations/components/DeleteValuesDialog';
import { useDeleteSeriesValues } from '../api/deleteSeriesValues';
import { shownZone } from '../lib/zone';
import { createImportSource, deleteImportSource, runImportSource, setImportSourceEnabled, updateImportSource, useImportSources, useTimeSeriesList, type ImportSource, type ImportSourceFields, type TimeSeriesInfo } from '../api/timeseries';

const FORMATS = ['usgs-json', 'ts-wide', 'ts-long', 'wqp-result', 'wqx3-result', 'wqp-station', 'template'] as const;
const SCHEDULES = ['hourly', 'daily', 'weekly'] as const;
/** The formats of import-ts-data (chalicelib/timeseries/formats.py). */
const FILE_FORMATS = ['auto', 'ts-wide', 'ts-long', 'usgs-json'] as const;

type Props = { organizationId: string; projectId: string; canEdit: boolean };

/**
 * A project's logger data: its series and, for those who may import (its data contributors and group
 * administrators, and system administrators), the import of logger files (the same panel as the Imports tab's,
 * through import-ts-data) and the sources imported on a schedule. The series' data contributors may delete values
 * of a series (a period, or the whole series).
 */
export function ProjectLoggerTab({ organizationId, projectId, canEdit }: Props) {
  const { t, i18n } = useTranslation();
  const series = useTimeSeriesList({ projectId });
  const profile = useProfile();
  const mayDelete = (s: TimeSeriesInfo) => mayContribute(profile, s.organizationId || organizationId);
  const deleteValues = useDeleteSeriesValues();
  const [deleting, setDeleting] = useState<TimeSeriesInfo | null>(null);
  // Where focus goes once a series deleted whole has left the table (its button with it).
  const heading = useRef<HTMLHeadingElement>(null);
  const nameOf = (s: TimeSeriesInfo) =>
    [s.parameterName ?? s.parameterId, s.statistic, s.sensor && t('timeseries.panel.sensor', { sensor: s.sensor })].filter(Boolean).join(', ');
  const stationOf = (s: TimeSeriesInfo) => s.stationIdentifier ?? s.stationId;
  const anyDeletable = (series.data ?? []).some(mayDelete);
  // The first and last times are shown in the browser's zone (logger series say none of their own, so their chart
  // keeps that zone too): the headers name it, as the station chart's axis names its zone ("Time (EST)").
  const inZone = (key: 'first' | 'last', times: (string | null | undefined)[]) => {
    const zone = shownZone(times);
    return zone ? t(`timeseries.project.${key}InZone`, { zone }) : t(`timeseries.project.${key}`);
  };
  const firstHeader = inZone('first', (series.data ?? []).map((s) => s.firstTime));
  const lastHeader = inZone('last', (series.data ?? []).map((s) => s.lastTime));
  const loggerFiles: FileImportTarget = {
    endpoint: 'import-ts-data',
    accept: '.csv,.txt,.tsv,.zip,.gz,.json',
    formats: FILE_FORMATS.map((value) => ({ value, label: t(`timeseries.project.formats.${value}`) })),
    dropHint: t('timeseries.project.drop'),
    // JSON can only be a USGS Water Services answer, and the upload slot takes a .json file only as such.
    formatsBySuffix: { '.json': 'usgs-json' },
  };
  return (
    <div className="project-logger">
      <section aria-labelledby="logger-series-title">
        <h3 id="logger-series-title" ref={heading} tabIndex={-1}>{t('timeseries.project.series')}</h3>
        {series.error && <p role="alert" className="alert alert-error">{messageOf(series.error)}</p>}
        {series.data && series.data.length === 0 && (
          <p className="muted">{t(canEdit ? 'timeseries.project.noSeriesHowTo' : 'timeseries.project.noSeries')}</p>
        )}
        {series.data && series.data.length > 0 && (
          // On a phone each series is a card, each value under its column's name (data-label), the delete button
          // under them: nothing past a sideways scroll (shell/workspace.css .card-table); the explicit roles keep
          // the table's meaning there.
          <div className="ws-table-wrap" role="region" aria-label={t('timeseries.project.seriesTable')} tabIndex={0}>
            <table className="ws-table card-table logger-series-table" role="table">
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">{t('timeseries.project.station')}</th>
                  <th scope="col" role="columnheader">{t('timeseries.project.parameter')}</th>
                  <th scope="col" role="columnheader">{t('timeseries.project.unit')}</th>
                  <th scope="col" role="columnheader" className="numeric">{t('timeseries.project.count')}</th>
                  <th scope="col" role="columnheader">{firstHeader}</th>
                  <th scope="col" role="columnheader">{lastHeader}</th>
                  {anyDeletable && <th scope="col" role="columnheader"><span className="visually-hidden">{t('timeseries.project.actions')}</span></th>}
                </tr>
              </thead>
              <tbody role="rowgroup">
                {series.data.map((s) => (
                  <tr key={s.id} role="row">
                    <td role="cell" className="ws-card-title ws-wrap"><Link to={`/sts/station/${encodeURIComponent(s.stationId)}/chart`}>{stationOf(s)}</Link></td>
                    <td role="cell" data-label={t('timeseries.project.parameter')}>{nameOf(s)}</td>
                    <td role="cell" data-label={t('timeseries.project.unit')}>{s.unit ?? '—'}</td>
                    <td role="cell" className="numeric" data-label={t('timeseries.project.count')}>{s.count.toLocaleString()}</td>
                    <td role="cell" data-label={firstHeader}>{formatDateTime(s.firstTime, i18n.language) || '—'}</td>
                    <td role="cell" data-label={lastHeader}>{formatDateTime(s.lastTime, i18n.language) || '—'}</td>
                    {anyDeletable && (
                      <td role="cell">
                        {mayDelete(s) && (
                          <button type="button" className="button button-small button-danger"
                            aria-label={t('timeseries.project.deleteValuesFor', { name: nameOf(s), station: stationOf(s) })} onClick={() => setDeleting(s)}>
                            {t('stations.deleteValues.open')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {deleting && (
          <DeleteValuesDialog
            series
            name={nameOf(deleting)}
            station={stationOf(deleting)}
            onDelete={(period) => deleteValues(deleting.id, period)}
            onClose={() => setDeleting(null)}
            focusAfter={() => heading.current}
          />
        )}
      </section>
      {canEdit && (
        <>
          <ProjectFileImport organizationId={organizationId} projectId={projectId} title={t('timeseries.project.importFile')} target={loggerFiles}
            onDataChanged={() => series.mutate()} />
          <ImportSources organizationId={organizationId} projectId={projectId} onDataChanged={() => series.mutate()} />
        </>
      )}
    </div>
  );
}

function ImportSources({ organizationId, projectId, onDataChanged }: Omit<Props, 'canEdit'> & { onDataChanged: () => void }) {
  const { t } = useTranslation();
  const sources = useImportSources(organizationId, projectId);
  // The source being run now: its button says so and takes no second press (three had queued three imports).
  const [running, setRunning] = useState<string | null>(null);
  // A queued import that has ended brought its series: the series list is read again.
  const queued = useRef(new Set<string>());
  useEffect(() => {
    const now = new Set((sources.data ?? []).filter((source) => source.lastStatus === 'queued').map((source) => source.id));
    if ([...queued.current].some((id) => !now.has(id))) onDataChanged();
    queued.current = now;
  }, [sources.data, onDataChanged]);
  const [editing, setEditing] = useState<ImportSource | null>(null);
  const [deleting, setDeleting] = useState<ImportSource | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  /** What had focus as a change began (a row's button): it may leave with its row. */
  const focusedBefore = useRef<Element | null>(null);
  const add = async (fields: ImportSourceFields) => {
    await createImportSource(organizationId, projectId, fields);
    await sources.mutate();
  };
  const save = async (fields: ImportSourceFields) => {
    if (!editing) return;
    await updateImportSource(organizationId, projectId, editing.id, fields);
    setEditing(null);
    await sources.mutate();
  };
  /**
   * A change from a row: its refusal (e.g. the source deleted meanwhile) said in a toast, the list read again
   * after; when the row that had focus has left it, focus goes to the heading rather than the page.
   */
  const change = async (action: () => Promise<unknown>, success?: string): Promise<boolean> => {
    focusedBefore.current = document.activeElement;
    setBusy(true);
    try {
      await action();
      if (success) toast.success(success);
      return true;
    } catch (error) {
      toast.error(error);
      return false;
    } finally {
      setBusy(false);
      await sources.mutate();
    }
  };
  // Once the list read again is shown: the element that had focus may have left with its row.
  useEffect(() => {
    const focused = focusedBefore.current;
    focusedBefore.current = null;
    if (focused && focused !== document.body && !focused.isConnected && document.activeElement === document.body) heading.current?.focus();
  }, [sources.data]);
  const run = async (id: string) => {
    if (running) return;
    setRunning(id);
    try {
      await change(() => runImportSource(organizationId, projectId, id));
    } finally {
      setRunning(null);
    }
  };
  const enable = (id: string, enabled: boolean) => change(() => setImportSourceEnabled(organizationId, projectId, id, enabled));
  const remove = async (source: ImportSource) => {
    const done = await change(() => deleteImportSource(organizationId, projectId, source.id), t('timeseries.project.deleted', { name: source.name }));
    if (done) setDeleting(null);
  };
  return (
    <section aria-labelledby="import-sources-title">
      {/* Where focus goes once a deleted source's row (and its Delete button) has left the table. */}
      <h3 id="import-sources-title" ref={heading} tabIndex={-1}>{t('timeseries.project.sources')}</h3>
      <p className="muted">{t('timeseries.project.sourcesHelp')}</p>
      {sources.data && sources.data.length === 0 && <p className="muted">{t('timeseries.project.noSources')}</p>}
      {sources.data && sources.data.length > 0 && (
        // Its own scrolling region: the URLs are long and the columns many, wider than a phone.
        <div className="ws-table-wrap" role="region" aria-label={t('timeseries.project.sourcesTable')} tabIndex={0}>
          <table className="ws-table">
            <thead>
              <tr>
                <th scope="col">{t('timeseries.project.name')}</th>
                <th scope="col">{t('timeseries.project.format')}</th>
                <th scope="col">{t('timeseries.project.schedule')}</th>
                <th scope="col">{t('timeseries.project.enabled')}</th>
                <th scope="col">{t('timeseries.project.lastResult')}</th>
                <th scope="col"><span className="visually-hidden">{t('timeseries.project.actions')}</span></th>
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
                  <td>{source.lastStatus ? t('timeseries.project.lastResultText', { status: t(`timeseries.project.statuses.${source.lastStatus}`), message: source.lastMessage ?? '' }) : t('timeseries.project.never')}</td>
                  <td>
                    <button type="button" className="button button-small" aria-disabled={running !== null || undefined} onClick={() => void run(source.id)}>
                      {running === source.id ? t('timeseries.project.running') : t('timeseries.project.runNow')}
                    </button>{' '}
                    <button type="button" className="button button-small" aria-label={t('timeseries.project.editFor', { name: source.name })} onClick={() => setEditing(source)}>
                      {t('timeseries.project.edit')}
                    </button>{' '}
                    <button type="button" className="button button-small button-danger" aria-label={t('timeseries.project.deleteFor', { name: source.name })}
                      onClick={() => setDeleting(source)}>
                      {t('timeseries.project.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ImportSourceForm submitLabel={t('timeseries.project.add')} failedKey="timeseries.project.addFailed" clearOnSuccess onSubmit={add} />
      <Dialog open={editing !== null} title={t('timeseries.project.editTitle', { name: editing?.name ?? '' })} onClose={() => setEditing(null)}>
        {editing && (
          <ImportSourceForm key={editing.id} initial={editing} submitLabel={t('timeseries.project.save')} failedKey="timeseries.project.saveFailed"
            onSubmit={save} onCancel={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('timeseries.project.deleteTitle')}
        message={t('timeseries.project.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('timeseries.project.delete')}
        cancelLabel={t('timeseries.project.cancel')}
        busy={busy}
        onConfirm={() => deleting && void remove(deleting)}
        onClose={() => setDeleting(null)}
        focusAfter={() => heading.current}
      />
    </section>
  );
}

type FormProps = {
  initial?: ImportSourceFields;
  submitLabel: string;
  failedKey: 'timeseries.project.addFailed' | 'timeseries.project.saveFailed';
  /** After adding, the name and URL are emptied for the next source (format and schedule stay). */
  clearOnSuccess?: boolean;
  onSubmit: (fields: ImportSourceFields) => Promise<void>;
  onCancel?: () => void;
};

/** The longest name and URL of a source the server takes (chalicelib/sources: service.py, fetch.py). */
const NAME_LIMIT = 100;
const URL_LIMIT = 2000;
/** A URL the server may fetch: http(s), no blank (chalicelib/sources/fetch.py check_url). */
const HTTP_URL = /^https?:\/\/\S+$/i;

/**
 * A source's name, URL, format and schedule: adds a new source, or (prefilled, in a dialog) edits one. The form
 * checks its fields itself (not the browser, whose bubbles speak the browser's language): a missing name or URL,
 * or a URL that is no http(s) address, is said at its field in the interface's language, and the first such
 * field takes the focus; the server's refusal (e.g. a private address) is said beside the form.
 */
function ImportSourceForm({ initial, submitLabel, failedKey, clearOnSuccess, onSubmit, onCancel }: FormProps) {
  const { t } = useTranslation();
  const ids = useId();
  const [draft, setDraft] = useState<ImportSourceFields>(() =>
    initial ? { name: initial.name, url: initial.url, format: initial.format, schedule: initial.schedule } : { name: '', url: '', format: 'usgs-json', schedule: 'daily' });
  const [failure, setFailure] = useState<string>();
  const [errors, setErrors] = useState<{ name?: string; url?: string }>({});
  const { form, focusFirstInvalid } = useFocusFirstInvalid();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const found: typeof errors = {};
    if (!draft.name.trim()) found.name = t('timeseries.project.nameRequired', { max: NAME_LIMIT });
    const url = draft.url.trim();
    if (!url) found.url = t('timeseries.project.urlRequired');
    else if (!HTTP_URL.test(url)) found.url = t('timeseries.project.urlInvalid');
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid();
      return;
    }
    try {
      await onSubmit(draft);
      if (clearOnSuccess) setDraft({ ...draft, name: '', url: '' });
    } catch (error) {
      // The server's own words (e.g. a private address) stay beside the form until the next try.
      setFailure(t(failedKey, { message: messageOf(error) }));
    }
  };
  return (
    <form ref={form} className="import-source-form ws-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField id={`${ids}-name`} label={t('timeseries.project.name')} required maxLength={NAME_LIMIT} value={draft.name} error={errors.name}
        onChange={(name) => {
          setDraft({ ...draft, name });
          setErrors(({ name: _cleared, ...others }) => others);
        }} />
      <TextField id={`${ids}-url`} label={t('timeseries.project.url')} required type="url" maxLength={URL_LIMIT} value={draft.url} error={errors.url}
        onChange={(url) => {
          setDraft({ ...draft, url });
          setErrors(({ url: _cleared, ...others }) => others);
        }} />
      <div className="ws-field">
        <label htmlFor={`${ids}-format`}>{t('timeseries.project.format')}</label>
        <select id={`${ids}-format`} value={draft.format} onChange={(e) => setDraft({ ...draft, format: e.target.value })}>
          {FORMATS.map((f) => <option key={f} value={f}>{t(`timeseries.project.formats.${f}`)}</option>)}
        </select>
      </div>
      <div className="ws-field">
        <label htmlFor={`${ids}-schedule`}>{t('timeseries.project.schedule')}</label>
        <select id={`${ids}-schedule`} value={draft.schedule} onChange={(e) => setDraft({ ...draft, schedule: e.target.value as ImportSource['schedule'] })}>
          {SCHEDULES.map((s) => <option key={s} value={s}>{t(`timeseries.project.schedules.${s}`)}</option>)}
        </select>
      </div>
      <div className="ws-actions">
        <button type="submit" className="button button-primary">{submitLabel}</button>
        {onCancel && <button type="button" className="button" onClick={onCancel}>{t('timeseries.project.cancel')}</button>}
      </div>
      {failure && <p role="alert" className="alert alert-error">{failure}</p>}
    </form>
  );
}
