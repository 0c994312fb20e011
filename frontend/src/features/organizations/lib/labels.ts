import type { TFunction } from 'i18next';

const ROLE_KEYS = {
  'simple-user': 'organizations.roles.simpleUser',
  'data-contributor': 'organizations.roles.dataContributor',
  'group-admin': 'organizations.roles.groupAdmin',
} as const;

/** A member role in the interface language (an unknown name as it is). */
export function roleLabel(t: TFunction, roleName: string | null | undefined): string {
  if (!roleName) return '';
  return roleName in ROLE_KEYS ? t(ROLE_KEYS[roleName as keyof typeof ROLE_KEYS]) : roleName;
}
