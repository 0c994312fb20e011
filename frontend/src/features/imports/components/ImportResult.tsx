import { Fragment, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageNav } from '../../../shell/PageNav';
import { toast } from '../../../shell/toast';
import { fetchFeedbackCsv, lastAnswered, useRejectedRows } from '../api/imports';
import { everyRowDone, FINISHED, hasSettled, type ImportLog } from '../api/types';
import { convertedLabel, COUNTS, countLabel, finishingLabel, replacedLabel, statusLabel, summariesFollow, timeLeftLabel } from '../lib/labels';
import { observe, progressOf, stalledFor, type Pace } from '../lib/pace';
import { saveCsv } from '../../../lib/download';

type FormatNumber = (n: number) => string;

/**
 * A column's name with its word boundaries marked (<wbr>): between the words of a camel-case name
 * (ActivityStartDate: Activity·Start·Date) and after "/", "_" and "-" (ResultMeasure/MeasureUnitCode). A narrow
 * column then wraps a long name between its words, while a short one (Value, Date) stays whole.
 */
function breakableName(name: string): ReactNode {
  const parts = name.replace(/([a-z0-9])(?=[A-Z])|([/_-])(?=.)/g, '$1$2\u0000').split('\u0000');
  if (parts.length === 1) return name;
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** How often (ms) the screen looks again at an import that has not moved: whether to say it makes no progress. */
export const STALL_CHECK_MS = 10_000;

/**
 * The pace of the import shown (lib/pace), and the time it is known up to: looked at again every STALL_CHECK_MS
 * while it runs, as a stalled import's answers, all alike, would not render the result again. The time is that of
 * the server's last answer (api/imports' lastAnswered) when the import is followed: offline, or in a hidden tab
 * (no polls), nothing is known of its progress, so it is not said to have made none.
 */
function usePace(log: ImportLog | undefined) {
  const pace = useRef<Pace | null>(null);
  const [, setTick] = useState(0);
  const running = log?.status === 'running';
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setTick((tick) => tick + 1), STALL_CHECK_MS);
    return () => clearInterval(timer);
  }, [running]);
  // Seen again only when the answer changes; the same log seen twice (a re-render) changes nothing.
  const seen = useRef<ImportLog | undefined>(undefined);
  const at = Date.now();
  if (log && seen.current !== log) {
    seen.current = log;
    pace.current = observe(pace.current, log, at);
  }
  // Measured up to the last answer: while none comes (offline, a hidden tab), nothing is known of its progress.
  const heard = log ? lastAnswered(log.logId) : undefined;
  return { pace: pace.current, now: heard === undefined ? at : Math.min(at, Math.max(heard, pace.current?.changedAt ?? heard)) };
}

export interface ImportResultProps {
  /** The import shown; none yet: only the (empty) live region is there, so that what comes into it is announced. */
  log: ImportLog | undefined;
  number: FormatNumber;
  onCancel?: () => void;
  /**
   * Import the file this check (a dry run) read, for real: offered under the check's result once it has settled
   * and found rows to take (given only while the file checked is at hand, i.e. it was checked from this screen).
   */
  onImport?: () => void;
  /** Move keyboard focus to the result's heading (it was asked for from elsewhere, e.g. the history's Show). */
  takeFocus?: boolean;
  onFocused?: () => void;
}

/**
 * One import as it goes: its progress while it runs (and a cancel for those who may, until every row is done:
 * the API takes none while the worker finishes), its counts and rejected rows once settled. An ended import
 * whose worker is still on it (cancelled, still counting the rows it was writing) goes on showing its progress
 * as "Stopping…": its counts are shown only once final.
 *
 * Its status line (file, status, message) is an always-present live region: the status is announced as it
 * changes (queued, importing, imported), not each second's progress. Focus stays where the user is when the
 * import ends (on the Import button, say: a long import may end while they are elsewhere on the page, and the
 * live region says how it ended); only when the focused Cancel button goes away (every row done, or the end)
 * does focus move to the result's heading, instead of falling to the page.
 */
export function ImportResult({ log, number, onCancel, onImport, takeFocus, onFocused }: ImportResultProps) {
  const { t, i18n } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const lineId = useId();
  const { pace, now } = usePace(log);
  const ended = !!log && FINISHED.includes(log.status);
  const settled = !!log && hasSettled(log);
  // Every row done: the worker is finishing, and the API would refuse a cancel (409).
  const finishing = !!log && everyRowDone(log);
  const showCancel = !!log && !ended && !finishing && !!onCancel;

  function focusHeading() {
    const target = heading.current;
    if (!target) return;
    // Not scrolled by focus: the result comes into view by the nearest way only, never sideways.
    target.focus({ preventScroll: true });
    target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }

  // The Cancel button goes away once every row is done (or the import ended): if it had focus, focus goes to the
  // heading, not to the page.
  const cancelShown = useRef(false);
  useLayoutEffect(() => {
    const wasShown = cancelShown.current;
    cancelShown.current = showCancel;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (wasShown && !showCancel && lost) focusHeading();
  });

  useEffect(() => {
    if (!takeFocus || !log) return;
    focusHeading();
    onFocused?.();
  }, [takeFocus, log, onFocused]);

  if (!log) {
    return (
      <div>
        <div role="status" />
      </div>
    );
  }

  const progress = progressOf(log);
  const stalled = ended ? null : stalledFor(pace, log, now);
  const minutes = stalled !== null || finishing || ended || pace?.logId !== log.logId ? null : pace.minutes;
  // A long import (two minutes or more from queued to ended) emails its sender how it ended (imports/notify.py on the
  // server): said while it runs, so that they know they may leave. Nobody is emailed of a scheduled run.
  const emailed = !ended && log.trigger !== 'schedule' && ((minutes !== null && minutes >= 2) || now - Date.parse(log.createdAt) >= 120_000);
  // Summaries follow the rows (a good part of a large import's time): the time said is the rows', and says so.
  const left = minutes === null ? null : timeLeftLabel(t, minutes, number, summariesFollow(log));
  return (
    <div className="imports-result">
      <div role="status">
        <h4 ref={heading} tabIndex={-1}>
          <strong>{log.fileName}</strong>
          {t('imports.afterFileName')}
          {statusLabel(t, log)}
        </h4>
        {/* An ended import's message waits for its final counts (a cancel's "after 6,000 rows" would be stale). */}
        {log.message && (!ended || settled) && <p>{log.message}</p>}
      </div>
      {/* The zone chosen with the file for its times without one (none chosen: they were read as UTC, as said above). */}
      {log.timeZone && <p className="muted">{t('imports.timeZone.readAs', { zone: log.timeZone })}</p>}
      {!settled && (
        <>
          <progress aria-label={t('imports.importProgress')} aria-describedby={lineId} max={1} value={progress ?? undefined} />
          <p id={lineId}>
            {log.rowsTotal
              ? t('imports.rowsOf', { done: number(log.rowsDone), total: number(log.rowsTotal) })
              : t('imports.rowsRead', { rows: number(log.rowsDone) })}
            {progress !== null && (
              <>
                {' · '}
                {t('imports.done', {
                  percent: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 }).format(
                    progress,
                  ),
                })}
              </>
            )}
            {(finishing || ended) && (
              <>
                {' · '}
                {finishingLabel(t, log)}
              </>
            )}
            {left !== null && (
              <>
                {' · '}
                {left}
              </>
            )}
          </p>
          {emailed && <p className="muted">{t('imports.emailWhenEnded')}</p>}
          {stalled !== null && (
            <p className="alert alert-warning imports-stalled">{t('imports.stalled', { count: Math.floor(stalled / 60_000) })}</p>
          )}
          {/* Said once as the import stops moving (the line above changes its minutes every minute: not announced). */}
          <p className="visually-hidden" aria-live="polite">
            {stalled !== null ? t('imports.stalledAnnounced') : ''}
          </p>
          {showCancel && (
            <button type="button" className="button button-danger" onClick={onCancel}>
              {t('imports.cancel')}
            </button>
          )}
        </>
      )}
      {settled && (
        <dl aria-label={t('imports.counts.label')}>
          {COUNTS.map((key) => (
            <Fragment key={key}>
              <div>
                <dt>{countLabel(t, log, key)}</dt>
                <dd>{number(log[key])}</dd>
              </div>
              {/* Under the values imported, when there are any: those that corrected a stored one. */}
              {key === 'rowsImported' && (log.rowsReplaced ?? 0) > 0 && (
                <div className="imports-count-part">
                  <dt>{replacedLabel(t, log)}</dt>
                  <dd>{number(log.rowsReplaced!)}</dd>
                </div>
              )}
            </Fragment>
          ))}
          {/* Said only when there are any: values given in another unit than their parameter's, and which units. */}
          {(log.rowsConverted ?? 0) > 0 && (
            <div>
              <dt>{convertedLabel(t, log)}</dt>
              <dd>{number(log.rowsConverted!)}</dd>
            </div>
          )}
          {/* Said only when there are any: times read as UTC for want of a zone (the message above says what to do). */}
          {(log.rowsWithoutTimeZone ?? 0) > 0 && (
            <div className="imports-count-warning">
              <dt>{t(log.dryRun ? 'imports.checkCounts.rowsWithoutTimeZone' : 'imports.counts.rowsWithoutTimeZone')}</dt>
              <dd>{number(log.rowsWithoutTimeZone!)}</dd>
            </div>
          )}
        </dl>
      )}
      {settled && (log.newParameters?.length ?? 0) > 0 && (
        <p className="import-new-parameters">
          {t(log.dryRun ? 'imports.newParameters.check' : 'imports.newParameters.written', {
            names: log.newParameters!.join(t('imports.newParameters.separator')),
            count: log.parametersCreated,
          })}
          {log.parametersCreated > log.newParameters!.length &&
            ` ${t('imports.newParameters.more', { count: log.parametersCreated - log.newParameters!.length })}`}
        </p>
      )}
      {/* Of those, the names that are no WQX characteristic name: a misspelling, with the name it likely meant. */}
      {settled && (log.newParametersNotWqx?.length ?? 0) > 0 && (
        <>
          <ul className="import-new-parameters-not-wqx" aria-label={t('imports.notWqx.label')}>
            {log.newParametersNotWqx!.map(({ parameter, closest }) => (
              <li key={parameter}>
                {closest
                  ? t('imports.notWqx.closest', { name: parameter, closest })
                  : t('imports.notWqx.none', { name: parameter })}
              </li>
            ))}
          </ul>
          {/* A check found it before anything was written; after an import, the parameter and its values exist. */}
          <p className="muted">{t(log.dryRun ? 'imports.notWqx.fixBefore' : 'imports.notWqx.fixAfter')}</p>
        </>
      )}
      {settled && log.dryRun && onImport && (log.status === 'succeeded' || log.status === 'partial') && (
        <div className="imports-checked">
          <p>{t('imports.checked.offer')}</p>
          <button type="button" className="button button-primary" onClick={onImport}>
            {t('imports.checked.importNow', { file: log.fileName })}
          </button>
        </div>
      )}
      {settled && log.rowsRejected > 0 && <RejectedRows key={log.logId} log={log} number={number} />}
    </div>
  );
}

/**
 * The problems of an import's rejected rows, a page at a time: one line a problem (a row with two bad cells has
 * two), so the caption names both the problems and the rows they are in. The reason comes right after the row,
 * so that it is in view on a phone.
 */
function RejectedRows({ log, number }: { log: ImportLog; number: FormatNumber }) {
  const { t } = useTranslation();
  const hintId = useId();
  const [page, setPage] = useState(1);
  const { data } = useRejectedRows(log.logId, page);

  async function download() {
    if (!log.feedbackFileId) return;
    try {
      const text = await fetchFeedbackCsv(log.feedbackFileId);
      // With the byte-order mark the server sent (the decoding of the answer drops it): Excel reads the Chinese reasons.
      saveCsv(`${log.fileName.replace(/\.(csv|txt|tsv|zip|gz|json)$/i, '')}-rejected-rows.csv`, text);
    } catch (failure) {
      toast.error(failure);
    }
  }

  const caption = data
    ? t('imports.rejected.caption', {
        problems: t('imports.rejected.problems', { count: data.total }),
        rows: t('imports.rejected.rows', { count: log.rowsRejected }),
      })
    : '';
  return (
    <div className="imports-rejected">
      {log.feedbackFileId && (
        <button type="button" className="button" onClick={() => void download()}>
          {t('imports.rejected.download')}
        </button>
      )}
      {/* Shown once read: an empty table beside a count of rejected rows would contradict it. */}
      {data && (
        <>
          {/* On a phone each problem is a card, each value under its column's name (data-label): every word whole
              (shell/workspace.css .card-table, imports.css); the explicit roles keep the table's meaning there. */}
          <div className="ws-table-wrap" role="region" aria-label={caption} tabIndex={0}>
            <table className="ws-table card-table" role="table" aria-describedby={hintId}>
              <caption>{caption}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">{t('imports.rejected.row')}</th>
                  <th scope="col" role="columnheader">{t('imports.rejected.message')}</th>
                  <th scope="col" role="columnheader">{t('imports.rejected.column')}</th>
                  <th scope="col" role="columnheader">{t('imports.rejected.value')}</th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {data.data.map((row, index) => (
                  <tr key={`${data.page}-${index}`} role="row">
                    <td role="cell" className="imports-row" data-label={t('imports.rejected.row')}>{row.row === null ? '' : number(row.row)}</td>
                    <td role="cell" className="imports-reason" data-label={t('imports.rejected.message')}>{row.message}</td>
                    {/* The name in an element of its own: a card lays a cell out as a grid, of which its <wbr>s
                        would be items. */}
                    <td role="cell" className="imports-column" data-label={t('imports.rejected.column')}>{row.column ? <span>{breakableName(row.column)}</span> : ''}</td>
                    <td role="cell" className="imports-value" data-label={t('imports.rejected.value')}>{row.value ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p id={hintId} className="ws-hint">
            {t('imports.rejected.rowHint')}
          </p>
          <PageNav label={t('imports.rejected.pages')} page={page} pageCount={data.pageCount} onPage={setPage} />
        </>
      )}
    </div>
  );
}
