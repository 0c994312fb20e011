/**
 * Test helpers of this feature: a signed-in session around the whole route tree, and an in-memory
 * dashboards API behind a stubbed fetch that keeps the server's rules (label required and unique
 * per user, case-insensitive; widgets get an id and a position).
 */
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { registerModules } from '../../app/modules';
import { routes } from '../../app/routes';
import { ANONYMOUS_SESSION, SessionContext, type Session } from '../../auth/session';
import { jsonResponse, renderWithProviders } from '../../test/render';
import type { Dashboard, DashboardWidget } from './types';

export const SIGNED_IN: Session = {
  ...ANONYMOUS_SESSION,
  enabled: true,
  status: 'signed-in',
  profile: { id: 'user-1', name: 'Carl Contributor', systemRoles: [] },
  displayName: 'Carl Contributor',
};

/** The app at `path` for a signed-in user (or `session`). */
export function renderSignedIn(path: string, session: Session = SIGNED_IN) {
  registerModules();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = renderWithProviders(
    <SessionContext.Provider value={session}>
      <RouterProvider router={router} />
    </SessionContext.Provider>,
  );
  return { ...result, router };
}

export function dashboard(id: string, label: string, widgets: DashboardWidget[] = []): Dashboard {
  return { id, label, icon: 'kiLineChart2', layout: 'dashboard-layout-free', config: {}, widgets };
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export class FakeDashboardsApi {
  readonly calls: Call[] = [];
  dashboards: Dashboard[];
  private nextId = 1;

  constructor(initial: Dashboard[]) {
    this.dashboards = structuredClone(initial);
  }

  find(id: string): Dashboard | undefined {
    return this.dashboards.find((d) => d.id === id);
  }

  handle(method: string, path: string, body: unknown): Response {
    this.calls.push({ method, path, body });
    const data = (body ?? {}) as Record<string, unknown>;
    const taken = (label: string, except?: string) =>
      this.dashboards.some((d) => d.id !== except && d.label.trim().toLowerCase() === label.trim().toLowerCase());
    if (path === '/dashboards' && method === 'GET') {
      return jsonResponse(200, [...this.dashboards].sort((a, b) => a.label.toLowerCase().localeCompare(b.label.toLowerCase())));
    }
    if (path === '/dashboards' && method === 'POST') {
      const label = typeof data.label === 'string' ? data.label.trim() : '';
      if (!label) return jsonResponse(400, { message: 'Please enter dashboard name.' });
      if (taken(label)) return jsonResponse(409, { message: `Dashboard named ${label} already exists. Please try a different one.` });
      const created = dashboard(`new-${this.nextId++}`, label);
      this.dashboards.push(created);
      return jsonResponse(201, created);
    }
    const match = path.match(/^\/dashboards\/([^/]+)(\/widgets(?:\/([^/]+))?)?$/);
    const found = match ? this.find(decodeURIComponent(match[1])) : undefined;
    if (!match || !found) return jsonResponse(404, { message: 'Dashboard not found.' });
    if (match[2] && method === 'POST') {
      const widget: DashboardWidget = {
        id: `widget-${this.nextId++}`,
        component: String(data.component),
        config: (data.config ?? {}) as Record<string, unknown>,
        position: (data.position as DashboardWidget['position']) ?? { x: 0, y: 0, w: 6, h: 4 },
      };
      found.widgets.push(widget);
      return jsonResponse(201, found);
    }
    if (match[3] && method === 'PATCH') {
      const widget = found.widgets.find((w) => w.id === decodeURIComponent(match[3]));
      if (!widget) return jsonResponse(404, { message: 'Widget not found.' });
      widget.config = data.config as Record<string, unknown>;
      return jsonResponse(200, found);
    }
    if (match[3] && method === 'DELETE') {
      if (!found.widgets.some((w) => w.id === decodeURIComponent(match[3]))) return jsonResponse(404, { message: 'Widget not found.' });
      found.widgets = found.widgets.filter((w) => w.id !== decodeURIComponent(match[3]));
      return jsonResponse(200, found);
    }
    if (method === 'GET') return jsonResponse(200, found);
    if (method === 'PATCH') {
      if (typeof data.label === 'string') {
        if (!data.label.trim()) return jsonResponse(400, { message: 'Please enter dashboard name.' });
        if (taken(data.label, found.id)) return jsonResponse(409, { message: `Dashboard named ${data.label.trim()} already exists. Please try a different one.` });
        found.label = data.label.trim();
      }
      const positions = data.positions as Record<string, DashboardWidget['position']> | undefined;
      for (const widget of found.widgets) if (positions?.[widget.id]) widget.position = positions[widget.id];
      return jsonResponse(200, found);
    }
    if (method === 'DELETE') {
      this.dashboards = this.dashboards.filter((d) => d !== found);
      return jsonResponse(200, {});
    }
    return jsonResponse(405, { message: 'Method not allowed.' });
  }

  callsTo(method: string, path: string): Call[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }
}

/** Stub fetch with the fake dashboards API; anything else answers like the home page's system info. */
export function stubDashboardsApi(initial: Dashboard[]): FakeDashboardsApi {
  const api = new FakeDashboardsApi(initial);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace(/^\/api\/v1/, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      if (path.startsWith('/dashboards')) return api.handle(init?.method ?? 'GET', path, body);
      if (path === '/system/info') return jsonResponse(200, { name: 'Open Water Data', version: '0.1.0', stage: 'test', buildTime: '' });
      return jsonResponse(404, { message: 'Not found.' });
    }),
  );
  return api;
}

/** The labels of a menu list's entries, in order (shown or, when the menu is collapsed, hidden). */
export function menuEntries(list: HTMLElement): string[] {
  return [...list.querySelectorAll(':scope > li')].map((li) => li.querySelector('.menu-label')?.textContent ?? li.textContent ?? '');
}
