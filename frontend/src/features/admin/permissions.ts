/**
 * The permissions the administration screens need (keys of the server's permission catalogue,
 * chalicelib/data/permissions.json). A system-admin holds them all.
 */
export const MANAGE_USERS = 'manage-users';
export const MANAGE_ROLES = 'manage-roles';
export const MANAGE_SYSTEM_SETTINGS = 'manage-system-settings';

export const USERS_REQUIREMENT = { permissions: [MANAGE_USERS] } as const;
export const ROLES_REQUIREMENT = { permissions: [MANAGE_ROLES] } as const;
/** Giving users roles: user managers (the server lists the roles to them, and refuses roles granting what they lack). */
export const ASSIGN_ROLES_REQUIREMENT = USERS_REQUIREMENT;
/** The audit trail: system administrators only, as GET /system/audit. */
export const AUDIT_REQUIREMENT = { roles: ['system-admin'] } as const;
/** The system settings (the map service of every visitor's explorer), as POST /system/settings. */
export const SETTINGS_REQUIREMENT = { permissions: [MANAGE_SYSTEM_SETTINGS] } as const;

export const ADMIN_PATHS = {
  users: '/admin/users',
  roles: '/admin/roles',
  permissions: '/admin/permissions',
  audit: '/admin/audit',
  settings: '/admin/settings',
} as const;
