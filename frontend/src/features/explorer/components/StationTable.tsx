import { useMemo, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailsAt, type StationSet } from '../api/statistic';
import type { StationDetails } from '../api/stationsAt';
import { downloadText, sitesCsv } from '../lib/csv';
import { tableRows, type Sort, type SortKey } from '../lib/tableRows';

export const ROW_HEIGHT = 36;
const VIEWPORT_ROWS = 14;
const OVERSCAN = 8;

export interface StationTableProps {
  stations: StationSet;
  selected: StationDetails[];
  onSelectionChange: (stations: StationDetails[]) => void;
  organizationNames?: Map<string, string>;
  typeNames?: Map<string, string>;
  /** Pages of the server's answer: which one is shown, how many there are, and how to change it. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

/** The matching stations: server pages, and within a page search, sort, only the visible rows drawn; selection; CSV. */
export function StationTable({ stations, selected, onSelectionChange, organizationNames, typeNames, page, pageSize, onPageChange }: StationTableProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);

  const pageRows = useMemo(() => tableRows(stations, search, sort), [stations, search, sort]);
  const pages = Math.max(1, Math.ceil(stations.total / pageSize));
  const current = Math.min(page, pages - 1);
  const offset = current * pageSize;
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(pageRows.length, first + VIEWPORT_ROWS + 2 * OVERSCAN);
  const chosen = useMemo(() => new Set(selected.map((s) => s.id)), [selected]);

  const columns: { key: SortKey; label: string; numeric?: boolean }[] = [
    { key: 'name', label: t('explorer.table.name') },
    { key: 'identifier', label: t('explorer.table.identifier') },
    { key: 'stationType', label: t('explorer.table.stationType') },
    { key: 'sampleCount', label: t('explorer.table.samples'), numeric: true },
    { key: 'lastDate', label: t('explorer.table.lastDate') },
  ];
  const sortBy = (key: SortKey) => {
    setSort((s) => (s?.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }));
  };
  const toggle = (i: number) =>
    onSelectionChange(chosen.has(stations.id[i]) ? selected.filter((s) => s.id !== stations.id[i]) : [...selected, detailsAt(stations, i)]);
  const selectPage = () => onSelectionChange([...selected, ...pageRows.filter((i) => !chosen.has(stations.id[i])).map((i) => detailsAt(stations, i))]);
  const download = () => downloadText('stations.csv', sitesCsv(selected, typeNames));
  const goTo = (next: number) => {
    onPageChange(next);
    setScrollTop(0);
    if (scroller.current) scroller.current.scrollTop = 0;
  };

  return (
    <section className="station-table" aria-labelledby="station-table-title">
      <div className="table-toolbar">
        <h2 id="station-table-title">{t('explorer.table.title')}</h2>
        <label className="field inline">
          <span className="visually-hidden">{t('explorer.table.search')}</span>
          <input
            type="search"
            placeholder={t('explorer.table.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setScrollTop(0);
            }}
          />
        </label>
        <span className="muted" aria-live="polite">{t('explorer.table.selected', { count: selected.length })}</span>
        <button type="button" onClick={selectPage} disabled={!pageRows.length}>{t('explorer.table.selectPage')}</button>
        <button type="button" onClick={() => onSelectionChange([])} disabled={!selected.length}>{t('explorer.table.clearSelection')}</button>
        <button type="button" onClick={download} disabled={!selected.length}>{t('explorer.table.download')}</button>
      </div>
      {pageRows.length === 0 ? (
        <p className="empty">{t('explorer.table.empty')}</p>
      ) : (
        <div
          className="table-scroller"
          ref={scroller}
          style={{ maxHeight: ROW_HEIGHT * (VIEWPORT_ROWS + 1) }}
          onScroll={(e: UIEvent<HTMLDivElement>) => setScrollTop(e.currentTarget.scrollTop)}
        >
          <table aria-rowcount={stations.total + 1} aria-labelledby="station-table-title">
            <thead>
              <tr aria-rowindex={1}>
                <th scope="col"><span className="visually-hidden">{t('explorer.table.select')}</span></th>
                {columns.map((c) => (
                  <th
                    key={c.key}
                    scope="col"
                    className={c.numeric ? 'numeric' : undefined}
                    aria-sort={sort?.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <button type="button" className="sort-button" onClick={() => sortBy(c.key)}>
                      {c.label}
                      <span aria-hidden="true">{sort?.key === c.key ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                ))}
                <th scope="col">{t('explorer.table.organization')}</th>
              </tr>
            </thead>
            <tbody>
              {first > 0 && <tr aria-hidden="true" style={{ height: first * ROW_HEIGHT }} />}
              {pageRows.slice(first, last).map((i, k) => {
                const id = stations.id[i];
                const name = stations.name[i] || stations.identifier[i];
                return (
                  <tr key={id} aria-rowindex={offset + first + k + 2} aria-selected={chosen.has(id)} style={{ height: ROW_HEIGHT }}>
                    <td>
                      <input type="checkbox" checked={chosen.has(id)} onChange={() => toggle(i)} aria-label={t('explorer.table.selectStation', { name })} />
                    </td>
                    <td><Link to={`/sts/station/${encodeURIComponent(id)}`}>{name}</Link></td>
                    <td>{stations.identifier[i]}</td>
                    <td>{typeNames?.get(stations.stationType[i]) ?? stations.stationType[i]}</td>
                    <td className="numeric">{stations.sampleCount[i].toLocaleString()}</td>
                    <td>{stations.lastDate[i]}</td>
                    <td>{organizationNames?.get(stations.organizationId[i]) ?? stations.organizationId[i]}</td>
                  </tr>
                );
              })}
              {last < pageRows.length && <tr aria-hidden="true" style={{ height: (pageRows.length - last) * ROW_HEIGHT }} />}
            </tbody>
          </table>
        </div>
      )}
      {pageRows.length > 0 && (
        <nav className="pager" aria-label={t('explorer.table.pages')}>
          <span>
            {t('explorer.table.range', {
              from: (offset + 1).toLocaleString(),
              to: (offset + stations.length).toLocaleString(),
              total: stations.total.toLocaleString(),
            })}
          </span>
          <button type="button" onClick={() => goTo(current - 1)} disabled={current === 0}>{t('explorer.table.previous')}</button>
          <button type="button" onClick={() => goTo(current + 1)} disabled={current >= pages - 1}>{t('explorer.table.next')}</button>
        </nav>
      )}
    </section>
  );
}
