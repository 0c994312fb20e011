/**
 * The shell's registry (spec: shell state): application entries and their views, API modules,
 * feature modules (menu entries, header tools, user menu items, widgets, widget actions), each
 * optionally requiring roles or permissions.
 */
import type { ComponentType } from 'react';
import { meets, type Requirement } from '../auth/roles';
import type { Profile } from '../auth/profile';

export const DEFAULT_APP_KEY = 'demo';
export const DEFAULT_PRIORITY = 0;

export interface AppView {
  name: string;
  component: string;
  config?: Record<string, unknown>;
  widgets?: string[];
}

export interface AppEntry {
  key: string;
  label?: string;
  views: AppView[];
}

/** A side-menu entry: a link, a group of entries, or a component of its own (the dashboard menu). */
export interface MenuEntry {
  key: string;
  /** i18n key of the label. */
  label?: string;
  to?: string;
  icon?: string;
  requires?: Requirement;
  items?: MenuEntry[];
  Component?: ComponentType<{ collapsed: boolean }>;
}

export interface HeaderTool {
  key: string;
  component: ComponentType;
  priority?: number;
  requires?: Requirement;
}

export interface UserMenuItem {
  key: string;
  label: string;
  to: string;
  requires?: Requirement;
}

/** What a widget is rendered with: its config, and what it is called where it is shown (on a dashboard, its own
 * title, numbered when its kind is there twice: a region inside it is named by it, so that no two share a name). */
export interface WidgetProps {
  config: Record<string, unknown>;
  title?: string;
}

/** A dashboard widget type: its component and the i18n key of its title. */
export interface WidgetType {
  component: string;
  title: string;
  render: ComponentType<WidgetProps>;
  /** Offered in the widget gallery with this config. */
  shareable?: Record<string, unknown>;
}

/** An action shown on every widget's frame (e.g. 'Add to dashboard'). */
export interface WidgetAction {
  key: string;
  component: ComponentType<{ widget: { component: string; config: Record<string, unknown> } }>;
  priority?: number;
  requires?: Requirement;
}

export interface ShellModule {
  name: string;
  requires?: Requirement;
  menu?: MenuEntry[];
  headerTools?: HeaderTool[];
  userMenu?: UserMenuItem[];
  widgets?: WidgetType[];
  widgetActions?: WidgetAction[];
}

function byPriority<T extends { priority?: number }>(a: T, b: T): number {
  return (b.priority ?? DEFAULT_PRIORITY) - (a.priority ?? DEFAULT_PRIORITY);
}

export class ShellRegistry {
  currentAppKey = DEFAULT_APP_KEY;
  private readonly apps = new Map<string, AppEntry>();
  private readonly apis = new Map<string, unknown>();
  private readonly modules: ShellModule[] = [];

  registerApp(entry: AppEntry): void {
    if (this.apps.has(entry.key)) throw new Error(`default config already exist with key: ${entry.key}`);
    this.apps.set(entry.key, entry);
  }

  getApp(key: string = this.currentAppKey): AppEntry | undefined {
    return this.apps.get(key);
  }

  appKeys(): string[] {
    return [...this.apps.keys()];
  }

  registerApi(name: string, api: unknown): void {
    if (this.apis.has(name)) throw new Error(`api ${name} already exists`);
    this.apis.set(name, api);
  }

  getApi<T>(name: string): T | undefined {
    return this.apis.get(name) as T | undefined;
  }

  registerModule(module: ShellModule): void {
    if (this.modules.some((m) => m.name === module.name)) throw new Error(`module ${module.name} already exists`);
    this.modules.push(module);
  }

  /** The modules this user holds the roles for: only these are in effect. */
  modulesFor(profile: Profile | null | undefined): ShellModule[] {
    return this.modules.filter((m) => meets(profile, m.requires));
  }

  menuFor(profile: Profile | null | undefined): MenuEntry[] {
    const visible = (entry: MenuEntry): MenuEntry | null => {
      if (!meets(profile, entry.requires)) return null;
      if (!entry.items) return entry;
      const items = entry.items.map(visible).filter((e): e is MenuEntry => e !== null);
      return items.length ? { ...entry, items } : null;
    };
    return this.modulesFor(profile)
      .flatMap((m) => m.menu ?? [])
      .map(visible)
      .filter((e): e is MenuEntry => e !== null);
  }

  /** The label (i18n key) of the menu entry leading to `path` (its query aside), whoever may see it. */
  menuLabelFor(path: string): string | undefined {
    const find = (entries: MenuEntry[]): string | undefined => {
      for (const entry of entries) {
        if (entry.label && entry.to && entry.to.split('?')[0] === path) return entry.label;
        const inside = entry.items && find(entry.items);
        if (inside) return inside;
      }
      return undefined;
    };
    return find(this.modules.flatMap((m) => m.menu ?? []));
  }

  headerToolsFor(profile: Profile | null | undefined): HeaderTool[] {
    return this.modulesFor(profile)
      .flatMap((m) => m.headerTools ?? [])
      .filter((t) => meets(profile, t.requires))
      .sort(byPriority);
  }

  userMenuFor(profile: Profile | null | undefined): UserMenuItem[] {
    return this.modulesFor(profile)
      .flatMap((m) => m.userMenu ?? [])
      .filter((i) => meets(profile, i.requires));
  }

  widgetTypes(): WidgetType[] {
    return this.modules.flatMap((m) => m.widgets ?? []);
  }

  widgetType(component: string): WidgetType | undefined {
    return this.widgetTypes().find((w) => w.component === component);
  }

  widgetActionsFor(profile: Profile | null | undefined): WidgetAction[] {
    return this.modulesFor(profile)
      .flatMap((m) => m.widgetActions ?? [])
      .filter((a) => meets(profile, a.requires))
      .sort(byPriority);
  }
}

/** The one registry of the running app (filled by app/modules.ts). */
export const shell = new ShellRegistry();
