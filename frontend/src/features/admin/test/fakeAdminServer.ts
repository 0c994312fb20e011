/**
 * An in-memory stand-in for the administration API (chalicelib/users, chalicelib/roles, chalicelib/system's
 * settings) behind a fetch: it keeps users and roles, answers the collection query language's `s` ($or/$contL/$eq/$contArr),
 * `sort`, `limit` and `page` as the server does, and records every call. `fail()` makes the next
 * matching call answer with an error, as the server would. A change sent with If-Match for a version of a role or
 * a user no longer stored is refused (412) as the server refuses it; a change made moves the version.
 */
import type { SystemSetting } from '../api/systemSettings';
import type { Permission, Role, User } from '../api/types';

export const ADMIN_ID = 'u-ada';
export const CATALOGUE: Permission[] = [
  { id: 'manage-users', key: 'manage-users', description: 'Manage users and their roles' },
  { id: 'manage-roles', key: 'manage-roles', description: 'Manage roles and their permissions' },
  { id: 'manage-organizations', key: 'manage-organizations', description: 'Create, edit and delete organizations' },
  { id: 'manage-system-settings', key: 'manage-system-settings', description: 'Change system settings such as the map service' },
];

export function demoRoles(): Role[] {
  return [
    { id: 'system-admin', roleName: 'system-admin', description: 'Administers the whole system', permissions: CATALOGUE.map((p) => p.key), builtIn: true, createdAt: '2024-01-01T09:00:00Z' },
    { id: 'r-editor', roleName: 'editor', description: 'Edits shared dashboards', permissions: ['manage-system-settings'], builtIn: false, createdAt: '2024-01-01T09:00:00Z' },
  ];
}

export function demoUsers(): User[] {
  return [
    { id: ADMIN_ID, email: 'admin@demo.example', name: 'Ada Admin', roles: ['system-admin'], preRegistered: false, createdAt: '2024-01-02T10:00:00Z' },
    { id: 'u-carl', email: 'carl@demo.example', name: 'Carl Contributor', roles: ['r-editor'], preRegistered: false, createdAt: '2024-02-03T10:00:00Z' },
    { id: 'u-vera', email: 'vera@demo.example', name: 'Vera Viewer', roles: [], preRegistered: false, createdAt: '2024-03-04T10:00:00Z' },
  ];
}

/** GET /system/settings with nothing stored: the default map service (chalicelib/system/service.py DEFAULT_SETTINGS). */
export function demoSettings(): SystemSetting[] {
  return [{ id: 'map-service', label: 'Map service', value: { provider: 'none', styleUrl: null, accessToken: null } }];
}

/** What the server refuses of a map service's addresses (check_map_service), in its words; null when none. */
function mapServiceRefusal(value: Row): string | null {
  for (const [name, what] of [['styleUrl', 'style'], ['tileUrl', 'tile']] as const) {
    const url = value[name];
    if (url !== null && url !== undefined && url !== '' && !(typeof url === 'string' && /^https?:\/\/\S+$/.test(url))) return `The ${what} address must be an http(s) address.`;
  }
  const tiles = value.tileUrl;
  if (typeof tiles === 'string' && tiles && !['{z}', '{x}', '{y}'].every((part) => tiles.includes(part)))
    return 'The tile address must hold {z}, {x} and {y} (for example https://tiles.example.org/{z}/{x}/{y}.png).';
  return null;
}

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The If-Match header, when the call sent one. */
  ifMatch?: string;
}

type Row = Record<string, unknown>;
type Answer = { status: number; body: unknown };

const MAX_PAGE = 100;

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function error(status: number, message: string): Answer {
  return { status, body: { statusCode: status, message } };
}

/** A search object ({field: {$contL}} and $or / $and lists) applied to one item. */
export function matches(item: Row, condition: Row): boolean {
  return Object.entries(condition).every(([key, value]) => {
    if (key === '$or') return (value as Row[]).some((c) => matches(item, c));
    if (key === '$and') return (value as Row[]).every((c) => matches(item, c));
    const ops = value as Row;
    if ('$contArr' in ops) {
      const list = item[key];
      return Array.isArray(list) && (ops.$contArr as unknown[]).every((wanted) => list.includes(wanted));
    }
    const field = String(item[key] ?? '').toLowerCase();
    if ('$contL' in ops) return field.includes(String(ops.$contL).toLowerCase());
    if ('$eq' in ops) return item[key] === ops.$eq;
    throw new Error(`fake server: unsupported condition ${JSON.stringify(value)}`);
  });
}

/** GET {collection}?{query}: a plain list, or a page when `page` or `offset` is given. */
function list(items: Row[], query: URLSearchParams, defaultSort: string): unknown {
  let result = [...items];
  const s = query.get('s');
  if (s) result = result.filter((item) => matches(item, JSON.parse(s) as Row));
  // The builder writes sort[0]=field,ORDER.
  const [field, order] = (query.get('sort[0]') ?? query.get('sort') ?? defaultSort).split(',');
  result.sort((a, b) => String(a[field!] ?? '').localeCompare(String(b[field!] ?? '')) * (order === 'DESC' ? -1 : 1));
  const limit = Math.min(Number(query.get('limit') ?? MAX_PAGE) || MAX_PAGE, MAX_PAGE);
  const page = query.get('page');
  if (!page) return result.slice(0, limit);
  const total = result.length;
  const data = result.slice((Number(page) - 1) * limit, Number(page) * limit);
  return { data, count: data.length, total, page: Number(page), pageCount: total ? Math.ceil(total / limit) : 1 };
}

export function fakeAdminServer({ users = demoUsers(), roles = demoRoles(), settings = demoSettings(), me = ADMIN_ID } = {}) {
  const state = { users: structuredClone(users), roles: structuredClone(roles), settings: structuredClone(settings) };
  const calls: Call[] = [];
  const failures: { method: string; path: RegExp; answer: Answer }[] = [];
  let nextId = 1;

  let clock = 0;
  /** A change for a version no longer stored: the server's 412 (an item without a version takes any change). */
  const stale = (item: Role | User, ifMatch: string | undefined, thing: string): Answer | null => {
    const version = item.updatedAt ?? item.createdAt;
    if (!ifMatch || ifMatch === '*' || !version || ifMatch === `"${version}"`) return null;
    return error(412, `Someone else changed this ${thing} after you loaded it: load it again to see their change.`);
  };
  const changed = (item: Role | User) => (item.updatedAt = new Date(Date.UTC(2026, 10, 27, 10, 0, ++clock)).toISOString());

  const roleRefs = (user: User) =>
    (user.roles ?? []).map((id) => ({ id, roleName: state.roles.find((r) => r.id === id)?.roleName ?? id }));

  const handle = (method: string, path: string, query: URLSearchParams, body: unknown, ifMatch?: string): Answer => {
    const failure = failures.findIndex((f) => f.method === method && f.path.test(path));
    if (failure >= 0) return failures.splice(failure, 1)[0]!.answer;

    let m: RegExpMatchArray | null;
    if (path === '/user' && method === 'GET') return { status: 200, body: list(state.users as unknown as Row[], query, 'name,ASC') };
    if (path === '/user' && method === 'POST') {
      const input = body as { email: string; name?: string; roles?: string[] };
      if (state.users.some((u) => u.email === input.email)) return error(409, `A user with email ${input.email} already exists.`);
      const user: User = { id: `u-new-${nextId++}`, email: input.email, name: input.name ?? input.email, roles: input.roles ?? [], preRegistered: true, createdAt: '2024-05-06T10:00:00Z' };
      state.users.push(user);
      return { status: 201, body: user };
    }
    if ((m = path.match(/^\/user\/([^/]+)$/))) {
      const user = state.users.find((u) => u.id === decodeURIComponent(m![1]!));
      if (!user) return error(404, 'User not found.');
      if (method === 'PATCH') {
        const refused = stale(user, ifMatch, 'user');
        if (refused) return refused;
        Object.assign(user, body as Partial<User>);
        changed(user);
        return { status: 200, body: user };
      }
      if (method === 'DELETE') {
        state.users = state.users.filter((u) => u !== user);
        return { status: 200, body: {} };
      }
    }
    if ((m = path.match(/^\/user\/([^/]+)\/roles$/))) {
      const user = state.users.find((u) => u.id === decodeURIComponent(m![1]!));
      if (!user) return error(404, 'User not found.');
      if (method === 'GET') return { status: 200, body: roleRefs(user) };
      if (method === 'PUT') {
        if (user.id === me) return error(403, 'You cannot change your own roles.');
        const refused = stale(user, ifMatch, 'user');
        if (refused) return refused;
        user.roles = [...(body as string[])].sort();
        changed(user);
        return { status: 200, body: roleRefs(user) };
      }
    }
    if (path === '/roles' && method === 'GET') return { status: 200, body: list(state.roles as unknown as Row[], query, 'roleName,ASC') };
    if (path === '/roles' && method === 'POST') {
      const input = body as { roleName?: string; description?: string | null };
      if (!input.roleName) return error(400, 'Role name is required.');
      if (state.roles.some((r) => r.roleName === input.roleName)) return error(409, `A role named ${input.roleName} already exists.`);
      const role: Role = { id: `r-new-${nextId++}`, roleName: input.roleName, description: input.description ?? null, permissions: [], builtIn: false };
      state.roles.push(role);
      return { status: 201, body: role };
    }
    if ((m = path.match(/^\/roles\/([^/]+)$/))) {
      const role = state.roles.find((r) => r.id === decodeURIComponent(m![1]!));
      if (!role) return error(404, 'Role not found.');
      if (role.builtIn) return error(403, method === 'DELETE' ? 'Built-in roles cannot be deleted.' : 'Built-in roles cannot be changed.');
      if (method === 'PATCH') {
        const refused = stale(role, ifMatch, 'role');
        if (refused) return refused;
        Object.assign(role, body as Partial<Role>);
        changed(role);
        return { status: 200, body: role };
      }
      if (method === 'DELETE') {
        state.roles = state.roles.filter((r) => r !== role);
        return { status: 200, body: {} };
      }
    }
    if ((m = path.match(/^\/roles\/([^/]+)\/permissions$/))) {
      const role = state.roles.find((r) => r.id === decodeURIComponent(m![1]!));
      if (!role) return error(404, 'Role not found.');
      if (method === 'PUT') {
        if (role.builtIn) return error(403, 'Built-in roles cannot be changed.');
        const keys = body as string[];
        const unknown = keys.filter((k) => !CATALOGUE.some((p) => p.key === k));
        if (unknown.length) return error(400, `Unknown permission: ${unknown.join(', ')}.`);
        const refused = stale(role, ifMatch, 'role');
        if (refused) return refused;
        role.permissions = [...keys].sort();
        changed(role);
      }
      return { status: 200, body: CATALOGUE.filter((p) => role.permissions?.includes(p.key)) };
    }
    if (path === '/permissions' && method === 'GET') return { status: 200, body: CATALOGUE };
    if (path === '/system/settings' && method === 'GET') return { status: 200, body: state.settings };
    if (path === '/system/settings' && method === 'POST') {
      const input = body as { id: string; label?: string | null; value: unknown };
      if (input.id === 'map-service') {
        const refused = mapServiceRefusal(input.value as Row);
        if (refused) return error(400, refused);
      }
      const setting: SystemSetting = { ...input, updatedAt: new Date(Date.UTC(2026, 10, 27, 10, 0, ++clock)).toISOString(), updatedBy: me };
      state.settings = [...state.settings.filter((s) => s.id !== input.id), setting].sort((a, b) => a.id.localeCompare(b.id));
      return { status: 200, body: setting };
    }
    return error(404, `Cannot ${method} /api/v1${path}`);
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const ifMatch = new Headers(init?.headers).get('If-Match') ?? undefined;
    calls.push({ method, path, query: url.searchParams, body, ...(ifMatch ? { ifMatch } : {}) });
    const answer = handle(method, path, url.searchParams, body, ifMatch);
    return json(answer.status, answer.body);
  };

  return {
    fetch,
    calls,
    state,
    /** Calls of this method to this path. */
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    /** The next call of `method` to a path matching `path` answers with this error. */
    fail: (method: string, path: RegExp, status: number, message: string) => failures.push({ method, path, answer: error(status, message) }),
  };
}

/** Many users, for paging. */
export function manyUsers(count: number): User[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(2, '0');
    return { id: `u-${n}`, email: `person${n}@demo.example`, name: `Person ${n}`, roles: [], preRegistered: false, createdAt: '2024-01-01T00:00:00Z' };
  });
}
