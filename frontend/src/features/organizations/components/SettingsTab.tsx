import { useEffect, useRef, useState } from 'react';
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
import { SubmitButton } from '../../../shell/SubmitButton';
import { refusedMapServiceAddress, type MapServiceAddress } from '../lib/fieldRefusals';

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

/** The ids of the map service's address fields, for the focus after a refusal. */
const ADDRESS_FIELD_IDS: Record<MapServiceAddress, string> = { styleUrl: 'map-style-url', tileUrl: 'map-tile-url' };

/**
 * The organization's map service. Its buttons keep the focus while a change is sent (aria-disabled, not
 * disabled: a disabled button drops the focus to the page's body); an address the server refuses is marked
 * at its field, which takes the focus.
 */
function MapServiceForm({ organizationId, editable }: { organizationId: string; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const setting = useMapServiceSetting(organizationId);
  const save = useSaveMapServiceSetting(organizationId);
  const { busy, run } = useAction();
  const [value, setValue] = useState<MapServiceValue>({});
  useEffect(() => {
    if (setting.data) setValue(setting.data.inherited ? {} : (setting.data.value ?? {}));
  }, [setting.data]);
  // A new object for each refusal, so the same refusal twice brings the focus back to its field.
  const [refused, setRefused] = useState<{ field: MapServiceAddress; message: string } | null>(null);
  useEffect(() => {
    if (refused) document.getElementById(ADDRESS_FIELD_IDS[refused.field])?.focus();
  }, [refused]);
  // "Use the system's map service" leaves with the organization's own setting: focus goes to the Save button.
  const actions = useRef<HTMLDivElement>(null);
  if (setting.error) return <p className="alert alert-error" role="alert">{messageOf(setting.error)}</p>;
  if (!setting.data) return <Spinner />;
  const field = (name: keyof MapServiceValue) => ({
    value: value[name] ?? '',
    error: refused?.field === name ? refused.message : null,
    onChange: (v: string) => {
      setValue((current) => ({ ...current, [name]: v }));
      if (refused?.field === name) setRefused(null);
    },
  });
  const atAddressField = (sent: MapServiceValue) => (error: unknown) => {
    const address = refusedMapServiceAddress(error, sent);
    if (address) setRefused({ field: address, message: messageOf(error) });
    return !!address;
  };
  const reset = async () => {
    if (busy) return;
    setRefused(null);
    if (await run(() => save(null), t('organizations.settings.mapServiceReset'))) actions.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  };
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
          if (busy) return;
          setRefused(null);
          void run(() => save(cleaned), t('organizations.settings.mapServiceSaved'), atAddressField(cleaned));
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
          <div className="ws-actions" ref={actions}>
            <SubmitButton busy={busy}>{t('organizations.settings.saveMapService')}</SubmitButton>
            {!setting.data.inherited && (
              <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void reset()}>
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
          if (busy) return;
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
          {/* Not disabled while sending: a disabled button drops the focus to the page's body. */}
          <SubmitButton busy={busy}>{t('organizations.settings.saveWqx')}</SubmitButton>
          {account.data.configured && (
            <button
              type="button"
              className="button"
              aria-disabled={busy || undefined}
              onClick={() =>
                !busy &&
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
