import { useCallback, useId, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { isProfileLoaded } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { SubmitButton } from '../../../shell/SubmitButton';
import { messageOf, toast } from '../../../shell/toast';
import { mayContribute } from '../../organizations/lib/access';
import {
  cancelImport,
  createUpload,
  fetchRejectedRows,
  queueImport,
  rejectedRowsKey,
  uploadToS3,
  useImport,
  useImportHistory,
} from '../api/imports';
import type { ImportEndpoint, ImportLog } from '../api/types';
import { fileSize } from '../lib/labels';
import { ImportHistory } from './ImportHistory';
import { ImportResult } from './ImportResult';
import '../../../shell/workspace.css';
import '../imports.css';

/** What a panel imports: the route that queues it, the files and formats it takes. */
export interface FileImportTarget {
  endpoint: ImportEndpoint;
  /** The file chooser's file types, e.g. ".csv,.zip". */
  accept: string;
  /** The formats offered, "auto" (recognise the file) first. */
  formats: readonly { value: string; label: string }[];
  /** Says which files to drop or choose. */
  dropHint: string;
  /**
   * The format a file's name settles while "auto" is chosen, by suffix (".json": "usgs-json"): the upload slot
   * takes such a file only when told its format.
   */
  formatsBySuffix?: Readonly<Record<string, string>>;
}

export interface ProjectFileImportProps {
  organizationId: string;
  projectId: string;
  title: string;
  target: FileImportTarget;
  /** An import that wrote rows has ended (what shows the project's data may refresh); its end is shown once this settles. */
  onDataChanged?: (log: ImportLog) => Promise<unknown> | void;
  /** Shown above the form, to those who may import only (e.g. the template to fill in). */
  help?: ReactNode;
}

/**
 * A project's file imports: pick or drop a file, watch it upload and import, see the result, its rejected rows
 * and the project's import history. Only data contributors and group admins (and system admins) see the form
 * and the history, as only they may import (and read the imports); anyone else is told so, without asking the
 * server (it would answer 403).
 */
export function ProjectFileImport({ organizationId, projectId, title, target, onDataChanged, help }: ProjectFileImportProps) {
  const { i18n } = useTranslation();
  const { mutate } = useSWRConfig();
  const { profile } = useSession();
  const mayImport = mayContribute(profile, organizationId);
  const titleId = useId();
  const [logId, setLogId] = useState<string | null>(null);
  /** The import whose result takes focus once shown (chosen with the history's Show). */
  const [focusOn, setFocusOn] = useState<string | null>(null);
  const [historyPage, setHistoryPage] = useState(1);
  // Only those who may import may read the history: anyone else is told so without asking (a 403 every visit).
  const history = useImportHistory(organizationId, projectId, historyPage, target.endpoint, mayImport);
  // When the import has settled (ended, no worker still on it), the history, the rejected rows and the caller's
  // data are read again first, so that the result, the history row and the rejected rows all show the same end.
  const { data: log, mutate: refreshLog } = useImport(organizationId, projectId, logId, (ended) =>
    Promise.all([
      history.mutate(),
      ended.rowsRejected > 0
        ? mutate(rejectedRowsKey(ended.logId, 1, i18n.language), fetchRejectedRows(ended.logId, 1), { revalidate: false })
        : null,
      !ended.dryRun && ended.rowsImported > 0 ? onDataChanged?.(ended) : null,
    ]),
  );
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);

  function queued(id: string) {
    setLogId(id);
    // The new import heads the first page.
    if (historyPage === 1) void history.mutate();
    else setHistoryPage(1);
  }

  function show(id: string) {
    setLogId(id);
    setFocusOn(id);
  }
  const focused = useCallback(() => setFocusOn(null), []);

  async function cancel(current: ImportLog) {
    try {
      await cancelImport(organizationId, projectId, current.logId);
    } catch (refusal) {
      // It ended meanwhile ("This import has already ended…"): say so; the refresh below shows how it ended.
      toast.error(refusal);
    }
    // The history row says "Stopping…" as the result does; both are read again once the import has settled.
    await Promise.all([refreshLog(), history.mutate()]);
  }

  return (
    <section className="imports-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {mayImport && help}
      {mayImport && (
        <ImportForm
          organizationId={organizationId}
          projectId={projectId}
          target={target}
          onStart={() => setLogId(null)}
          onQueued={queued}
        />
      )}
      <ImportResult
        log={log}
        number={number}
        onCancel={mayImport && log ? () => void cancel(log) : undefined}
        takeFocus={!!log && focusOn === log.logId}
        onFocused={focused}
      />
      <ImportHistory
        history={history}
        page={historyPage}
        onPage={setHistoryPage}
        onShow={show}
        current={log}
        forbidden={isProfileLoaded(profile) && !mayImport}
      />
    </section>
  );
}

interface ImportFormProps {
  organizationId: string;
  projectId: string;
  target: FileImportTarget;
  onStart: () => void;
  onQueued: (logId: string) => void;
}

/** The file, its format and dry run; sends the file to S3 (with its progress) and queues its import. */
function ImportForm({ organizationId, projectId, target, onStart, onQueued }: ImportFormProps) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('auto');
  const [dryRun, setDryRun] = useState(false);
  // The size is the file's as the upload began: the bar's total never changes midway.
  const [upload, setUpload] = useState<{ size: number; sent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  function formatOf(chosen: File): string {
    if (format !== 'auto') return format;
    const name = chosen.name.toLowerCase();
    return Object.entries(target.formatsBySuffix ?? {}).find(([suffix]) => name.endsWith(suffix))?.[1] ?? format;
  }

  async function start(event: FormEvent) {
    event.preventDefault();
    if (!file || upload) return;
    const size = file.size;
    // A new start: the previous file's result leaves, also when this file is refused below.
    onStart();
    // Nothing to import, and the upload would be refused in words meant for programs ("Invalid size").
    if (size === 0) {
      setError(t('imports.emptyFile'));
      return;
    }
    setError(null);
    setUpload({ size, sent: 0 });
    try {
      const asked = formatOf(file);
      const slot = await createUpload(organizationId, projectId, file, asked);
      if (!slot) return;
      await uploadToS3(slot, file, (sent) => setUpload({ size, sent }));
      const queued = await queueImport(organizationId, projectId, target.endpoint, slot.uploadKey, asked, dryRun);
      if (queued) onQueued(queued.logId);
    } catch (failure) {
      setError(t('imports.uploadFailed', { message: messageOf(failure) }));
    } finally {
      setUpload(null);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) choose(dropped);
  }

  function choose(chosen: File | null) {
    setFile(chosen);
    setError(null);
  }

  return (
    <form className="imports-form ws-form" onSubmit={(event) => void start(event)}>
      <div className="imports-drop" onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        <p className="ws-hint">{target.dropHint}</p>
        <div className="ws-field">
          <label htmlFor={`${ids}-file`}>{t('imports.choose')}</label>
          <input id={`${ids}-file`} type="file" accept={target.accept} onChange={(event) => choose(event.target.files?.[0] ?? null)} />
        </div>
        {file && <p>{t('imports.chosen', { name: file.name, size: fileSize(file.size, i18n.language) })}</p>}
      </div>
      <div className="ws-field">
        <label htmlFor={`${ids}-format`}>{t('imports.format')}</label>
        <select id={`${ids}-format`} value={format} onChange={(event) => setFormat(event.target.value)}>
          {target.formats.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <label className="ws-check">
        <input type="checkbox" checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} />
        {t('imports.dryRun')}
      </label>
      <div className="ws-actions">
        {/* aria-disabled, not disabled, while there is no file or it uploads: a disabled button would drop focus to the page. */}
        <SubmitButton busy={!file || upload !== null}>{t('imports.start')}</SubmitButton>
      </div>
      {error && <p role="alert" className="alert alert-error">{error}</p>}
      {upload && (
        <div className="imports-progress">
          <progress aria-label={t('imports.uploadProgress')} max={upload.size} value={upload.sent} />
          <p>
            {t('imports.uploading', { sent: fileSize(upload.sent, i18n.language), total: fileSize(upload.size, i18n.language) })}
          </p>
        </div>
      )}
    </form>
  );
}
