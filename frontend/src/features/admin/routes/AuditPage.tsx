import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, AUDIT_SORT_FIELDS, AUDIT_TARGET_TYPES, useAuditEntries, type AuditEntry } from '../api/audit';
import { AuditChange, AuditSource } from '../components/AuditChange';
import { DataTable, type Column } from '../components/DataTable';
import { Pager } from '../components/Pager';
import { SearchBox } from '../components/SearchBox';
import { formatDateTime } from '../../../lib/dates';
import { nextSort, useListState } from '../lib/listState';
import { useErrorToast } from '../lib/useErrorToast';
import '../admin.css';

const DEFAULTS = { sort: { field: 'at', order: 'DESC' as const }, sortFields: AUDIT_SORT_FIELDS };

type Known<T extends readonly string[]> = T[number];

/** A labelled choice among the known values, '' meaning any. */
function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  const id = useId();
  const { t } = useTranslation();
  return (
    <span className="admin-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{t('admin.audit.any')}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}

/**
 * /admin/audit (system administrators): the audit trail, newest first; filtered by action and by the
 * kind of thing changed, searched by person or changed item, sorted and paged; all kept in the address.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const list = useListState(DEFAULTS);
  const [params, setParams] = useSearchParams();
  const action = (AUDIT_ACTIONS as readonly string[]).includes(params.get('action') ?? '') ? params.get('action')! : '';
  const targetType = (AUDIT_TARGET_TYPES as readonly string[]).includes(params.get('type') ?? '') ? params.get('type')! : '';
  const { search, sort, page, pageSize } = list;
  const entries = useAuditEntries({ action, targetType, search, sort, page, pageSize });
  useErrorToast(entries.error);

  const setFilter = (name: 'action' | 'type', value: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const actionLabel = (value: string) =>
    (AUDIT_ACTIONS as readonly string[]).includes(value) ? t(`admin.audit.actions.${value as Known<typeof AUDIT_ACTIONS>}`) : value;
  const typeLabel = (value: string) =>
    (AUDIT_TARGET_TYPES as readonly string[]).includes(value) ? t(`admin.audit.targetTypes.${value as Known<typeof AUDIT_TARGET_TYPES>}`) : value;

  const columns: Column<AuditEntry>[] = [
    { key: 'at', label: t('admin.audit.at'), sortField: 'at', render: (entry) => formatDateTime(entry.at, i18n.language) },
    { key: 'actor', label: t('admin.audit.actor'), sortField: 'actorName', render: (entry) => entry.actorName || entry.actorId || t('admin.audit.system') },
    { key: 'action', label: t('admin.audit.action'), sortField: 'action', render: (entry) => actionLabel(entry.action) },
    {
      key: 'target',
      label: t('admin.audit.target'),
      sortField: 'targetType',
      render: (entry) => (
        <span className="admin-audit-target">
          {typeLabel(entry.targetType)}{' '}
          {entry.targetName ? <span title={entry.targetId}>{entry.targetName}</span> : <code>{entry.targetId}</code>}
        </span>
      ),
    },
    { key: 'change', label: t('admin.audit.change'), render: (entry) => <AuditChange entry={entry} /> },
    { key: 'source', label: t('admin.audit.source'), render: (entry) => <AuditSource entry={entry} /> },
  ];

  return (
    <section className="page admin-page admin-audit" aria-labelledby="admin-audit-title">
      <div className="admin-head">
        <div>
          <h1 id="admin-audit-title">{t('admin.audit.title')}</h1>
          <p className="muted">{t('admin.audit.intro')}</p>
        </div>
      </div>
      <div className="admin-filters" role="group" aria-label={t('admin.audit.filters')}>
        <FilterSelect
          label={t('admin.audit.action')}
          value={action}
          options={AUDIT_ACTIONS.map((value) => ({ value, label: actionLabel(value) }))}
          onChange={(value) => setFilter('action', value)}
        />
        <FilterSelect
          label={t('admin.audit.targetType')}
          value={targetType}
          options={AUDIT_TARGET_TYPES.map((value) => ({ value, label: typeLabel(value) }))}
          onChange={(value) => setFilter('type', value)}
        />
      </div>
      <SearchBox label={t('admin.audit.search')} placeholder={t('admin.audit.searchPlaceholder')} value={search} onSearch={list.setSearch} />
      <DataTable
        caption={t('admin.audit.title')}
        columns={columns}
        rows={entries.data?.data}
        sort={sort}
        onSort={(field) => list.setSort(nextSort(sort, field))}
        loading={entries.isLoading}
        failed={!!entries.error}
        onRetry={() => void entries.mutate()}
        emptyMessage={t('admin.audit.empty')}
        busy={entries.isValidating}
      />
      {entries.data && (
        <Pager page={entries.data.page} pageCount={entries.data.pageCount} total={entries.data.total} pageSize={pageSize} onPage={list.setPage} onPageSize={list.setPageSize} />
      )}
    </section>
  );
}

export default AuditPage;
