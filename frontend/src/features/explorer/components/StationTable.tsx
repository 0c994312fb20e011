import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { detailsAt, type StationSet } from '../api/statistic';
import type { StationDetails } from '../api/stationsAt';
import { download } from '../../../lib/download';
import { sitesCsv } from '../lib/csv';
import { tableRows, type Sort, type SortKey } from '../lib/tableRows';
import { PAGE_SIZES, type TableView } from '../lib/tableView';
import { stationPath, type FromExplorer } from '../lib/stationLink';
import { LoggerSeriesCount } from './LoggerSeriesCount';

export interface StationTableProps {
  /** The loaded stations: one chunk of the server's answer (`chunkSize` stations from `chunk * chunkSize`). */
  stations: StationSet;
  selected: StationDetails[];
  onSelectionChange: (stations: StationDetails[]) => void;
  organizationNames?: Map<string, string>;
  typeNames?: Map<string, string>;
  /** The loaded chunk: the one holding `view.page` (a multiple of every page size: pages do not straddle chunks). */
  chunk: number;
  chunkSize: number;
  /** Sort, page (from 1, among all the matching stations) and page size, as the address holds them. */
  view: TableView;
  /** A new sort, page or page size; paging past the loaded chunk asks for a page of the next or previous one. */
  onViewChange: (view: TableView) => void;
  /** What a station's link carries to its page (the explorer's address, for its way back). */
  linkState?: FromExplorer;
}

/**
 * A toolbar or pager button that stays focusable when it cannot act (aria-disabled, not disabled): pressing it
 * can leave it unable to act (the first or last page reached, the selection cleared), and a disabled button
 * would drop keyboard focus to the page.
 */
function TableButton({ enabled, onClick, children }: { enabled: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" aria-disabled={!enabled || undefined} onClick={enabled ? onClick : undefined}>
      {children}
    </button>
  );
}

/**
 * The matching stations, a page at a time: search and sort over the loaded stations, pages of a chosen
 * size with counts that agree with what is shown, the next chunk from the server past the last page;
 * selection; CSV. Sort, page and page size are the caller's (the address); the search is the table's own,
 * and so is the page among its matches.
 */
export function StationTable({ stations, selected, onSelectionChange, organizationNames, typeNames, chunk, chunkSize, view, onViewChange, linkState }: StationTableProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [searchPage, setSearchPage] = useState(0);
  const { sort, pageSize } = view;

  const rows = useMemo(() => tableRows(stations, search, sort, { typeNames, organizationNames }), [stations, search, sort, typeNames, organizationNames]);
  const searching = search.trim() !== '';
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const chunkOffset = chunk * chunkSize;
  // Pages of the chunks before this one: the address's page, counted from this chunk.
  const pagesBefore = Math.floor(chunkOffset / pageSize);
  const wanted = searching ? searchPage : view.page - 1 - pagesBefore;
  const page = Math.min(Math.max(0, wanted), pages - 1);
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
    // Apart from the samples: a gauge with only logger data has 0 samples, not "no data".
    { key: 'loggerSeries', label: t('explorer.table.loggerSeries'), numeric: true },
    { key: 'lastDate', label: t('explorer.table.lastDate') },
    { key: 'organization', label: t('explorer.table.organization') },
  ];
  const sortBy = (key: SortKey) => {
    const next: Sort = sort?.key === key ? { key, direction: sort.direction === 'asc' ? 'desc' : 'asc' } : { key, direction: 'asc' };
    setSearchPage(0);
    onViewChange({ ...view, sort: next, page: 1 });
  };
  const toggle = (i: number) =>
    onSelectionChange(chosen.has(stations.id[i]) ? selected.filter((s) => s.id !== stations.id[i]) : [...selected, detailsAt(stations, i)]);
  const selectPage = () => onSelectionChange([...selected, ...pageRows.filter((i) => !chosen.has(stations.id[i])).map((i) => detailsAt(stations, i))]);
  const downloadSelected = () => download('stations.csv', sitesCsv(selected, organizationNames));
  // Among the search's matches the page is the table's own; otherwise it is the address's (the page from 1
  // among all: the one before this chunk's first page is the previous chunk's last).
  const toPage = (index: number) => (searching ? setSearchPage(index) : onViewChange({ ...view, page: pagesBefore + index + 1 }));
  const previous = () => toPage(page - 1);
  const next = () => toPage(page + 1);

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
              setSearchPage(0);
            }}
          />
        </label>
        <span className="muted" aria-live="polite">{t('explorer.table.selected', { count: selected.length })}</span>
        <TableButton enabled={pageRows.length > 0} onClick={selectPage}>{t('explorer.table.selectPage')}</TableButton>
        <TableButton enabled={selected.length > 0} onClick={() => onSelectionChange([])}>{t('explorer.table.clearSelection')}</TableButton>
        <TableButton enabled={selected.length > 0} onClick={downloadSelected}>{t('explorer.table.download')}</TableButton>
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
                    <td className="cell-name"><Link to={stationPath(id)} state={linkState}>{name}</Link></td>
                    <td data-label={columns[1].label}>{stations.identifier[i]}</td>
                    <td className="cell-type" data-label={columns[2].label}>{typeNames?.get(stations.stationType[i]) ?? stations.stationType[i]}</td>
                    <td className="numeric" data-label={columns[3].label}>{stations.sampleCount[i].toLocaleString()}</td>
                    <td className="numeric" data-label={columns[4].label}>
                      <LoggerSeriesCount count={stations.loggerSeries?.[i]} />
                    </td>
                    <td data-label={columns[5].label}>{stations.lastDate[i]}</td>
                    <td className="cell-organization" data-label={columns[6].label}>{organizationNames?.get(stations.organizationId[i]) ?? stations.organizationId[i]}</td>
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
                setSearchPage(0);
                onViewChange({ ...view, pageSize: Number(e.target.value), page: 1 });
              }}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>{size}</option>
              ))}
            </select>
          </label>
          {/* Said when it changes: the focus stays on Next or Previous, and this is what they changed. */}
          <span aria-live="polite">
            {t('explorer.table.range', {
              from: (firstRow + 1).toLocaleString(),
              to: (firstRow + pageRows.length).toLocaleString(),
              total: count.toLocaleString(),
            })}
          </span>
          <TableButton enabled={hasPrevious} onClick={previous}>{t('explorer.table.previous')}</TableButton>
          <TableButton enabled={hasNext} onClick={next}>{t('explorer.table.next')}</TableButton>
        </nav>
      )}
    </section>
  );
}
