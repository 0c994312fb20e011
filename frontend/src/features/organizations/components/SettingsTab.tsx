import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/session';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { messageOf, toast } from '../../../shell/toast';
import {
  shownMapService,
  testWqxAccount,
  useMapServiceSetting,
  useSaveMapServiceSetting,
  useSaveWqxAccount,
  useWqxAccount,
  type ShownMapService,
} from '../api/settings';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';
import type { WqxAccount } from '../api/types';
import { mayAdminister, mayContribute } from '../lib/access';
import { formatDate } from '../../../lib/dates';
import { useAction } from '../lib/useAction';
import { ApiKeysSection } from './ApiKeysSection';
import { HeaderMapForm } from './HeaderMapForm';
import { TextField } from '../../../shell/FormDialog';
import { SubmitButton } from '../../../shell/SubmitButton';
import { ApiError } from '../../../api/client';
import { useFocusFirstInvalid } from '../../../shell/useFocusFirstInvalid';
import { refusedWqxPrivateKey, wqxPrivateKeyProblem } from '../lib/fieldRefusals';
import { MapServiceFields, useMapServiceFields } from '../../../shell/MapServiceFields';

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

/**
 * The organization's map service. Its buttons keep the focus while a change is sent (aria-disabled, not
 * disabled: a disabled button drops the focus to the page's body). The form checks its addresses itself (not the
 * browser, whose bubbles speak the browser's language): an address that is no http(s) address, or tiles without
 * {z}, {x} and {y}, is said at its field in the interface's language, as is an address the server refuses; the
 * first such field takes the focus.
 */
function MapServiceForm({ organizationId, editable }: { organizationId: string; editable: boolean }) {
  const { t, i18n } = useTranslation();
  const setting = useMapServiceSetting(organizationId);
  const save = useSaveMapServiceSetting(organizationId);
  const { busy, run } = useAction();
  const fields = useMapServiceFields();
  const { setValue } = fields;
  // The setting as the form shows it; after a clash with someone else's save, as it is stored now.
  const [seen, setSeen] = useState<ShownMapService | null>(null);
  const meanwhile = useChangedMeanwhile();
  useEffect(() => {
    if (!setting.data) return;
    const shown = shownMapService(setting.data);
    setSeen(shown);
    setValue(setting.data.inherited ? {} : (setting.data.value ?? {}));
  }, [setting.data]);
  // "Use the system's map service" leaves with the organization's own setting: focus goes to the Save button.
  const actions = useRef<HTMLDivElement>(null);
  if (setting.error) return <LoadError error={setting.error} title={t('organizations.settings.loadFailed')} onRetry={() => setting.mutate()} />;
  if (!setting.data || !seen) return <Spinner />;
  // Someone else saved it meanwhile: their values of the fields this form left alone are shown, those of the
  // fields both changed under the fields; the next save is over their version.
  const tookClash = (error: unknown) =>
    meanwhile.take<ShownMapService>(error, seen, fields.value, (current, theirs) => {
      setValue((shown) => ({ ...shown, ...theirs }));
      setSeen(current);
    });
  const reset = async () => {
    if (busy) return;
    fields.clearErrors();
    if (await run(() => save(seen, null), t('organizations.settings.mapServiceReset'), tookClash)) actions.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  };
  const submit = () => {
    if (busy) return;
    const cleaned = fields.checked();
    if (!cleaned) return;
    void run(() => save(seen, cleaned), t('organizations.settings.mapServiceSaved'), (error) => tookClash(error) || fields.refusedAtField(error, cleaned));
  };

  return (
    <section aria-labelledby="map-service-title">
      <h3 id="map-service-title">{t('organizations.settings.mapService')}</h3>
      <p className="muted">
        {setting.data.inherited ? t('organizations.settings.inherited') : t('organizations.settings.ownSince', { date: formatDate(setting.data.updatedAt, i18n.language) })}
      </p>
      {!editable && <p className="muted">{t('organizations.settings.onlyGroupAdmins')}</p>}
      <form
        className="ws-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {meanwhile.notice}
        <MapServiceFields fields={fields} legend={t('organizations.settings.mapService')} disabled={!editable} hint={meanwhile.hint} />
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

/** The longest WQX organization and user IDs the server keeps (chalicelib/organizations/wqx.py). */
const WQX_ID_LIMIT = 100;

/**
 * The organization's WQX Web account. The form checks its fields itself, in the interface's language: both IDs
 * are needed, and a private key while none is set, one as WQX Web issues them (base64, long enough); a WQX
 * organization ID another organization holds (409), or a key the server refuses, is said at its field. The first
 * field with an error takes the focus. A save is for the version of the account shown: when someone else saved it
 * meanwhile, their change to a field left alone here is taken in, and a field both
 * changed shows theirs under it (a new key: that they set one, and when); saving again replaces theirs.
 */
function WqxAccountForm({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const account = useWqxAccount(organizationId, true);
  const save = useSaveWqxAccount(organizationId);
  const { busy, run } = useAction();
  const [wqxOrganizationId, setWqxOrganizationId] = useState('');
  const [userId, setUserId] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  // The account as the form shows it; after a clash with someone else's save, as it is stored now.
  const [seen, setSeen] = useState<WqxAccount | null>(null);
  const meanwhile = useChangedMeanwhile();
  // Whether the last save met someone else's: the form stays open, so a save that goes through then clears it.
  const [clashed, setClashed] = useState(false);
  const clashHint = (field: string, shown?: (value: unknown) => string) => (clashed ? meanwhile.hint(field, shown) : undefined);
  const [errors, setErrors] = useState<Partial<Record<'wqxOrganizationId' | 'userId' | 'privateKey', string>>>({});
  const { form, focusFirstInvalid } = useFocusFirstInvalid();
  useEffect(() => {
    if (!account.data) return;
    setSeen(account.data);
    setWqxOrganizationId(account.data.wqxOrganizationId ?? '');
    setUserId(account.data.userId ?? '');
  }, [account.data]);
  if (account.error) return <LoadError error={account.error} title={t('organizations.settings.loadFailed')} onRetry={() => account.mutate()} />;
  if (!account.data || !seen) return <Spinner />;
  const configured = seen.configured;
  const clear = (name: keyof typeof errors) => setErrors(({ [name]: _cleared, ...others }) => others);
  const submit = () => {
    if (busy) return;
    const found: typeof errors = {};
    if (!wqxOrganizationId.trim()) found.wqxOrganizationId = t('organizations.settings.wqxOrganizationIdRequired');
    if (!userId.trim()) found.userId = t('organizations.settings.wqxUserIdRequired');
    const keyProblem = wqxPrivateKeyProblem(privateKey);
    if (!configured && !privateKey.trim()) found.privateKey = t('organizations.settings.wqxPrivateKeyRequired');
    else if (keyProblem) found.privateKey = t(`organizations.settings.${keyProblem}`);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid();
      return;
    }
    // A WQX organization ID another organization holds (409), or a key WQX Web does not issue (400): at its field.
    const atField = (error: unknown) => {
      const field = refusedWqxPrivateKey(error) ? 'privateKey' : error instanceof ApiError && error.status === 409 ? 'wqxOrganizationId' : null;
      if (!field) return false;
      setErrors({ [field]: messageOf(error) });
      focusFirstInvalid();
      return true;
    };
    // Someone else saved it meanwhile: their IDs this form left alone are taken in, those both changed are shown
    // under the fields; the next save is over their version.
    const tookClash = (error: unknown) =>
      meanwhile.take<WqxAccount>(error, seen, { wqxOrganizationId, userId }, (current, theirs) => {
        if (theirs.wqxOrganizationId !== undefined) setWqxOrganizationId(theirs.wqxOrganizationId ?? '');
        if (theirs.userId !== undefined) setUserId(theirs.userId ?? '');
        setSeen(current);
        setClashed(true);
      });
    void run(
      () => save(seen, { wqxOrganizationId, userId, privateKey }),
      t('organizations.settings.wqxSaved'),
      (error) => tookClash(error) || atField(error),
    ).then((done) => {
      if (!done) return;
      setPrivateKey('');
      setClashed(false);
    });
  };
  return (
    <section aria-labelledby="wqx-title">
      <h3 id="wqx-title">{t('organizations.settings.wqxAccount')}</h3>
      <p className="muted">
        {configured
          ? t('organizations.settings.wqxKeySet', { date: formatDate(seen.privateKeySetAt, i18n.language) })
          : t('organizations.settings.wqxNotSet')}
      </p>
      <form
        ref={form}
        className="ws-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {clashed && meanwhile.notice}
        <TextField
          id="wqx-organization-id"
          label={t('organizations.settings.wqxOrganizationId')}
          value={wqxOrganizationId}
          required
          maxLength={WQX_ID_LIMIT}
          hint={clashHint('wqxOrganizationId')}
          error={errors.wqxOrganizationId}
          onChange={(v) => {
            setWqxOrganizationId(v);
            clear('wqxOrganizationId');
          }}
        />
        <TextField
          id="wqx-user-id"
          label={t('organizations.settings.wqxUserId')}
          value={userId}
          required
          maxLength={WQX_ID_LIMIT}
          hint={clashHint('userId')}
          error={errors.userId}
          onChange={(v) => {
            setUserId(v);
            clear('userId');
          }}
        />
        <TextField
          id="wqx-private-key"
          label={configured ? t('organizations.settings.wqxNewKey') : t('organizations.settings.wqxPrivateKey')}
          type="password"
          value={privateKey}
          required={!configured}
          // Their key is never shown: only that they set one, and when.
          hint={clashHint('privateKey', () => t('organizations.settings.wqxKeySetMeanwhile', { date: formatDate(seen.privateKeySetAt, i18n.language) }))}
          error={errors.privateKey}
          onChange={(v) => {
            setPrivateKey(v);
            clear('privateKey');
          }}
        />
        <div className="ws-actions">
          {/* Not disabled while sending: a disabled button drops the focus to the page's body. */}
          <SubmitButton busy={busy}>{t('organizations.settings.saveWqx')}</SubmitButton>
          {configured && (
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
