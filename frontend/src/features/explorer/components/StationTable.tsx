import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailsAt, type StationSet } from '../api/statistic';
import type { StationDetails } from '../api/stationsAt';
import { downloadText, sitesCsv } from '../lib/csv';
import { tableRows, type Sort, type SortKey } from '../lib/tableRows';

export const PAGE_SIZES = [25, 50, 100, 250] as const;
export const DEFAULT_PAGE_SIZE = 50;

export interface StationTableProps {
  /** The loaded stations: one chunk of the server's answer (`chunkSize` stations from `chunk * chunkSize`). */
  stations: StationSet;
  selected: StationDetails[];
  onSelectionChange: (stations: StationDetails[]) => void;
  organizationNames?: Map<string, string>;
  typeNames?: Map<string, string>;
  chunk: number;
  chunkSize: number;
  onChunkChange: (chunk: number) => void;
}

/** Where the table is: the loaded chunk, the page in it, and whether that page was reached going back. */
interface Position {
  chunk: number;
  page: number;
  fromEnd: boolean;
}

/**
 * The matching stations, a page at a time: search and sort over the loaded stations, pages of a chosen
 * size with counts that agree with what is shown, the next chunk from the server past the last page;
 * selection; CSV.
 */
export function StationTable({ stations, selected, onSelectionChange, organizationNames, typeNames, chunk, chunkSize, onChunkChange }: StationTableProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [position, setPosition] = useState<Position>({ chunk, page: 0, fromEnd: false });

  const rows = useMemo(() => tableRows(stations, search, sort), [stations, search, sort]);
  const searching = search.trim() !== '';
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const wanted = position.chunk === chunk ? position.page : position.fromEnd ? pages - 1 : 0;
  const page = Math.min(Math.max(0, wanted), pages - 1);
  const chunkOffset = chunk * chunkSize;
  // Searching counts the matches among the loaded stations; otherwise rows are numbered among all.
  const count = searching ? rows.length : stations.total;
  const firstRow = (searching ? 0 : chunkOffset) + page * pageSize;
  const pageRows = rows.slice(page * pageSize, (page + 1) * pageSize);
  const moreOnServer = stations.total > stations.length;
  const hasPrevious = page > 0 || (!searching && chunk > 0);
  const hasNext = page < pages - 1 || (!searching && chunkOffset + stations.length < stations.total);
  const chosen = useMemo(() => new Set(selected.map((s) => s.id)), [selected]);

  const columns: { key: SortKey; label: string; numeric?: boolean }[] = [
    { key: 'name', label: t('explorer.table.name') },
    { key: 'identifier', label: t('explorer.table.identifier') },
    { key: 'stationType', label: t('explorer.table.stationType') },
    { key: 'sampleCount', label: t('explorer.table.samples'), numeric: true },
    { key: 'lastDate', label: t('explorer.table.lastDate') },
  ];
  const toFirstPage = () => setPosition({ chunk, page: 0, fromEnd: false });
  const sortBy = (key: SortKey) => {
    setSort((s) => (s?.key === key ? { key, direction: s.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' }));
    toFirstPage();
  };
  const toggle = (i: number) =>
    onSelectionChange(chosen.has(stations.id[i]) ? selected.filter((s) => s.id !== stations.id[i]) : [...selected, detailsAt(stations, i)]);
  const selectPage = () => onSelectionChange([...selected, ...pageRows.filter((i) => !chosen.has(stations.id[i])).map((i) => detailsAt(stations, i))]);
  const download = () => downloadText('stations.csv', sitesCsv(selected, typeNames));
  const previous = () => {
    if (page > 0) setPosition({ chunk, page: page - 1, fromEnd: false });
    else {
      setPosition({ chunk: chunk - 1, page: 0, fromEnd: true });
      onChunkChange(chunk - 1);
    }
  };
  const next = () => {
    if (page < pages - 1) setPosition({ chunk, page: page + 1, fromEnd: false });
    else {
      setPosition({ chunk: chunk + 1, page: 0, fromEnd: false });
      onChunkChange(chunk + 1);
    }
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
              toFirstPage();
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
        <div className="table-scroller">
          <table aria-rowcount={count + 1} aria-labelledby="station-table-title">
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
              {pageRows.map((i, k) => {
                const id = stations.id[i];
                const name = stations.name[i] || stations.identifier[i];
                return (
                  <tr key={id} aria-rowindex={firstRow + k + 2} aria-selected={chosen.has(id)}>
                    <td>
                      <input type="checkbox" checked={chosen.has(id)} onChange={() => toggle(i)} aria-label={t('explorer.table.selectStation', { name })} />
                    </td>
                    <td className="cell-name"><Link to={`/sts/station/${encodeURIComponent(id)}`}>{name}</Link></td>
                    <td data-label={columns[1].label}>{stations.identifier[i]}</td>
                    <td data-label={columns[2].label}>{typeNames?.get(stations.stationType[i]) ?? stations.stationType[i]}</td>
                    <td className="numeric" data-label={columns[3].label}>{stations.sampleCount[i].toLocaleString()}</td>
                    <td data-label={columns[4].label}>{stations.lastDate[i]}</td>
                    <td data-label={t('explorer.table.organization')}>{organizationNames?.get(stations.organizationId[i]) ?? stations.organizationId[i]}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {moreOnServer && (searching || sort) && (
        <p className="muted table-note">
          {t('explorer.table.partial', {
            from: (chunkOffset + 1).toLocaleString(),
            to: (chunkOffset + stations.length).toLocaleString(),
            total: stations.total.toLocaleString(),
          })}
        </p>
      )}
      {pageRows.length > 0 && (
        <nav className="pager" aria-label={t('explorer.table.pages')}>
          <label className="field inline">
            <span>{t('explorer.table.pageSize')}</span>
            <select
              value={pageSize}
              onChange={(e) => {
                setPageSize(Number(e.target.value));
                toFirstPage();
              }}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>{size}</option>
              ))}
            </select>
          </label>
          <span>
            {t('explorer.table.range', {
              from: (firstRow + 1).toLocaleString(),
              to: (firstRow + pageRows.length).toLocaleString(),
              total: count.toLocaleString(),
            })}
          </span>
          <button type="button" onClick={previous} disabled={!hasPrevious}>{t('explorer.table.previous')}</button>
          <button type="button" onClick={next} disabled={!hasNext}>{t('explorer.table.next')}</button>
        </nav>
      )}
    </section>
  );
}
