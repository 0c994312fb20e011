/**
 * The shell's modules, composed here: the menu entries, header tools, user menu items, widgets
 * and widget actions of each feature. A module or entry with `requires` is in effect only for
 * users holding those roles/permissions.
 */
import { adminModule } from '../features/admin/module';
import { dashboardsModule } from '../features/dashboards/module';
import { explorerModule } from '../features/explorer/module';
import { invitationsModule } from '../features/invitations/module';
import { organizationsModule } from '../features/organizations/module';
import { contactMessagesModule, dataSectionModule } from '../features/pages/menu';
import { stationsModule } from '../features/stations/module';
import { LanguageDropdown } from '../shell/LanguageDropdown';
import { shell as defaultRegistry, type ShellRegistry, type ShellModule } from '../shell/registry';
import { UserMenu } from '../shell/UserMenu';

export const coreModule: ShellModule = {
  name: 'core',
  menu: [{ key: 'home', label: 'shell.menu.home', to: '/home', icon: '⌂' }],
  headerTools: [
    { key: 'language', component: LanguageDropdown, priority: 10 },
    { key: 'user', component: UserMenu, priority: 0 },
  ],
};

/** Feature modules, in menu order. Add a feature's module to this list. */
export const modules: ShellModule[] = [
  coreModule,
  dashboardsModule,
  organizationsModule,
  dataSectionModule,
  adminModule,
  // After the administration group: a system administrator's reading, not a page about the product.
  contactMessagesModule,
  stationsModule,
  explorerModule,
  invitationsModule,
];

let registered = false;

export function registerModules(registry: ShellRegistry = defaultRegistry): void {
  if (registry === defaultRegistry && registered) return;
  registry.registerApp({ key: registry.currentAppKey, label: 'Open Water Data', views: [] });
  for (const module of modules) registry.registerModule(module);
  if (registry === defaultRegistry) registered = true;
}
