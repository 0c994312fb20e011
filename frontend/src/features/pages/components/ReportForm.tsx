import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../../shell/toast';
import { useDebouncedValue } from '../../../shell/useDebouncedValue';
import {
  createReport, getQueuedReport, getQueuedReportPdf, REPORT_FILTERS, REPORT_MOST_STATIONS, REPORT_QUICK_STATIONS,
  type QueuedReport, type ReportRequest,
} from '../api/report';
import { useReportFilterWords } from '../api/reportFilterWords';
import { useReportStationCount } from '../api/reportStationCount';

const FILE_NAME = 'open-water-data-report.pdf';
/** How often a queued report's progress is asked for (an object, so that tests can ask more often). */
export const polling = { reportMs: 2000 };
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
  const query = filter.toString();
  return query ? `/sts/overview?${query}` : '/sts/overview';
}

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
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<{ url: string; size: number } | null>(null);
  const [queued, setQueued] = useState<QueuedReport | null>(null);
  const mounted = useRef(true);
  const filterCount = Object.keys(scope.filter).length;
  const filterWords = useReportFilterWords(scope.filter);
  // The address the shown report was made for: another filter (back, forward, an edited address) starts afresh.
  const [madeFor, setMadeFor] = useState(address);
  const currentAddress = useRef(address);
  useEffect(() => {
    currentAddress.current = address;
  }, [address]);
  if (madeFor !== address) {
    setMadeFor(address);
    setReady(null);
    setError(null);
    setFrom(params.get('from') ?? '');
    setTo(params.get('to') ?? '');
  }

  // How many stations the report would cover, known before it is asked for: the chosen ones, or the filter's count.
  const countFrom = useDebouncedValue(from, COUNT_DELAY_MS);
  const countTo = useDebouncedValue(to, COUNT_DELAY_MS);
  const counted = useReportStationCount(scope.filter, countFrom, countTo, !scope.stationIds.length);
  const stationCount = scope.stationIds.length || counted.data;
  const tooMany = stationCount !== undefined && stationCount > REPORT_MOST_STATIONS;
  // No station to report on (the filter and the dates match none): there is nothing to create.
  const none = stationCount === 0;
  const unavailable = busy || tooMany || none;

  useEffect(() => () => {
    if (ready) URL.revokeObjectURL(ready.url);
  }, [ready]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** The PDF downloads; it is offered again while the address still names what it was made of. */
  const deliver = (pdf: Blob, askedFor: string) => {
    const url = URL.createObjectURL(pdf);
    Object.assign(document.createElement('a'), { href: url, download: FILE_NAME }).click();
    if (currentAddress.current === askedFor) setReady({ url, size: pdf.size });
    else setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };

  /** A large report: ask for its progress until the worker has drawn it. */
  const follow = async (job: QueuedReport, askedFor: string) => {
    let current: QueuedReport | undefined = job;
    while (mounted.current && current && (current.status === 'queued' || current.status === 'running')) {
      setQueued(current);
      await new Promise((resolve) => setTimeout(resolve, polling.reportMs));
      current = await getQueuedReport(job.id);
    }
    if (!mounted.current || !current) return;
    setQueued(current);
    if (current.status === 'failed') throw new Error(current.message ?? t('pages.reportForm.failed'));
    const pdf = await getQueuedReportPdf(job.id);
    if (pdf) deliver(pdf, askedFor);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (unavailable) return;
    setBusy(true);
    setError(null);
    setQueued(null);
    setReady(null);
    const askedFor = address;
    try {
      const answer = await createReport({ ...scope, from, to, language: i18n.language });
      if (isQueued(answer)) await follow(answer, askedFor);
      else if (answer) deliver(answer, askedFor);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="report-form" onSubmit={onSubmit} noValidate aria-label={t('pages.reportForm.title')}>
      <h2>{t('pages.reportForm.title')}</h2>
      <p>
        {scope.stationIds.length
          ? t('pages.reportForm.chosen', { count: scope.stationIds.length })
          : filterCount
            ? t('pages.reportForm.fromExplorer', { filters: filterWords })
            : t('pages.reportForm.everyStation')}{' '}
        <Link to="/sts/overview">{t('pages.reportForm.openExplorer')}</Link>
      </p>
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
      <div className="report-dates">
        <div className="ws-field">
          <label htmlFor={`${id}-from`}>{t('pages.reportForm.from')}</label>
          <input id={`${id}-from`} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="ws-field">
          <label htmlFor={`${id}-to`}>{t('pages.reportForm.to')}</label>
          <input id={`${id}-to`} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      {error && <p className="alert alert-error" role="alert">{error}</p>}
      {queued && busy && (
        <div className="report-progress">
          <label htmlFor={`${id}-progress`}>{t('pages.reportForm.queued', { count: queued.stations, percent: Math.round(queued.progress * 100) })}</label>
          <progress id={`${id}-progress`} max={1} value={queued.progress} />
        </div>
      )}
      {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus to the page while the report is made
          (and a button disabled by the count could not be reached to hear why). */}
      <button
        type="submit"
        className="button button-primary"
        aria-disabled={unavailable || undefined}
        aria-describedby={tooMany ? `${id}-too-many` : none ? `${id}-none` : undefined}
      >
        {busy ? t('pages.reportForm.creating') : t('pages.reportForm.create')}
      </button>
      {/* Always on the page, so that the outcome appearing in it is announced. */}
      <p role="status" className="report-status">
        {ready && !busy && (
          <>
            {t('pages.reportForm.ready', { size: fileSize(ready.size, t, i18n.language) })}{' '}
            <a href={ready.url} download={FILE_NAME}>{t('pages.reportForm.download')}</a>
          </>
        )}
      </p>
    </form>
  );
}

export default ReportForm;
