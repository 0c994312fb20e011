import type { ShellModule } from '../../shell/registry';
import { ADMIN_PATHS, AUDIT_REQUIREMENT, ROLES_REQUIREMENT, SETTINGS_REQUIREMENT, USERS_REQUIREMENT } from './permissions';

/**
 * The administration screens' menu entries (users, roles, permissions, audit trail, system settings), each behind its
 * permission; the 'Administration' group shows only when one of them is visible.
 */
export const adminModule: ShellModule = {
  name: 'admin',
  menu: [
    {
      key: 'admin',
      label: 'admin.menu.title',
      icon: '⚙',
      items: [
        { key: 'admin-users', label: 'admin.menu.users', to: ADMIN_PATHS.users, icon: '⚇', requires: USERS_REQUIREMENT },
        { key: 'admin-roles', label: 'admin.menu.roles', to: ADMIN_PATHS.roles, icon: '⚑', requires: ROLES_REQUIREMENT },
        {
          key: 'admin-permissions',
          label: 'admin.menu.permissions',
          to: ADMIN_PATHS.permissions,
          icon: '✓',
          requires: ROLES_REQUIREMENT,
        },
        { key: 'admin-audit', label: 'admin.menu.audit', to: ADMIN_PATHS.audit, icon: '✎', requires: AUDIT_REQUIREMENT },
        { key: 'admin-settings', label: 'admin.menu.settings', to: ADMIN_PATHS.settings, icon: '⚒', requires: SETTINGS_REQUIREMENT },
      ],
    },
  ],
};
