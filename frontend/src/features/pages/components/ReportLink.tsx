import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useStationSelection } from '../../explorer/lib/selection';
import { REPORT_LINK_STATIONS, SELECTED_PARAM } from '../api/report';

const EXPLORER_PATH = '/sts/overview';

/**
 * The report page's address: the explorer's (its filter, dates and view, for the report page's way back), with
 * the selected stations by id when there are some and not too many, else the count it could not hand over.
 * The ids are joined by bare commas (a station's id needs no escaping): the address stays as short as it can.
 */
export function reportAddress(search: string, selectedIds: string[]): string {
  const params = new URLSearchParams(search);
  params.delete('stations');
  params.delete(SELECTED_PARAM);
  if (selectedIds.length > REPORT_LINK_STATIONS) params.set(SELECTED_PARAM, String(selectedIds.length));
  const query = params.toString();
  const chosen = selectedIds.length && selectedIds.length <= REPORT_LINK_STATIONS
    ? `stations=${selectedIds.map(encodeURIComponent).join(',')}`
    : '';
  const whole = [query, chosen].filter(Boolean).join('&');
  return whole ? `/sts/report?${whole}` : '/sts/report';
}

/**
 * A header tool: on the explorer, 'PDF report' opens /sts/report with the explorer's current filter (its
 * address query), so the report covers what the visitor is looking at; with stations selected (in the table or
 * on the map), the report of those, said on the link.
 */
export function ReportLink() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { selected } = useStationSelection();
  if (pathname !== EXPLORER_PATH) return null;
  const count = selected.length;
  const handedOver = count > 0 && count <= REPORT_LINK_STATIONS;
  // Said on hovering it too (on a phone the link is its icon alone).
  const description = !count
    ? t('pages.report.ofFilter')
    : handedOver
      ? t('pages.report.ofSelected', { count })
      : t('pages.report.tooManySelected', { count, most: REPORT_LINK_STATIONS });
  return (
    <Link className="header-button" to={reportAddress(search, selected.map((s) => s.id))} title={description}>
      <DocumentIcon />{' '}
      <span className="header-button-text">{handedOver ? t('pages.report.ofSelected', { count }) : t('pages.report.title')}</span>
    </Link>
  );
}

/** A page with a folded corner, drawn (a font's report symbol, ⎙, is missing from many systems: an empty box). */
function DocumentIcon() {
  return (
    <svg className="header-icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="1em" height="1em">
      <path d="M3.5 1.5h6l3 3v10h-9z M9.5 1.5v3h3 M5.5 8h5 M5.5 10.5h5 M5.5 13h3" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}
