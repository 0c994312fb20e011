import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSystemAdmin } from '../../../auth/roles';
import { useSession } from '../../../auth/session';
import { ConfirmDialog } from '../../../shell/Dialog';
import { Spinner } from '../../../shell/LazyView';
import { messageOf } from '../../../shell/toast';
import { useDeleteOrganization, useOrganizations } from '../api/organizations';
import type { Organization } from '../api/types';
import { OrganizationDialog } from '../components/OrganizationDialog';
import { roleLabel } from '../lib/labels';
import { useAction } from '../lib/useAction';
import { CONTACT_US_PATH, orgInfoPath, workspacePath } from '../paths';
import '../../../shell/workspace.css';

type Editing = { organization: Organization | null } | null;

/**
 * /userspace/organizations: the organizations I belong to, each leading to its workspace; a system
 * administrator also sees every organization and creates, edits and deletes them.
 */
export function OrganizationsPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const admin = isSystemAdmin(profile);
  const organizations = useOrganizations();
  const remove = useDeleteOrganization();
  const { busy, run } = useAction();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);
  // After a deletion the row's buttons are gone: focus goes to the table of all organizations.
  const allTable = useRef<HTMLDivElement>(null);

  if (organizations.error) return <p className="alert alert-error" role="alert">{messageOf(organizations.error)}</p>;
  if (!organizations.data || !profile) return <Spinner />;
  const roles = new Map((profile.organizationRoles ?? []).map((r) => [r.organizationId, r.roleName]));
  const mine = organizations.data.filter((o) => roles.has(o.id));

  return (
    <section className="page" aria-labelledby="organizations-title">
      <div className="ws-head">
        <div>
          <h1 id="organizations-title">{t('organizations.list.title')}</h1>
          <p className="muted">{t('organizations.list.intro')}</p>
        </div>
        {admin && (
          <button type="button" className="button button-primary" onClick={() => setEditing({ organization: null })}>
            {t('organizations.list.new')}
          </button>
        )}
      </div>
      <h2>{t('organizations.list.mine')}</h2>
      {mine.length === 0 ? (
        <p>{t('organizations.list.noneYet')}</p>
      ) : (
        <ul className="ws-cards" aria-label={t('organizations.list.mine')}>
          {mine.map((organization) => (
            <li key={organization.id} className="ws-card">
              <h3>
                <Link to={workspacePath(organization.id)}>{organization.name}</Link>
              </h3>
              <span className="ws-badge">{roleLabel(t, roles.get(organization.id))}</span>
            </li>
          ))}
        </ul>
      )}
      {admin && (
        <>
          <h2>{t('organizations.list.all')}</h2>
          <div ref={allTable} className="ws-table-wrap" tabIndex={0} role="region" aria-label={t('organizations.list.all')}>
            {/* On a phone each organization is a card (its name, its website under the column's name, then Edit
                and Delete), so the buttons stay on screen; the explicit roles keep the table's meaning there
                (workspace.css). */}
            <table className="ws-table card-table" role="table">
              <caption className="visually-hidden">{t('organizations.list.all')}</caption>
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">{t('organizations.fields.name')}</th>
                  <th scope="col" role="columnheader">{t('organizations.fields.website')}</th>
                  <th scope="col" role="columnheader">{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {organizations.data.map((organization) => (
                  <tr key={organization.id} role="row">
                    <td role="cell" className="ws-card-title ws-wrap">
                      <Link to={workspacePath(organization.id)}>{organization.name}</Link>
                    </td>
                    <td role="cell" className="ws-wrap" data-label={t('organizations.fields.website')}>
                      {organization.website}
                    </td>
                    <td role="cell">
                      <div className="ws-actions">
                        <button
                          type="button"
                          className="button button-small"
                          aria-label={t('organizations.list.editAction', { name: organization.name })}
                          onClick={() => setEditing({ organization })}
                        >
                          {t('common.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={t('organizations.list.deleteAction', { name: organization.name })}
                          onClick={() => setDeleting(organization)}
                        >
                          {t('common.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      {!admin && (
        <>
          <p>
            <Link to={orgInfoPath()}>{t('organizations.list.browse')}</Link>
          </p>
          {/* Only system administrators create organizations (POST /organization): who they are, and how to ask. */}
          <p className="muted">
            {t('organizations.list.whoCreates')} <Link to={CONTACT_US_PATH}>{t('organizations.list.askForOne')}</Link>
          </p>
        </>
      )}
      {editing && (
        <OrganizationDialog organization={editing.organization} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={t('organizations.list.deleteTitle')}
        message={t('organizations.list.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('common.delete')}
        cancelLabel={t('common.cancel')}
        busy={busy}
        focusAfter={() => allTable.current}
        onConfirm={() =>
          void run(() => remove(deleting!.id), t('organizations.list.deleted', { name: deleting?.name ?? '' })).then((done) => done && setDeleting(null))
        }
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

export default OrganizationsPage;
