import type { ShellModule } from '../../shell/registry';
import { OrganizationSwitcher } from './components/OrganizationSwitcher';
import { ORGANIZATIONS_PAGE_PATH } from './paths';

/** Organizations: the menu group (my organizations, invitations, all organizations) and the current-organization picker. */
export const organizationsModule: ShellModule = {
  name: 'organizations',
  menu: [
    {
      key: 'organizations',
      label: 'organizations.menu.title',
      icon: '⚐',
      requires: { roles: [] },
      items: [
        { key: 'organizations-mine', label: 'organizations.menu.mine', to: ORGANIZATIONS_PAGE_PATH, icon: '☷', requires: { roles: [] } },
        { key: 'organizations-invitations', label: 'organizations.menu.invitations', to: '/userspace/invitation', icon: '✉', requires: { roles: [] } },
        { key: 'organizations-directory', label: 'organizations.menu.directory', to: '/sts/org-info', icon: 'ℹ', requires: { roles: [] } },
      ],
    },
  ],
  headerTools: [{ key: 'current-organization', component: OrganizationSwitcher, priority: 20, requires: { roles: [] } }],
};
