import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUsersHolding } from '../features/admin/api/users';
import { ADMIN_PATHS } from '../features/admin/permissions';
import { changeLanguage, isLanguage, LANGUAGES, type Language } from '../i18n';
import { Dialog } from '../shell/Dialog';
import { Spinner } from '../shell/LazyView';
import { SubmitButton } from '../shell/SubmitButton';
import { toast } from '../shell/toast';
import { ACCOUNT_DELETED_ROUTE } from './accountDeleted';
import { deleteOwnAccount, savedLanguage, updateProfile, type OrganizationRole, type Profile } from './profile';
import { isSystemAdmin, SYSTEM_ADMIN } from './roles';
import { useSession } from './session';
import { listText } from '../lib/lists';
import '../shell/workspace.css';

const MEMBER_ROLES = ['group-admin', 'data-contributor', 'simple-user'] as const;

/** "Demo Watershed Council — Group administrator": the organization by name, the role in words. */
function useMembershipLabel() {
  const { t } = useTranslation();
  return (membership: OrganizationRole) => {
    const role = (MEMBER_ROLES as readonly string[]).includes(membership.roleName)
      ? t(`auth.profile.memberRoles.${membership.roleName as (typeof MEMBER_ROLES)[number]}`)
      : membership.roleName;
    return t('auth.profile.membership', { organization: membership.organizationName || membership.organizationId, role });
  };
}

/** The display name and the interface language, saved to the profile (the language applies at once). */
function ProfileSettings({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [name, setName] = useState(profile.name ?? '');
  const interfaceLanguage: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  // The saved language first: right after sign-in the interface may not have switched to it yet.
  const [language, setLanguage] = useState<Language>(savedLanguage(profile) ?? interfaceLanguage);
  // When the interface switches (the header's dropdown, the saved language applied), the choice follows.
  const [followed, setFollowed] = useState(interfaceLanguage);
  if (followed !== interfaceLanguage) {
    setFollowed(interfaceLanguage);
    setLanguage(interfaceLanguage);
  }
  // The imports' emails (a long import's end, a source starting to fail): taken unless the profile says no.
  const [importEmails, setImportEmails] = useState(profile.preferences?.importEmails !== false);
  const [nameMissing, setNameMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) {
      setNameMissing(true);
      return;
    }
    setBusy(true);
    try {
      const saved = await updateProfile({ name: name.trim(), preferences: { ...(profile.preferences ?? {}), locale: language, importEmails } });
      await changeLanguage(language);
      if (saved) onSaved(saved);
      // In the language just chosen (this render's `t` still speaks the one before).
      toast.success(i18n.t('auth.profile.saved'));
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="profile-settings" onSubmit={(e) => void save(e)} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`}>{t('auth.profile.settings')}</h2>
      <div className="field-group">
        <label className="field">
          <span>{t('auth.profile.displayName')}</span>
          <input
            value={name}
            maxLength={200}
            autoComplete="name"
            aria-invalid={nameMissing || undefined}
            aria-describedby={nameMissing ? `${id}-name-error` : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNameMissing(false);
            }}
          />
        </label>
        {nameMissing && (
          <p id={`${id}-name-error`} className="field-error">
            {t('auth.profile.nameRequired')}
          </p>
        )}
      </div>
      <label className="field">
        <span>{t('auth.profile.language')}</span>
        <select value={language} onChange={(e) => setLanguage(e.target.value as Language)}>
          {LANGUAGES.map((l) => (
            <option key={l.lang} value={l.lang} lang={l.lang}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <label className="ws-check">
        <input type="checkbox" checked={importEmails} onChange={(e) => setImportEmails(e.target.checked)} />
        {t('auth.profile.importEmails')}
      </label>
      <p>
        {/* Focus stays on Save while saving and after. */}
        <SubmitButton busy={busy}>{t('common.save')}</SubmitButton>
      </p>
    </form>
  );
}

/** The signed-in user's profile: name, email, roles; their display name and language; deleting the own account. */
export function ProfilePage() {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const membershipLabel = useMembershipLabel();
  const [confirming, setConfirming] = useState(false);
  const profile = session.profile;
  // A system administrator deleting their account: how many hold the role (GET /user filtered on it), asked with the
  // page, so that the dialog says it as it opens (asked only then, the warning came a moment after the question), and
  // again when it opens. Only when they are the one, the dialog warns; a failed or pending count warns of nothing and
  // never holds the deletion back. Nobody else is asked about.
  const admins = useUsersHolding(isSystemAdmin(profile) ? SYSTEM_ADMIN : null);
  const onlyAdmin = confirming && !admins.error && admins.data === 1;
  const confirm = () => {
    setConfirming(true);
    void admins.mutate();
  };
  if (!profile) return <Spinner />;
  const remove = async () => {
    try {
      session.setProfile(await deleteOwnAccount());
      setConfirming(false);
      session.signOut(ACCOUNT_DELETED_ROUTE);
    } catch (error) {
      toast.error(error);
    }
  };
  const organizationRoles = profile.organizationRoles ?? [];
  return (
    <section className="page" aria-labelledby="profile-title">
      <h1 id="profile-title">{t('auth.profile.title')}</h1>
      <dl className="facts">
        <dt>{t('auth.profile.name')}</dt>
        <dd>{profile.name}</dd>
        <dt>{t('auth.profile.email')}</dt>
        <dd>{profile.email}</dd>
        <dt>{t('auth.profile.systemRoles')}</dt>
        <dd>{listText((profile.systemRoles ?? []).map((r) => r.roleName), i18n.language) || t('common.none')}</dd>
        <dt>{t('auth.profile.organizationRoles')}</dt>
        <dd>
          {organizationRoles.length ? (
            <ul className="plain-list">
              {organizationRoles.map((membership) => (
                <li key={membership.organizationId}>{membershipLabel(membership)}</li>
              ))}
            </ul>
          ) : (
            t('common.none')
          )}
        </dd>
      </dl>
      <ProfileSettings key={profile.id} profile={profile} onSaved={session.setProfile} />
      <p>
        <button type="button" className="button button-danger" onClick={confirm}>
          {t('auth.profile.deleteAccount')}
        </button>
      </p>
      <Dialog
        open={confirming}
        title={t('auth.profile.deleteAccount')}
        onClose={() => setConfirming(false)}
        // The question and the only administrator's warning are read with the dialog's name as it opens (the focus
        // is on Cancel): said only as an alert, the question itself was never read.
        described
        footer={
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button-danger" onClick={() => void remove()}>
              {t('common.delete')}
            </button>
          </>
        }
      >
        <p>{t('auth.profile.deleteConfirm')}</p>
        {/* Read out when it arrives: the count comes after the dialog opened. */}
        {onlyAdmin && (
          <div className="alert alert-warning" role="alert">
            <p>{t('auth.profile.onlyAdmin')}</p>
            <p>
              {t('auth.profile.onlyAdminSuggestion')} <Link to={ADMIN_PATHS.users}>{t('auth.profile.onlyAdminLink')}</Link>
            </p>
          </div>
        )}
      </Dialog>
    </section>
  );
}

export default ProfilePage;
