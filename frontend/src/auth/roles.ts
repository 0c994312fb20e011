/**
 * Role checks, the same rules as the server's (spec sections 5 and 6).
 *
 * - An empty or absent requirement always passes.
 * - An empty role list passes when a profile is loaded.
 * - Otherwise the user needs one of the listed system roles, matched by id when the profile gives it
 *   (a built-in role's id is its name; another role merely named like it grants nothing).
 * - Organization checks: a system-admin passes; otherwise the user's role in that same
 *   organization must be among the allowed roles.
 */
import type { Profile } from './profile';

export const SYSTEM_ADMIN = 'system-admin';
export const MEMBER_ROLES = ['simple-user', 'data-contributor', 'group-admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What a route, module, menu entry or element may require. */
export interface Requirement {
  /** System role names, any one of which suffices; [] = any signed-in user. */
  roles?: readonly string[] | null;
  /** Permissions (from the user's roles), all of which are needed. */
  permissions?: readonly string[] | null;
}

export function isProfileLoaded(profile: Profile | null | undefined): profile is Profile {
  return !!profile && typeof profile === 'object' && Object.keys(profile).length > 0;
}

export function hasRoles(profile: Profile | null | undefined, roles: readonly string[] | null | undefined): boolean {
  if (roles === undefined || roles === null) return true;
  if (!isProfileLoaded(profile)) return false;
  if (roles.length === 0) return true;
  return (profile.systemRoles ?? []).some((role) => roles.includes(role.id ?? role.roleName));
}

export function isSystemAdmin(profile: Profile | null | undefined): boolean {
  return hasRoles(profile, [SYSTEM_ADMIN]);
}

export function hasPermissions(profile: Profile | null | undefined, permissions: readonly string[] | null | undefined): boolean {
  if (!permissions || permissions.length === 0) return true;
  if (!isProfileLoaded(profile)) return false;
  if (isSystemAdmin(profile)) return true;
  const held = new Set(profile.permissions ?? []);
  return permissions.every((p) => held.has(p));
}

export function meets(profile: Profile | null | undefined, requirement: Requirement | null | undefined): boolean {
  if (!requirement) return true;
  return hasRoles(profile, requirement.roles) && hasPermissions(profile, requirement.permissions);
}

/** May the user act in this organization with one of these member roles? */
export function hasOrganizationRole(
  profile: Profile | null | undefined,
  organizationId: string | null | undefined,
  allowed: readonly string[] | null | undefined,
): boolean {
  if (!allowed) return true;
  if (!isProfileLoaded(profile)) return false;
  if (isSystemAdmin(profile)) return true;
  if (allowed.length === 0) return true;
  const memberships = profile.organizationRoles ?? (profile.organizationRole ? [profile.organizationRole] : []);
  return memberships.some((m) => m.organizationId === organizationId && allowed.includes(m.roleName));
}

/** Is the user's current member role one of these? */
export function memberRoleIn(profile: Profile | null | undefined, roles: readonly string[]): boolean {
  const role = profile?.organizationRole?.roleName;
  return !!role && roles.includes(role);
}
