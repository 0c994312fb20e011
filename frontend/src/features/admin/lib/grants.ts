import type { TFunction } from 'i18next';
import type { Profile } from '../../../auth/profile';
import { hasPermissions, isSystemAdmin, SYSTEM_ADMIN } from '../../../auth/roles';
import type { Role } from '../api/types';
import type { LimitedOption } from '../components/LimitedCheckboxes';

/**
 * What the signed-in user may grant, as the server checks it (chalicelib/roles/service.py, chalicelib/users/service.py):
 * only permissions they hold themselves, so only roles whose permissions they all hold, and system-admin only as a
 * system administrator (who holds every permission). Taking away is held to the same rule.
 */

/** The permissions among `keys` the user does not hold (none for a system administrator). */
export function permissionsNotHeld(profile: Profile | undefined, keys: readonly string[] | undefined): string[] {
  return (keys ?? []).filter((key) => !hasPermissions(profile, [key]));
}

/** Why the user may not grant or take away this role: system-admin (not theirs to give), or the permissions they lack. */
export type RoleLock = { systemAdmin: true } | { systemAdmin: false; missing: string[] } | null;

export function roleLock(profile: Profile | undefined, role: Role): RoleLock {
  if (isSystemAdmin(profile)) return null;
  if (role.id === SYSTEM_ADMIN) return { systemAdmin: true };
  const missing = permissionsNotHeld(profile, role.permissions);
  return missing.length ? { systemAdmin: false, missing } : null;
}

/** The roles to choose among, those the user may not grant or take away locked, each saying why. */
export function roleOptions(t: TFunction, profile: Profile | undefined, roles: readonly Role[]): LimitedOption[] {
  return roles.map((role) => {
    const lock = roleLock(profile, role);
    const description = !lock
      ? undefined
      : lock.systemAdmin
        ? t('admin.users.lockedSystemAdmin')
        : t('admin.users.lockedMissing', { permissions: lock.missing.join(', ') });
    return { value: role.id, label: role.roleName, locked: !!lock, description };
  });
}
