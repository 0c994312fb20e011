import type { TFunction } from 'i18next';
import en from '../locales/en';
import type { Permission, Role, User } from '../api/types';

type CatalogueKey = keyof typeof en.permissions.catalogue;
type BuiltInRoleId = keyof typeof en.roles.builtInDescriptions;

/** How a user is named on screen: the name, else the email, else the id. */
export function userLabel(user: Pick<User, 'id' | 'name' | 'email'>): string {
  return user.name?.trim() || user.email || user.id;
}

/** A permission's description in the interface language when the catalogue entry is a known one. */
export function permissionDescription(t: TFunction, permission: Permission): string {
  if (permission.key in en.permissions.catalogue) {
    return t(`admin.permissions.catalogue.${permission.key as CatalogueKey}`);
  }
  return permission.description;
}

/** A role's description; the built-in roles' descriptions in the interface language. */
export function roleDescription(t: TFunction, role: Role): string {
  if (role.builtIn && role.id in en.roles.builtInDescriptions) {
    return t(`admin.roles.builtInDescriptions.${role.id as BuiltInRoleId}`);
  }
  return role.description ?? '';
}

