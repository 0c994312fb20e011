import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { isProfileLoaded } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { SubmitButton } from '../../../shell/SubmitButton';
import { messageOf, toast } from '../../../shell/toast';
import { mayContribute } from '../../organizations/lib/access';
import {
  cancelImport,
  fetchRejectedRows,
  queueImport,
  rejectedRowsKey,
  UploadElsewhere,
  useImport,
  useImportHistory,
} from '../api/imports';
import { uploadFile, uploadQueued } from '../api/resumableUpload';
import { useWqxTimeZones } from '../api/timeZones';
import type { ImportEndpoint, ImportLog } from '../api/types';
import { fileSize, timeLeftLabel } from '../lib/labels';
import { timeZoneChoices } from '../lib/timeZones';
import { dismissUpload, isConnectionLost, mayTryAgain, sendUpload, uploadKey, useFollowUploads, useUpload, type Upload } from '../lib/uploads';
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
  /** The route reads times given without a zone in the zone chosen with the file (`timeZone`): the form offers it. */
  timeZones?: boolean;
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

/** A file sent to import: what the form (or a check's offer) sends. */
type Sent = Pick<Upload, 'file' | 'format' | 'dryRun' | 'timeZone'>;

/**
 * A project's file imports: pick or drop a file, watch it upload and import, see the result, its rejected rows
 * and the project's import history. Only data contributors and group admins (and system admins) see the form
 * and the history, as only they may import (and read the imports); anyone else is told so, without asking the
 * server (it would answer 403).
 *
 * Another project (its address pasted, a bookmark: the same screen with other props) starts afresh: nothing of the
 * previous project's (the import followed, the history's page, the file chosen) stays, nor is it asked of this one.
 */
export function ProjectFileImport(props: ProjectFileImportProps) {
  return <FileImports key={uploadKey(props.organizationId, props.projectId, props.target.endpoint)} {...props} />;
}

function FileImports({ organizationId, projectId, title, target, onDataChanged, help }: ProjectFileImportProps) {
  const { t, i18n } = useTranslation();
  const { mutate } = useSWRConfig();
  const { profile } = useSession();
  const mayImport = mayContribute(profile, organizationId);
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  const key = uploadKey(organizationId, projectId, target.endpoint);
  const [logId, setLogId] = useState<string | null>(null);
  /** The check being sent from here, then the check queued (its import and its file): offered for import once done. */
  const checking = useRef<Sent | null>(null);
  const [checked, setChecked] = useState<{ logId: string; sent: Sent } | null>(null);
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
    // A check sent from here: its file may be imported from its result. (One queued while the user was elsewhere
    // has no file at hand any more.)
    const check = checking.current;
    checking.current = null;
    setChecked(check ? { logId: id, sent: check } : null);
    // The new import heads the first page.
    if (historyPage === 1) void history.mutate();
    else setHistoryPage(1);
  }
  // An upload started here carries on when the user goes elsewhere: its import is followed here when they are back.
  useFollowUploads(key, queued);

  // Opened (again) while an import of the project runs: its progress is shown at once, not only its history row.
  const looked = useRef(false);
  const firstPage = historyPage === 1 ? history.data : undefined;
  useEffect(() => {
    if (looked.current || !firstPage) return;
    looked.current = true;
    const running = firstPage.data.find((one) => one.status === 'queued' || one.status === 'running');
    if (running) setLogId((shown) => shown ?? running.logId);
  }, [firstPage]);

  function show(id: string) {
    setLogId(id);
    setFocusOn(id);
  }
  const focused = useCallback(() => setFocusOn(null), []);

  /** A new start: the import shown is followed no more; one shown at opening is not shown again in its place. */
  function started() {
    looked.current = true;
    setLogId(null);
  }

  /**
   * Send a file: the bytes (api/resumableUpload; lib/uploads: the upload outlives the screen, and the screen open is told of
   * the import it queues), then its import.
   */
  function send(what: Sent) {
    started();
    checking.current = what.dryRun ? what : null;
    void sendUpload(
      key,
      what,
      async (onProgress) => {
        // A large file goes in parts, and a try after a lost connection sends only the parts still missing.
        const sent = await uploadFile(organizationId, projectId, what.file, what.format, onProgress);
        if (!sent) return undefined;
        try {
          const queued = await queueImport(organizationId, projectId, target.endpoint, sent, what.format, what.dryRun, what.timeZone);
          if (queued) uploadQueued(organizationId, projectId, what.file);
          return queued?.logId;
        } catch (failure) {
          // Refused (the file, the rights): sent anew next time. A lost connection keeps the upload for Try again.
          if (!mayTryAgain(failure)) uploadQueued(organizationId, projectId, what.file);
          throw failure;
        }
      },
      {
        // The user went elsewhere in the app meanwhile: told where they are.
        queued: (sent) => toast.success(t('imports.queuedAway', { file: sent.name })),
        // A lost connection in plain words only (the browser's own, "Failed to fetch", says nothing more).
        failed: (sent, failure) =>
          failure instanceof UploadElsewhere
            ? toast.error(t('imports.uploadingElsewhere', { file: sent.name }))
            : isConnectionLost(failure)
              ? toast.error(t('imports.connectionLostAway', { file: sent.name }))
              : toast.error(failure, t('imports.uploadFailedAway', { file: sent.name })),
      },
    );
  }

  /**
   * The file a check read, imported for real from the check's result (in the zone the check read it in); focus to
   * the form's button (the offer goes).
   */
  function importChecked(check: Sent) {
    send({ ...check, dryRun: false });
    section.current?.querySelector<HTMLButtonElement>('form button[type="submit"]')?.focus();
  }

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
    <section ref={section} className="imports-panel" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {mayImport && help}
      {mayImport && (
        <ImportForm uploadKey={key} target={target} number={number} onStart={started} onSend={send} />
      )}
      <ImportResult
        log={log}
        number={number}
        onCancel={mayImport && log ? () => void cancel(log) : undefined}
        onImport={mayImport && log && checked?.logId === log.logId ? () => importChecked(checked.sent) : undefined}
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
  /** The project's uploads to the target's route (lib/uploads). */
  uploadKey: string;
  target: FileImportTarget;
  /** A number in the interface's language (the upload's minutes left). */
  number: (value: number) => string;
  /** A start that sends nothing (an empty file): the previous file's result leaves all the same. */
  onStart: () => void;
  onSend: (what: Sent) => void;
}

/**
 * The file, its format, the zone of its times without one (where the route takes it) and dry run; sends the file (`onSend`: to S3, with its progress and time left, then its
 * import). A failed upload says why in plain words and is offered again, the same file, without choosing it again.
 * While "Only check the file" is ticked the button says "Check file"; a check sent clears the box, so that the next
 * press imports the file (its result offers that too).
 */
function ImportForm({ uploadKey: key, target, number, onStart, onSend }: ImportFormProps) {
  const { t, i18n } = useTranslation();
  const ids = useId();
  const upload = useUpload(key);
  const sending = !!upload && upload.failure === undefined;
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('auto');
  const [dryRun, setDryRun] = useState(false);
  /** The zone of the file's times without one; '': none (read as UTC), nothing sent. */
  const [timeZone, setTimeZone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);

  function formatOf(chosen: File): string {
    if (format !== 'auto') return format;
    const name = chosen.name.toLowerCase();
    return Object.entries(target.formatsBySuffix ?? {}).find(([suffix]) => name.endsWith(suffix))?.[1] ?? format;
  }

  function send(what: Sent) {
    // A new start: the previous file's result leaves.
    setError(null);
    onSend(what);
  }

  function start(event: FormEvent) {
    event.preventDefault();
    if (!file || sending) return;
    // Nothing to import, and the upload would be refused in words meant for programs ("Invalid size").
    if (file.size === 0) {
      onStart();
      dismissUpload(key);
      setError(t('imports.emptyFile'));
      return;
    }
    send({ file, format: formatOf(file), dryRun, ...(target.timeZones && timeZone ? { timeZone } : {}) });
    // A check is asked for once: the next press imports (the button says so again).
    if (dryRun) setDryRun(false);
  }

  function tryAgain(failed: Upload) {
    send({ file: failed.file, format: failed.format, dryRun: failed.dryRun, timeZone: failed.timeZone });
    // The button goes with the failure: focus to the Import button (aria-disabled while the file is sent), not the page.
    form.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
  }

  const failure = upload?.failure;
  const failed = upload && failure !== undefined ? upload : null;
  const failureText = failed
    ? failure instanceof UploadElsewhere
      ? t('imports.uploadingElsewhere', { file: failed.file.name })
      : isConnectionLost(failure)
        ? t('imports.connectionLost', { file: failed.file.name })
        : t('imports.uploadFailed', { message: messageOf(failure) })
    : null;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) choose(dropped);
  }

  function choose(chosen: File | null) {
    setFile(chosen);
    setError(null);
    dismissUpload(key);
  }

  return (
    <form ref={form} className="imports-form ws-form" onSubmit={start}>
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
      {target.timeZones && <TimeZoneField id={`${ids}-zone`} value={timeZone} onChange={setTimeZone} />}
      <label className="ws-check">
        <input type="checkbox" checked={dryRun} onChange={(event) => setDryRun(event.target.checked)} />
        {t('imports.dryRun')}
      </label>
      <div className="ws-actions">
        {/* aria-disabled, not disabled, while there is no file or it uploads: a disabled button would drop focus to the page. */}
        <SubmitButton busy={!file || sending}>{t(dryRun ? 'imports.startCheck' : 'imports.start')}</SubmitButton>
      </div>
      {error && <p role="alert" className="alert alert-error">{error}</p>}
      {failed && (
        <div className="imports-upload-failed">
          <p role="alert" className="alert alert-error">{failureText}</p>
          {mayTryAgain(failure) && (
            <button type="button" className="button" onClick={() => tryAgain(failed)}>
              {t('imports.tryAgain')}
            </button>
          )}
        </div>
      )}
      {sending && (
        <div className="imports-progress">
          {/* Until the server has said what it holds (a resumed file: the parts sent before), no number: not 0. */}
          <progress aria-label={t('imports.uploadProgress')} max={upload.size} value={upload.sent} />
          <p>
            {upload.sent === undefined
              ? t('imports.uploadPreparing', { total: fileSize(upload.size, i18n.language) })
              : t('imports.uploading', { sent: fileSize(upload.sent, i18n.language), total: fileSize(upload.size, i18n.language) })}
            {upload.minutesLeft != null && (
              <>
                {' · '}
                {timeLeftLabel(t, upload.minutesLeft, number)}
              </>
            )}
          </p>
        </div>
      )}
    </form>
  );
}

/**
 * The zone of the times a file gives without one (most spreadsheets have no time zone column): none (read as UTC)
 * first, then the WQX codes with their offsets and the whole-hour offsets no code has. Rows that give their own
 * zone keep it.
 */
function TimeZoneField({ id, value, onChange }: { id: string; value: string; onChange: (zone: string) => void }) {
  const { t } = useTranslation();
  const { data: wqx } = useWqxTimeZones();
  // None (nothing sent) first.
  const choices = [{ value: '', label: t('imports.timeZone.none') }, ...timeZoneChoices(Array.isArray(wqx) ? wqx : [])];
  return (
    <div className="ws-field">
      <label htmlFor={id}>{t('imports.timeZone.label')}</label>
      <select id={id} aria-describedby={`${id}-hint`} value={value} onChange={(event) => onChange(event.target.value)}>
        {choices.map((zone) => (
          <option key={zone.value} value={zone.value}>
            {zone.label}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="ws-hint">
        {t('imports.timeZone.hint')}
      </p>
    </div>
  );
}
