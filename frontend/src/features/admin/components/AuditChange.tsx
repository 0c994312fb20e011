import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../api/audit';
import { cutShort, fieldChanges, fieldLabel, sameValue, userAgentSummary, valueText } from '../lib/auditText';

/** A value cut to one short line when long, with a disclosure that shows the whole of it in its place. */
function Value({ text }: { text: string }) {
  const { t } = useTranslation();
  const short = cutShort(text);
  if (!short) return <span className="admin-audit-value">{text}</span>;
  return (
    <span className="admin-audit-value admin-audit-cut">
      <span className="admin-audit-short">{short}</span>
      <details className="admin-audit-more">
        <summary>{t('admin.audit.showAll')}</summary>
        <span className="admin-audit-full">{text}</span>
      </details>
    </span>
  );
}

/**
 * What an entry changed, a line per field in the interface language: "Role: simple-user → group-admin"
 * for an update (a field that kept its value says so), "Name: Mill Creek" for what was created or deleted.
 */
export function AuditChange({ entry }: { entry: AuditEntry }) {
  const { t, i18n } = useTranslation();
  const changes = fieldChanges(entry.before, entry.after);
  if (!changes.length) return null;
  const text = (field: string, value: unknown) => valueText(t, field, value, entry.targetType, i18n.language);
  return (
    <ul className="admin-audit-change">
      {changes.map(({ field, before, after }) => (
        <li key={field}>
          {/* The name's colon (and the space after it) as the language writes it: "Role: ", "角色：". */}
          <span className="admin-audit-field">{t('admin.audit.fieldName', { field: fieldLabel(t, field) })}</span>
          {before && after && !sameValue(before.value, after.value) ? (
            <>
              <Value text={text(field, before.value)} />
              <span aria-hidden="true"> → </span>
              <span className="visually-hidden"> {t('admin.audit.changedTo')} </span>
              <Value text={text(field, after.value)} />
            </>
          ) : (
            <>
              <Value text={text(field, (after ?? before)!.value)} />
              {before && after && <span className="admin-audit-same"> {t('admin.audit.unchanged')}</span>}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Where a change came from: the address, and the browser and system, which disclose the whole user agent. */
export function AuditSource({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <span className="admin-audit-source">
      {entry.sourceIp && <span>{entry.sourceIp}</span>}
      {entry.userAgent && (
        <details className="admin-audit-agent">
          <summary>{userAgentSummary(t, entry.userAgent)}</summary>
          <span className="admin-audit-full">{entry.userAgent}</span>
        </details>
      )}
    </span>
  );
}
