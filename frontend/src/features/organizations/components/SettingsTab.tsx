import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/session';
import { Spinner } from '../../../shell/LazyView';
import { messageOf, toast } from '../../../shell/toast';
import { testWqxAccount, useMapServiceSetting, useSaveMapServiceSetting, useSaveWqxAccount, useWqxAccount } from '../api/settings';
import type { MapServiceValue } from '../api/types';
import { mayAdminister, mayContribute } from '../lib/access';
import { formatDate } from '../lib/labels';
import { useAction } from '../lib/useAction';
import { ApiKeysSection } from './ApiKeysSection';
import { HeaderMapForm } from './HeaderMapForm';
import { TextField } from '../../../shell/FormDialog';

/**
 * The organization's settings: its map service (everyone reads, group administrators change), the column
 * names of its imported files (data contributors and group administrators), its WQX account and API keys.
 */
export function SettingsTab({ organizationId }: { organizationId: string }) {
  const { profile } = useSession();
  const admin = mayAdminister(profile, organizationId);
  return (
    <div className="ws-settings">
      <MapServiceForm organizationId={organizationId} editable={admin} />
      {mayContribute(profile, organizationId) && <HeaderMapForm organizationId={organizationId} />}
      {admin && <WqxAccountForm organizationId={organizationId} />}
      {admin && <ApiKeysSection organizationId={organizationId} />}
    </div>
  );
}

function MapServiceForm({ organizationId, editable }: { organizationId: string; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const setting = useMapServiceSetting(organizationId);
  const save = useSaveMapServiceSetting(organizationId);
  const { busy, run } = useAction();
  const [value, setValue] = useState<MapServiceValue>({});
  useEffect(() => {
    if (setting.data) setValue(setting.data.inherited ? {} : (setting.data.value ?? {}));
  }, [setting.data]);
  if (setting.error) return <p className="alert alert-error" role="alert">{messageOf(setting.error)}</p>;
  if (!setting.data) return <Spinner />;
  const field = (name: keyof MapServiceValue) => ({
    value: value[name] ?? '',
    onChange: (v: string) => setValue((current) => ({ ...current, [name]: v })),
  });
  const cleaned = Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()]));

  return (
    <section aria-labelledby="map-service-title">
      <h2 id="map-service-title">{t('organizations.settings.mapService')}</h2>
      <p className="muted">
        {setting.data.inherited ? t('organizations.settings.inherited') : t('organizations.settings.ownSince', { date: formatDate(setting.data.updatedAt, i18n.language) })}
      </p>
      {!editable && <p className="muted">{t('organizations.settings.onlyGroupAdmins')}</p>}
      <form
        className="ws-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => save(cleaned), t('organizations.settings.mapServiceSaved'));
        }}
      >
        <fieldset disabled={!editable} className="ws-form">
          <legend className="visually-hidden">{t('organizations.settings.mapService')}</legend>
          <TextField id="map-style-url" label={t('organizations.settings.styleUrl')} type="url" {...field('styleUrl')} />
          <TextField id="map-tile-url" label={t('organizations.settings.tileUrl')} type="url" {...field('tileUrl')} />
          <TextField id="map-access-token" label={t('organizations.settings.accessToken')} {...field('accessToken')} />
          <TextField id="map-attribution" label={t('organizations.settings.attribution')} {...field('attribution')} />
        </fieldset>
        {editable && (
          <div className="ws-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('organizations.settings.saveMapService')}
            </button>
            {!setting.data.inherited && (
              <button type="button" className="button" disabled={busy} onClick={() => void run(() => save(null), t('organizations.settings.mapServiceReset'))}>
                {t('organizations.settings.useSystemMap')}
              </button>
            )}
          </div>
        )}
      </form>
    </section>
  );
}

function WqxAccountForm({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const account = useWqxAccount(organizationId, true);
  const save = useSaveWqxAccount(organizationId);
  const { busy, run } = useAction();
  const [wqxOrganizationId, setWqxOrganizationId] = useState('');
  const [userId, setUserId] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  useEffect(() => {
    if (!account.data) return;
    setWqxOrganizationId(account.data.wqxOrganizationId ?? '');
    setUserId(account.data.userId ?? '');
  }, [account.data]);
  if (account.error) return <p className="alert alert-error" role="alert">{messageOf(account.error)}</p>;
  if (!account.data) return <Spinner />;
  return (
    <section aria-labelledby="wqx-title">
      <h2 id="wqx-title">{t('organizations.settings.wqxAccount')}</h2>
      <p className="muted">
        {account.data.configured
          ? t('organizations.settings.wqxKeySet', { date: formatDate(account.data.privateKeySetAt, i18n.language) })
          : t('organizations.settings.wqxNotSet')}
      </p>
      <form
        className="ws-form"
        onSubmit={(event) => {
          event.preventDefault();
          void run(() => save({ wqxOrganizationId, userId, privateKey }), t('organizations.settings.wqxSaved')).then((done) => done && setPrivateKey(''));
        }}
      >
        <TextField id="wqx-organization-id" label={t('organizations.settings.wqxOrganizationId')} value={wqxOrganizationId} onChange={setWqxOrganizationId} required />
        <TextField id="wqx-user-id" label={t('organizations.settings.wqxUserId')} value={userId} onChange={setUserId} required />
        <TextField
          id="wqx-private-key"
          label={account.data.configured ? t('organizations.settings.wqxNewKey') : t('organizations.settings.wqxPrivateKey')}
          type="password"
          value={privateKey}
          onChange={setPrivateKey}
        />
        <div className="ws-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('organizations.settings.saveWqx')}
          </button>
          {account.data.configured && (
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  const result = await testWqxAccount(organizationId);
                  if (result?.connected) toast.success(t('organizations.settings.wqxConnected'));
                  else if (result) toast.error(result.message);
                })
              }
            >
              {t('organizations.settings.testWqx')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
