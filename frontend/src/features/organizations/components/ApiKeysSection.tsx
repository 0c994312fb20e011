import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';
import { ConfirmDialog } from '../../../shell/Dialog';
import { TextField } from '../../../shell/FormDialog';
import { messageOf, toast } from '../../../shell/toast';
import { useApiKeyActions, useApiKeys, type ApiKey } from '../api/apiKeys';
import { formatDate } from '../../../lib/dates';
import { useAction } from '../lib/useAction';

const NAME_MAX = 100;

/** The organization's API keys (group administrators): list, create (the secret shown once) and revoke. */

/** How a key starts (`owd_<keyId>_`, then its secret): what the list shows of it. */
const keyStart = (id: string) => `owd_${id}_…`;

export function ApiKeysSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const keys = useApiKeys(organizationId, true);
  const { create, revoke } = useApiKeyActions(organizationId);
  const { busy, run } = useAction();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  // After a revocation the key's button is gone: focus goes to the table of keys.
  const table = useRef<HTMLDivElement>(null);
  const secretField = useRef<HTMLInputElement>(null);
  // A new key's secret takes the focus as it appears (the Create button is disabled meanwhile: focus had fallen to
  // the page), so that it is read out and can be copied at once.
  useEffect(() => {
    if (secret) secretField.current?.focus();
  }, [secret]);
  const focusName = () => document.getElementById('api-key-name')?.focus();
  if (keys.error) return <p className="alert alert-error" role="alert">{messageOf(keys.error)}</p>;
  if (!keys.data) return <Spinner />;
  const date = (value: string | null) => (value ? formatDate(value, i18n.language) : t('organizations.apiKeys.never'));

  return (
    <section aria-labelledby="api-keys-title">
      <h3 id="api-keys-title">{t('organizations.apiKeys.title')}</h3>
      <p className="muted">{t('organizations.apiKeys.intro')}</p>
      {keys.data.length === 0 ? (
        <p className="muted">{t('organizations.apiKeys.empty')}</p>
      ) : (
        // Its own name: the section is "API keys" already (two landmarks of one name). On a phone each key is a card
        // (.card-table, shell/workspace.css): six columns had put Revoke past a sideways scroll.
        <div ref={table} className="ws-table-wrap" role="region" aria-label={t('organizations.apiKeys.tableLabel')} tabIndex={0}>
          <table className="ws-table card-table" role="table">
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">{t('organizations.apiKeys.name')}</th>
                <th scope="col" role="columnheader">{t('organizations.apiKeys.key')}</th>
                <th scope="col" role="columnheader">{t('organizations.apiKeys.created')}</th>
                <th scope="col" role="columnheader">{t('organizations.apiKeys.lastUsed')}</th>
                <th scope="col" role="columnheader">{t('organizations.apiKeys.status')}</th>
                <th scope="col" role="columnheader"><span className="visually-hidden">{t('organizations.apiKeys.actions')}</span></th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {keys.data.map((key) => (
                <tr key={key.id} role="row">
                  <td role="cell" className="ws-card-title ws-wrap">{key.name}</td>
                  {/* The key's start, as the logger's settings hold it: two keys of one name are told apart. */}
                  <td role="cell" className="ws-wrap" data-label={t('organizations.apiKeys.key')}><code>{keyStart(key.id)}</code></td>
                  <td role="cell" data-label={t('organizations.apiKeys.created')}>{date(key.createdAt)}</td>
                  <td role="cell" data-label={t('organizations.apiKeys.lastUsed')}>{date(key.lastUsedAt)}</td>
                  <td role="cell" data-label={t('organizations.apiKeys.status')}>
                    {key.active ? t('organizations.apiKeys.active') : t('organizations.apiKeys.revokedOn', { date: date(key.revokedAt) })}
                  </td>
                  <td role="cell">
                    {key.active && (
                      <button type="button" className="button" disabled={busy} aria-label={t('organizations.apiKeys.revokeAction', { name: key.name, key: keyStart(key.id) })} onClick={() => setRevoking(key)}>
                        {t('organizations.apiKeys.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        className="ws-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed || trimmed.length > NAME_MAX) {
            setNameError(t('organizations.apiKeys.nameRequired', { max: NAME_MAX }));
            focusName();
            return;
          }
          setNameError(null);
          void run(async () => {
            const created = await create(trimmed);
            setSecret(created?.key ?? null);
            setName('');
          }, t('organizations.apiKeys.createdToast', { name: trimmed }));
        }}
      >
        <TextField id="api-key-name" label={t('organizations.apiKeys.newName')} value={name} onChange={setName} error={nameError} required maxLength={NAME_MAX} />
        <div className="ws-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('organizations.apiKeys.create')}
          </button>
        </div>
      </form>
      {secret && (
        <div className="ws-form">
          <div className="ws-field">
            <label htmlFor="api-key-secret">{t('organizations.apiKeys.secret')}</label>
            <input id="api-key-secret" ref={secretField} readOnly value={secret} aria-describedby="api-key-secret-hint" onFocus={(event) => event.target.select()} />
            <p id="api-key-secret-hint" className="ws-hint">{t('organizations.apiKeys.shownOnce')}</p>
          </div>
          <div className="ws-actions">
            <button
              type="button"
              className="button"
              onClick={() =>
                void Promise.resolve()
                  .then(() => navigator.clipboard.writeText(secret))
                  .then(
                  () => toast.success(t('organizations.apiKeys.copied')),
                  (error: unknown) => toast.error(error),
                )
              }
            >
              {t('organizations.apiKeys.copy')}
            </button>
            {/* The secret goes: focus goes back to the name of a next key (not to the page). */}
            <button type="button" className="button" onClick={() => { focusName(); setSecret(null); }}>
              {t('organizations.apiKeys.done')}
            </button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={!!revoking}
        title={t('organizations.apiKeys.revokeTitle')}
        message={t('organizations.apiKeys.revokeMessage', { name: revoking?.name ?? '', key: revoking ? keyStart(revoking.id) : '' })}
        confirmLabel={t('organizations.apiKeys.revoke')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        focusAfter={() => table.current}
        onConfirm={() => {
          const key = revoking;
          if (key) void run(() => revoke(key.id), t('organizations.apiKeys.revoked', { name: key.name })).then(() => setRevoking(null));
        }}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
