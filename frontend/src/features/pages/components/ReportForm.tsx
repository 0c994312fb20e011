import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../../shell/toast';
import { createReport, REPORT_FILTERS, type ReportRequest } from '../api/report';

const FILE_NAME = 'open-water-data-report.pdf';

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

function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toLocaleString(undefined, { maximumFractionDigits: 2 })} MB`;
}

/**
 * The PDF report of what the visitor looks at: the explorer's filter carried in this page's address
 * (or a chosen set of stations) and a date range, drawn by the server in the interface's language.
 */
export function ReportForm() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [params] = useSearchParams();
  const scope = requestOf(params);
  const [from, setFrom] = useState(params.get('from') ?? '');
  const [to, setTo] = useState(params.get('to') ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState<{ url: string; size: number } | null>(null);
  const filterCount = Object.keys(scope.filter).length;

  useEffect(() => () => {
    if (ready) URL.revokeObjectURL(ready.url);
  }, [ready]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const pdf = await createReport({ ...scope, from, to, language: i18n.language });
      if (!pdf) return;
      const url = URL.createObjectURL(pdf);
      setReady({ url, size: pdf.size });
      const link = Object.assign(document.createElement('a'), { href: url, download: FILE_NAME });
      link.click();
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
            ? t('pages.reportForm.fromExplorer', { filters: Object.entries(scope.filter).map(([k, v]) => `${k}=${v}`).join(', ') })
            : t('pages.reportForm.everyStation')}{' '}
        <Link to="/sts/overview">{t('pages.reportForm.openExplorer')}</Link>
      </p>
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
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? t('pages.reportForm.creating') : t('pages.reportForm.create')}
      </button>
      {ready && !busy && (
        <p role="status">
          {t('pages.reportForm.ready', { size: megabytes(ready.size) })}{' '}
          <a href={ready.url} download={FILE_NAME}>{t('pages.reportForm.download')}</a>
        </p>
      )}
    </form>
  );
}

export default ReportForm;
