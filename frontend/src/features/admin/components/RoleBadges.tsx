import { useTranslation } from 'react-i18next';
import type { Role, User } from '../api/types';
import { useUserRoles } from '../api/userRoles';

/** Role names as small labels; 'No roles' when there are none. */
export function RoleBadges({ names }: { names: string[] | undefined }) {
  const { t } = useTranslation();
  if (!names) return null;
  if (names.length === 0) return <span className="muted">{t('admin.users.noRoles')}</span>;
  return (
    <ul className="admin-badges">
      {names.map((name) => (
        <li key={name} className="badge" title={name}>
          {name}
        </li>
      ))}
    </ul>
  );
}

/** A user's role names from GET /user/{id}/roles (for those who may not list all roles). */
function FetchedRoleNames({ user }: { user: User }) {
  const { data } = useUserRoles(user.id);
  return <RoleBadges names={data?.map((role) => role.roleName)} />;
}

/** A user's role names: looked up among all roles when they are at hand, else asked for. */
export function UserRoleNames({ user, roles }: { user: User; roles: Role[] | undefined | null }) {
  if (roles === null) return <FetchedRoleNames user={user} />;
  if (!roles) return null;
  const names = (user.roles ?? []).map((id) => roles.find((role) => role.id === id)?.roleName ?? id);
  return <RoleBadges names={names} />;
}
