import { describe, expect, it } from 'vitest';
import type { MenuEntry } from '../shell/registry';
import { modules } from './modules';

/** The dashboard menu draws its own icons (features/dashboards/components/DashboardMenu.tsx). */
const DASHBOARD_MENU_ICONS = ['▦', '+', '☰'];

function icons(entries: MenuEntry[]): string[] {
  return entries.flatMap((entry) => [
    ...(entry.icon ? [entry.icon] : []),
    ...(entry.items ? icons(entry.items) : []),
  ]);
}

describe('the side menu', () => {
  it('gives every entry an icon of its own, so the collapsed menu tells them apart', () => {
    // A walk: the collapsed menu showed ✉ for invitations, Contact us and contact messages, and ☰ twice.
    const all = [...icons(modules.flatMap((module) => module.menu ?? [])), ...DASHBOARD_MENU_ICONS];
    const repeated = all.filter((icon, index) => all.indexOf(icon) !== index);
    expect(repeated).toEqual([]);
  });
});
