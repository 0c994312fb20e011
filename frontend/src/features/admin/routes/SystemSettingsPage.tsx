import { dequal } from 'dequal';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { Spinner } from '../../../shell/LazyView';
import { LoadError } from '../../../shell/LoadError';
import { MapServiceFields, useMapServiceFields, type MapServiceFieldValues } from '../../../shell/MapServiceFields';
import { SubmitButton } from '../../../shell/SubmitButton';
import { toast } from '../../../shell/toast';
import { DEFAULT_MAP_SERVICE, MAP_SERVICE_ID, useSaveSystemSetting, useSystemSettings, type SystemSetting } from '../api/systemSettings';
import { DataTable, type Column } from '../components/DataTable';
import '../../../shell/workspace.css';
import '../admin.css';

const FORM_FIELDS = ['styleUrl', 'tileUrl', 'accessToken', 'attribution'] as const;

/** The texts of a stored map service that its form edits. */
function formValues(value: unknown): MapServiceFieldValues {
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return Object.fromEntries(FORM_FIELDS.filter((field) => typeof stored[field] === 'string').map((field) => [field, stored[field]]));
}

/**
 * The system's map service: the base map of every visitor's explorer. Saved as the form's fields (the default's
 * "provider: none" goes); "Use the default" stores the default again. An address the server refuses is said at its
 * field, which takes the focus; the buttons keep the focus while a change is sent (aria-disabled, not disabled).
 */
function MapServiceForm({ setting }: { setting: SystemSetting }) {
  const { t, i18n } = useTranslation();
  const save = useSaveSystemSetting();
  const fields = useMapServiceFields();
  const { setValue } = fields;
  const [busy, setBusy] = useState(false);
  // After "Use the default" that button leaves: the focus goes to Save.
  const actions = useRef<HTMLDivElement>(null);
  useEffect(() => setValue(formValues(setting.value)), [setting.value, setValue]);
  const usesDefault = !setting.updatedAt || dequal(setting.value, DEFAULT_MAP_SERVICE);

  const send = async (value: MapServiceFieldValues, done: string) => {
    setBusy(true);
    try {
      await save({ id: MAP_SERVICE_ID, label: setting.label ?? null, value });
      toast.success(done);
      return true;
    } catch (error) {
      if (!fields.refusedAtField(error, value)) toast.error(error);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cleaned = busy ? null : fields.checked();
    if (cleaned) void send(cleaned, t('admin.settings.saved'));
  };
  const reset = async () => {
    if (busy) return;
    fields.clearErrors();
    if (await send(DEFAULT_MAP_SERVICE, t('admin.settings.resetDone'))) actions.current?.querySelector<HTMLElement>('button[type="submit"]')?.focus();
  };

  return (
    <section className="admin-settings-section" aria-labelledby="admin-map-service-title">
      <h2 id="admin-map-service-title">{t('admin.settings.mapService')}</h2>
      <p className="muted">{t('admin.settings.mapServiceHelp')}</p>
      <p className="muted">{usesDefault ? t('admin.settings.usesDefault') : t('admin.settings.setOn', { date: formatDateTime(setting.updatedAt, i18n.language) })}</p>
      <form className="ws-form" noValidate onSubmit={submit}>
        <MapServiceFields fields={fields} legend={t('admin.settings.mapService')} />
        <div className="ws-actions" ref={actions}>
          <SubmitButton busy={busy}>{t('admin.settings.save')}</SubmitButton>
          {!usesDefault && (
            <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => void reset()}>
              {t('admin.settings.useDefault')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/** The settings stored besides the map service, as they are stored: this screen does not change them. */
function OtherSettings({ settings }: { settings: SystemSetting[] }) {
  const { t } = useTranslation();
  const columns: Column<SystemSetting>[] = [
    { key: 'id', label: t('admin.settings.id'), render: (setting) => <code>{setting.id}</code> },
    { key: 'label', label: t('admin.settings.label'), render: (setting) => setting.label ?? '' },
    {
      key: 'value',
      label: t('admin.settings.value'),
      render: (setting) => (
        <pre className="admin-json">
          <code>{JSON.stringify(setting.value ?? null, null, 2)}</code>
        </pre>
      ),
    },
  ];
  return (
    <section className="admin-settings-section" aria-labelledby="admin-other-settings-title">
      <h2 id="admin-other-settings-title">{t('admin.settings.others')}</h2>
      <p className="muted">{t('admin.settings.othersIntro')}</p>
      <DataTable caption={t('admin.settings.others')} columns={columns} rows={settings} loading={false} failed={false} emptyMessage={t('admin.settings.noOthers')} />
    </section>
  );
}

/**
 * /admin/settings (manage-system-settings): the system settings. The map service is changed here; the other
 * settings stored are shown read-only. Every change goes to the audit trail (the server records it).
 */
export function SystemSettingsPage() {
  const { t } = useTranslation();
  const settings = useSystemSettings();
  let content;
  if (settings.data) {
    const mapService = settings.data.find((setting) => setting.id === MAP_SERVICE_ID) ?? { id: MAP_SERVICE_ID, value: DEFAULT_MAP_SERVICE };
    content = (
      <>
        <MapServiceForm setting={mapService} />
        <OtherSettings settings={settings.data.filter((setting) => setting.id !== MAP_SERVICE_ID)} />
      </>
    );
  } else if (settings.error) content = <LoadError error={settings.error} title={t('admin.settings.loadFailed')} onRetry={() => settings.mutate()} />;
  else content = <Spinner />;

  return (
    <section className="page admin-page" aria-labelledby="admin-settings-title">
      <header className="admin-settings-head">
        <h1 id="admin-settings-title">{t('admin.settings.title')}</h1>
        <p className="muted">{t('admin.settings.intro')}</p>
      </header>
      {content}
    </section>
  );
}

export default SystemSettingsPage;
