import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { dateRangeProblems, hucProblem, isDay } from '../../../lib/filterChecks';
import { messageOf } from '../../../shell/toast';
import { useDebouncedValue } from '../../../shell/useDebouncedValue';
import {
  createReport, getQueuedReport, getQueuedReportPdf, REPORT_FILTERS, REPORT_LINK_STATIONS, REPORT_MOST_STATIONS, REPORT_QUICK_STATIONS,
  reportFileName, SELECTED_PARAM, useStationIdentifier, type QueuedReport, type ReportRequest,
} from '../api/report';
import { useReportFilterWords } from '../api/reportFilterWords';
import { useReportStationCount } from '../api/reportStationCount';

/**
 * How a queued report's progress is asked for (an object, so that tests can ask more often): first after
 * `reportMs`, then half as long again each time up to `reportMaxMs`; the page stops waiting when the job has not
 * moved on (its status and progress the same) for `giveUpMs` — a job the worker never started, or one it dropped.
 */
export const polling = { reportMs: 2000, reportMaxMs: 5000, giveUpMs: 15 * 60_000 };
/** How long the dates stay the same before the stations they match are counted again. */
const COUNT_DELAY_MS = 400;

/** The stations the address names: `stations=id,id` (a chosen set), else the explorer's filter. */
function requestOf(params: URLSearchParams): Omit<ReportRequest, 'from' | 'to' | 'language'> {
  const filter: ReportRequest['filter'] = {};
  for (const name of REPORT_FILTERS) {
    const value = params.getAll(name).join(',').trim();
    if (value) filter[name] = value;
  }
  const stationIds = params.getAll('stations').flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  return { filter, stationIds };
}

/** The answer of a large report: its job, not the PDF. */
function isQueued(answer: Blob | QueuedReport | undefined): answer is QueuedReport {
  return !!answer && typeof answer === 'object' && 'status' in answer && 'id' in answer;
}

/** A file's size in the interface's language: in KB below 1 MB (a few pages are some KB), else in MB. */
function fileSize(bytes: number, t: TFunction, language: string): string {
  const number = (value: number, digits: number) => value.toLocaleString(language, { maximumFractionDigits: digits });
  if (bytes >= 999_500) return t('pages.reportForm.megabytes', { size: number(bytes / 1e6, 1) });
  const kilobytes = bytes / 1e3;
  // To a tenth below 10 KB, and never "0 KB" for a file that has bytes.
  const shown = kilobytes < 10 ? number(Math.max(kilobytes, 0.1), 1) : number(kilobytes, 0);
  return t('pages.reportForm.kilobytes', { size: shown });
}

/** The explorer with the report's filter and dates (not a chosen set of stations), to narrow it there. */
function explorerOf(params: URLSearchParams): string {
  const filter = new URLSearchParams(params);
  filter.delete('stations');
  filter.delete(SELECTED_PARAM);
  const query = filter.toString();
  return query ? `/sts/overview?${query}` : '/sts/overview';
}

/** A queued report that has not moved on for `polling.giveUpMs`: the page stopped following it. */
class Stalled extends Error {}

/** What a queued report's progress says: when it stays the same, the job has not moved on. */
const stateOf = (job: QueuedReport) => `${job.status} ${job.progress}`;

/**
 * The PDF report of what the visitor looks at: the explorer's filter carried in this page's address
 * (or a chosen set of stations) and a date range, drawn by the server in the interface's language.
 */
export function ReportForm() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const address = params.toString();
  const scope = requestOf(params);
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const [busy, setBusy] = useState(false);
  // A failure, and whether it is the page having stopped waiting (then offered again at once).
  const [error, setError] = useState<{ message: string; stalled?: boolean } | null>(null);
  const [ready, setReady] = useState<{ url: string; size: number; fileName: string } | null>(null);
  const [queued, setQueued] = useState<QueuedReport | null>(null);
  const mounted = useRef(true);
  const createButton = useRef<HTMLButtonElement>(null);
  const filterCount = Object.keys(scope.filter).length;
  const filterWords = useReportFilterWords(scope.filter);
  // The stations the explorer's link could not hand over (too many selected): this report is of its filter.
  const selectedNotHanded = scope.stationIds.length ? 0 : Number(params.get(SELECTED_PARAM)) || 0;
  // The address the dates were taken from: another filter (back, forward, an edited address) starts afresh.
  const [madeFor, setMadeFor] = useState(address);
  if (madeFor !== address) {
    setMadeFor(address);
    setFrom(params.get('from') ?? '');
    setTo(params.get('to') ?? '');
  }
  // Everything the report depends on: its stations, its dates and its language. The report (or failure) shown is
  // of these; when one changes it is taken away, so that no link downloads a report of other dates.
  const requestKey = JSON.stringify([address, from, to, i18n.language]);
  const [shownFor, setShownFor] = useState(requestKey);
  if (shownFor !== requestKey) {
    setShownFor(requestKey);
    setReady(null);
    setError(null);
  }
  const currentKey = useRef(requestKey);
  useEffect(() => {
    currentKey.current = requestKey;
  }, [requestKey]);

  // What the server would refuse, said at once (chalicelib/statistics/service.py parse_query checks the same).
  const hucInvalid = !!scope.filter.huc && hucProblem(scope.filter.huc) !== undefined;
  const dateProblems = dateRangeProblems(from, to);
  const invalid = hucInvalid || !!dateProblems.from || !!dateProblems.to;

  // How many stations the report would cover, known before it is asked for: the chosen ones, or the filter's count.
  const countFrom = useDebouncedValue(from, COUNT_DELAY_MS);
  const countTo = useDebouncedValue(to, COUNT_DELAY_MS);
  const counted = useReportStationCount(scope.filter, countFrom, countTo, !scope.stationIds.length && !invalid);
  const stationCount = scope.stationIds.length || (invalid ? undefined : counted.data);
  const tooMany = stationCount !== undefined && stationCount > REPORT_MOST_STATIONS;
  // No station to report on (the filter and the dates match none): there is nothing to create.
  const none = stationCount === 0;
  const unavailable = busy || tooMany || none || invalid;
  // One station: its file is named by its identifier.
  const identifier = useStationIdentifier(scope.stationIds.length === 1 ? scope.stationIds[0] : undefined);
  const currentIdentifier = useRef(identifier);
  useEffect(() => {
    currentIdentifier.current = identifier;
  }, [identifier]);

  useEffect(() => () => {
    if (ready) URL.revokeObjectURL(ready.url);
  }, [ready]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /**
   * The PDF downloads, named by what it covers and today; it is offered again while the stations, the dates and
   * the language are still those it was made of.
   */
  const deliver = (pdf: Blob, askedFor: string, station: string | undefined) => {
    const url = URL.createObjectURL(pdf);
    const fileName = reportFileName(station ?? (currentKey.current === askedFor ? currentIdentifier.current : undefined), new Date());
    Object.assign(document.createElement('a'), { href: url, download: fileName }).click();
    if (currentKey.current === askedFor) setReady({ url, size: pdf.size, fileName });
    else setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  /**
   * A large report: ask for its progress until the worker has drawn it, less often as it goes on, and no longer
   * once it has not moved on for `polling.giveUpMs` (the server fails a job it never started, but an answer may
   * never come).
   */
  const follow = async (job: QueuedReport, askedFor: string, station: string | undefined) => {
    let current: QueuedReport | undefined = job;
    let delay = polling.reportMs;
    let seen = stateOf(job);
    let movedAt = Date.now();
    while (mounted.current && current && (current.status === 'queued' || current.status === 'running')) {
      setQueued(current);
      if (Date.now() - movedAt >= polling.giveUpMs) {
        throw new Stalled(t('pages.reportForm.stalled', { minutes: Math.round(polling.giveUpMs / 60_000) }));
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 1.5, polling.reportMaxMs);
      if (!mounted.current) return;
      current = await getQueuedReport(job.id);
      if (current && stateOf(current) !== seen) {
        seen = stateOf(current);
        movedAt = Date.now();
      }
    }
    if (!mounted.current || !current) return;
    setQueued(current);
    // The server says why in the language asked for (Accept-Language); without a reason, the page's own words.
    if (current.status === 'failed') throw new Error(current.message?.trim() || t('pages.reportForm.failed'));
    const pdf = await getQueuedReportPdf(job.id);
    if (pdf) deliver(pdf, askedFor, station);
  };

  const create = async () => {
    if (unavailable) return;
    // The keyboard focus on the button that says the report is being made (not in a date field, disabled meanwhile).
    createButton.current?.focus();
    setBusy(true);
    setError(null);
    setQueued(null);
    setReady(null);
    const askedFor = requestKey;
    try {
      const answer = await createReport({ ...scope, from, to, language: i18n.language });
      if (isQueued(answer)) await follow(answer, askedFor, identifier);
      else if (answer) deliver(answer, askedFor, identifier);
    } catch (failure) {
      // (A failure of a report no longer asked for, the address changed since, is not shown as this one's.)
      if (currentKey.current === askedFor) setError({ message: messageOf(failure), stalled: failure instanceof Stalled });
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void create();
  };
  /** After the page stopped waiting: a new report. */
  const tryAgain = () => void create();
  const describedBy = tooMany ? `${id}-too-many` : none ? `${id}-none` : hucInvalid ? `${id}-huc` : dateProblems.from || dateProblems.to ? `${id}-dates` : undefined;

  return (
    <form className="report-form" onSubmit={onSubmit} noValidate aria-label={t('pages.reportForm.title')}>
      <h2>{t('pages.reportForm.title')}</h2>
      <p>
        {scope.stationIds.length
          ? t('pages.reportForm.chosen', { count: scope.stationIds.length })
          : filterCount
            ? t('pages.reportForm.fromExplorer', { filters: filterWords })
            : t('pages.reportForm.everyStation')}{' '}
        <Link to={explorerOf(params)}>{t('pages.reportForm.openExplorer')}</Link>
      </p>
      {selectedNotHanded > 0 && (
        <p className="alert alert-warning">{t('pages.reportForm.tooManySelected', { count: selectedNotHanded, most: REPORT_LINK_STATIONS })}</p>
      )}
      {hucInvalid && (
        <p id={`${id}-huc`} className="alert alert-error">
          {t('pages.reportForm.invalidHuc', { huc: scope.filter.huc })} <Link to={explorerOf(params)}>{t('pages.reportForm.correctFilter')}</Link>
        </p>
      )}
      {!scope.stationIds.length && stationCount !== undefined && !tooMany && !none && (
        <p>{t('pages.reportForm.matches', { count: stationCount })}</p>
      )}
      {none && (
        <p id={`${id}-none`} className="alert alert-error">
          {t('pages.reportForm.none')} <Link to={explorerOf(params)}>{t('pages.reportForm.changeFilter')}</Link>
        </p>
      )}
      {tooMany ? (
        <p id={`${id}-too-many`} className="alert alert-error">
          {t('pages.reportForm.tooMany', { count: stationCount, most: REPORT_MOST_STATIONS })}{' '}
          <Link to={explorerOf(params)}>{t('pages.reportForm.narrow')}</Link>
        </p>
      ) : (
        <p className="muted">{t('pages.reportForm.limits', { most: REPORT_MOST_STATIONS, quick: REPORT_QUICK_STATIONS })}</p>
      )}
      {/* The dates cannot change while a report is being made: the one on its way is of these dates. */}
      <div className="report-dates">
        <div className="ws-field">
          <label htmlFor={`${id}-from`}>{t('pages.reportForm.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            max={isDay(to) ? to : undefined}
            disabled={busy}
            aria-invalid={!!dateProblems.from || undefined}
            aria-describedby={dateProblems.from ? `${id}-dates` : undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="ws-field">
          <label htmlFor={`${id}-to`}>{t('pages.reportForm.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            min={isDay(from) ? from : undefined}
            disabled={busy}
            aria-invalid={(!!dateProblems.to && !dateProblems.from) || undefined}
            aria-describedby={dateProblems.to && !dateProblems.from ? `${id}-dates` : undefined}
            onChange={(e) => setTo(e.target.value)}
          />
        </div>
      </div>
      {(dateProblems.from || dateProblems.to) && (
        <p id={`${id}-dates`} className="field-error">
          {dateProblems.from === 'fromAfterTo'
            ? t('validation.fromAfterTo')
            : t('validation.invalidDateInAddress', { value: dateProblems.from ? from : to })}
        </p>
      )}
      {error && (
        <p className="alert alert-error" role="alert">
          {error.message}
          {error.stalled && (
            <>
              {' '}
              <button type="button" className="button" onClick={tryAgain}>{t('pages.reportForm.tryAgain')}</button>
            </>
          )}
        </p>
      )}
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page while the report is made
          (and a button disabled by the count could not be reached to hear why). */}
      <button
        ref={createButton}
        type="submit"
        className="button button-primary"
        aria-disabled={unavailable || undefined}
        aria-describedby={describedBy}
      >
        {busy ? t('pages.reportForm.creating') : t('pages.reportForm.create')}
      </button>
      {/* Always on the page, so that what appears in it is announced: a large report's progress as it goes on (the
          button's new name is not read while it keeps the focus), then the outcome. */}
      <div role="status" className="report-status">
        {queued && busy && (
          <div className="report-progress">
            <label htmlFor={`${id}-progress`}>{t('pages.reportForm.queued', { count: queued.stations, percent: Math.round(queued.progress * 100) })}</label>
            <progress id={`${id}-progress`} max={1} value={queued.progress} />
          </div>
        )}
        {ready && !busy && (
          <p>
            {t('pages.reportForm.ready', { size: fileSize(ready.size, t, i18n.language) })}{' '}
            <a href={ready.url} download={ready.fileName}>{t('pages.reportForm.download')}</a>
          </p>
        )}
      </div>
    </form>
  );
}

export default ReportForm;
