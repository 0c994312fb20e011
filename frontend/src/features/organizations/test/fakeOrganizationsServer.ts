/**
 * An in-memory stand-in for the organization API (chalicelib/organizations, invitations, projects,
 * stations, parameters) behind a fetch, answering as the server does (same paths, shapes and
 * messages for the rules the screens show), recording every call. `fail()` makes the next matching
 * call answer with an error.
 */
export const DEMO_ORG = 'org-demo';
export const OTHER_ORG = 'org-other';
export const ME = 'u-olga';

type Row = Record<string, unknown>;
type Answer = { status: number; body: unknown };

export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** The If-Match header, when the call sent one. */
  ifMatch?: string;
}

function error(status: number, message: string): Answer {
  return { status, body: { statusCode: status, message } };
}

const ok = (body: unknown): Answer => ({ status: 200, body });

/** A text as Python's repr() writes it, as the server's messages quote names and keys ('x', or "x" holding a '). */
function pyRepr(text: string): string {
  return text.includes("'") && !text.includes('"') ? `"${text}"` : `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function demoState() {
  return {
    organizations: [
      { id: DEMO_ORG, name: 'Demo Watershed Council', description: 'A demonstration organization.', website: 'https://example.org/demo', contact: 'office@demo.example' },
      { id: OTHER_ORG, name: 'River Keepers', description: null, website: null, contact: null },
    ] as Row[],
    members: {
      [DEMO_ORG]: [
        { userId: ME, roleName: 'group-admin', email: 'olga@demo.example', name: 'Olga Orgadmin' },
        { userId: 'u-carl', roleName: 'data-contributor', email: 'carl@demo.example', name: 'Carl Contributor' },
        { userId: 'u-vera', roleName: 'simple-user', email: 'vera@demo.example', name: 'Vera Viewer' },
      ],
      [OTHER_ORG]: [{ userId: 'u-otto', roleName: 'group-admin', email: 'otto@demo.example', name: 'Otto Outsider' }],
    } as Record<string, Row[]>,
    projects: [{ id: 'p-creek', organizationId: DEMO_ORG, name: 'Creek survey', description: 'Monthly samples', createdAt: '2026-02-01T08:00:00.000Z' }] as Row[],
    stations: [
      { id: 's-1', organizationId: DEMO_ORG, identifier: 'DEMO-1', name: 'Mill Creek', latitude: 40.1, longitude: -75.2, stationType: 'river', sampleCount: 120, createdAt: '2026-01-05T09:00:00.000Z' },
      { id: 's-2', organizationId: DEMO_ORG, identifier: 'DEMO-2', name: 'Otter Pond', latitude: 40.3, longitude: -75.4, stationType: 'lake', sampleCount: 0 },
    ] as Row[],
    stationTypes: [
      { key: 'river', label: 'River/Stream' },
      { key: 'lake', label: 'Lake' },
    ],
    parameters: [
      { id: 'par-ph', label: 'pH', unit: null },
      { id: 'par-temp', label: 'Temperature, water', unit: 'deg C' },
      { id: 'par-do', label: 'Dissolved oxygen (DO)', unit: 'mg/L' },
    ] as Row[],
    organizationParameters: { [DEMO_ORG]: ['par-ph'] } as Record<string, string[]>,
    projectLists: { 'p-creek': { stations: ['s-1'], parameters: [] as string[] } } as Record<string, { stations: string[]; parameters: string[] }>,
    activities: [
      { id: 'ACT-1', typeCode: 'Sample-Routine', monitoringLocationIdentifier: 'DEMO-1', startDate: '2024-05-01' },
      { id: 'ACT-2', typeCode: 'Field Msr/Obs', monitoringLocationIdentifier: 'DEMO-1', startDate: '2024-06-01' },
    ] as Row[],
    settings: {} as Record<string, Row>,
    headerMaps: {} as Record<string, Record<string, unknown>>,
    /**
     * Import logs: GET .../projects/{id}/import-history answers a project's, GET organization/{id}/import-history
     * an organization's (of all its projects), newest first.
     */
    imports: [] as Row[],
    /** The fields GET /import-fields lists (the first of chalicelib/imports/formats.py's, and one without a translation). */
    importFields: [
      { name: 'station', label: 'station identifier' },
      { name: 'date', label: 'date' },
      { name: 'value', label: 'value' },
      { name: 'shoeSize', label: 'shoe size' },
    ],
    wqx: {} as Record<string, Row>,
    /** API keys by organization, as GET .../api-keys lists them (newest first). */
    apiKeys: {} as Record<string, Row[]>,
    invitations: [
      {
        id: 'inv-1', email: 'newcomer@example.com', organizationId: DEMO_ORG, organizationName: 'Demo Watershed Council', roleName: 'data-contributor',
        isSystemAdmin: false, status: 'pending', createdAt: '2026-11-20T10:00:00Z', createdBy: ME, expiresAt: '2026-11-27T10:00:00Z', resendCount: 0, acceptedAt: null,
      },
      {
        id: 'inv-2', email: 'old@example.com', organizationId: DEMO_ORG, organizationName: 'Demo Watershed Council', roleName: 'simple-user',
        isSystemAdmin: false, status: 'accepted', createdAt: '2026-10-01T10:00:00Z', createdBy: ME, expiresAt: '2026-10-08T10:00:00Z', resendCount: 0, acceptedAt: '2026-10-02T10:00:00Z',
      },
    ] as Row[],
    /** The signed-in user's own open invitations (GET /Invitation/pending), by the token their link carries. */
    pending: [] as { token: string; invitation: Row }[],
    /** Who GET /auth/profile answers for (its memberships read from `members`). */
    signedIn: { id: ME, name: 'Olga Orgadmin', email: 'olga@demo.example' } as { id: string; name: string; email: string },
  };
}

export type FakeState = ReturnType<typeof demoState>;

function filterValue(query: URLSearchParams, field: string): string | null {
  for (const value of query.getAll('filter[0]').concat(query.getAll('filter'))) {
    const [name, op, v] = value.split('||');
    if (name === field && op === '$eq') return v ?? null;
  }
  return null;
}

export function fakeOrganizationsServer(state: FakeState = demoState()) {
  const calls: Call[] = [];
  const failures: { method: string; path: RegExp; answer: Answer }[] = [];
  let nextId = 1;

  const organization = (id: string) => state.organizations.find((o) => o.id === id);
  const parameterById = (id: string) => state.parameters.find((p) => p.id === id);

  /** A PATCH as the server makes it (chalicelib/core/versions.py): refused (412) for a version no longer stored. */
  let clock = Date.parse('2026-11-27T10:00:00.000Z');
  const patched = (row: Row, body: unknown, ifMatch: string | undefined, thing: string): Answer => {
    const version = row.updatedAt ?? row.createdAt;
    if (ifMatch && ifMatch !== '*' && version && ifMatch !== `"${String(version)}"`) {
      return error(412, `Someone else changed this ${thing} after you loaded it: load it again to see their change.`);
    }
    return ok(Object.assign(row, body as Row, { updatedAt: new Date((clock += 1000)).toISOString() }));
  };

  const handle = (method: string, path: string, query: URLSearchParams, body: unknown, ifMatch?: string): Answer => {
    const failure = failures.findIndex((f) => f.method === method && f.path.test(path));
    if (failure >= 0) return failures.splice(failure, 1)[0]!.answer;
    let m: RegExpMatchArray | null;

    if (path === '/organization' && method === 'GET') return ok(state.organizations);
    if (path === '/organization' && method === 'POST') {
      const created = { id: `org-new-${nextId++}`, ...(body as Row) };
      state.organizations.push(created);
      return { status: 201, body: created };
    }
    if ((m = path.match(/^\/organization\/([^/]+)$/))) {
      const org = organization(m[1]!);
      if (!org) return error(404, 'Organization not found.');
      if (method === 'GET') return ok(org);
      if (method === 'PATCH') return patched(org, body, ifMatch, 'organization');
      if (method === 'DELETE') {
        state.organizations = state.organizations.filter((o) => o !== org);
        return ok({});
      }
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/members$/))) return ok(state.members[m[1]!] ?? []);
    if ((m = path.match(/^\/organization\/([^/]+)\/members\/([^/]+)$/))) {
      const members = state.members[m[1]!] ?? [];
      const member = members.find((x) => x.userId === m![2]);
      const lastAdmin = member?.roleName === 'group-admin' && members.filter((x) => x.roleName === 'group-admin').length === 1;
      if (method === 'PUT') {
        const roleName = (body as { roleName: string }).roleName;
        // (A system administrator's PUT would add them; the screens' tests sign in group administrators.)
        if (!member) return error(404, 'This person is not a member of the organization: invite them instead.');
        if (lastAdmin && roleName !== 'group-admin') return error(409, 'An organization needs at least one group administrator: make someone else a group administrator first.');
        if (member) member.roleName = roleName;
        return ok({ organizationId: m[1], userId: m[2], roleName });
      }
      if (method === 'DELETE') {
        if (!member) return error(404, 'Member not found.');
        if (lastAdmin) return error(409, 'An organization needs at least one group administrator: make someone else a group administrator first.');
        state.members[m[1]!] = members.filter((x) => x !== member);
        return ok({});
      }
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/parameters$/))) {
      if (method === 'PUT') state.organizationParameters[m[1]!] = body as string[];
      return ok((state.organizationParameters[m[1]!] ?? []).map(parameterById).filter(Boolean));
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/settings\/([^/]+)$/))) {
      const key = `${m[1]}/${m[2]}`;
      if (method === 'PUT') {
        // As the server: a save for a version no longer stored is refused (its ETag: "inherited" while unset).
        const version = state.settings[key] ? String(state.settings[key]!.updatedAt) : 'inherited';
        if (ifMatch && ifMatch !== `"${version}"`) {
          return error(412, 'Someone else changed this setting after you loaded it: load it again to see their change.');
        }
        const value = (body as { value: unknown }).value;
        if (value === null) delete state.settings[key];
        else state.settings[key] = { value, updatedAt: new Date((clock += 1000)).toISOString() };
      }
      const own = state.settings[key];
      return ok(own ? { id: m[2], organizationId: m[1], inherited: false, ...own } : { id: m[2], organizationId: m[1], inherited: true, value: { provider: 'none' }, updatedAt: null });
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/header-map$/))) {
      if (method === 'PUT' || method === 'PATCH') {
        const names = state.importFields.map((f) => f.name);
        for (const [column, target] of Object.entries(body as Record<string, unknown>)) {
          if (typeof target === 'string' && !names.includes(target)) {
            return error(400, `Column '${column}': unknown field '${target}'. Map a column to one of: ${names.join(', ')}; or to a parameter with {"parameter": ..., "unit": ...}.`);
          }
        }
        if (method === 'PUT') state.headerMaps[m[1]!] = body as Record<string, unknown>;
        else {
          // A merge patch on the map as stored now: null takes a column out.
          const merged = { ...(state.headerMaps[m[1]!] ?? {}) };
          for (const [column, target] of Object.entries(body as Record<string, unknown>)) {
            if (target === null) delete merged[column];
            else merged[column] = target;
          }
          state.headerMaps[m[1]!] = merged;
        }
      }
      return ok(state.headerMaps[m[1]!] ?? {});
    }
    if (path === '/import-fields') return ok(state.importFields);
    if (path === '/project/getIdsByOrganizationIds') {
      const wanted = (query.get('organizationId') ?? '').split(',').filter(Boolean);
      return ok(state.projects.filter((p) => wanted.includes(String(p.organizationId))).map((p) => ({ id: p.id, name: p.name, organizationId: p.organizationId })));
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/projects\/([^/]+)\/import-history$/))) {
      const limit = Number(query.get('limit') ?? 100);
      const logs = state.imports
        .filter((log) => log.projectId === m![2])
        .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
      return ok({ data: logs.slice(0, limit), count: Math.min(limit, logs.length), total: logs.length, page: 1, pageCount: 1 });
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/import-history$/))) {
      // As the server: a plain list, newest first, ?limit of at most 20 (5 without).
      const limit = query.get('limit') ? Math.min(Number(query.get('limit')), 20) : 5;
      const logs = state.imports
        .filter((log) => log.organizationId === m![1])
        .sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)));
      return ok(logs.slice(0, limit));
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/api-keys$/))) {
      const keys = (state.apiKeys[m[1]!] ??= []);
      if (method === 'POST') {
        const name = (body as { name?: unknown } | undefined)?.name;
        if (typeof name !== 'string' || !name.trim() || name.trim().length > 100) {
          return error(400, 'name is required (1 to 100 characters): say which logger or script uses the key.');
        }
        const id = `k${nextId++}`;
        const created = { id, organizationId: m[1], name: name.trim(), createdBy: ME, createdAt: '2026-11-24T10:00:00Z', lastUsedAt: null, revokedAt: null, active: true };
        keys.unshift(created);
        return { status: 201, body: { ...created, key: `owd_${id}_s3cret-shown-once` } };
      }
      return ok(keys);
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/api-keys\/([^/]+)$/)) && method === 'DELETE') {
      const key = (state.apiKeys[m[1]!] ?? []).find((k) => k.id === m![2]);
      if (!key) return error(404, 'API key not found.');
      if (key.active) Object.assign(key, { active: false, revokedAt: '2026-11-24T11:00:00Z' });
      return ok(key);
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/wqx-account\/test$/)) && method === 'POST') {
      const account = state.wqx[m[1]!];
      if (!account) return error(400, 'Set the WQX account first.');
      return ok(account.userId === 'olga' ? { connected: true, message: 'Connected to WQX Web as olga.' } : { connected: false, message: 'WQX Web refused the user ID or private key.' });
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/wqx-account$/))) {
      const stored = state.wqx[m[1]!] ?? {};
      if (method === 'PUT') {
        const input = body as Row;
        if (!input.privateKey && !stored.privateKeySetAt) return error(400, 'WQX private key is required.');
        state.wqx[m[1]!] = { wqxOrganizationId: input.wqxOrganizationId, userId: input.userId, privateKeySetAt: input.privateKey ? '2026-11-24T10:00:00Z' : stored.privateKeySetAt };
      }
      const account = state.wqx[m[1]!] ?? {};
      return ok({
        organizationId: m[1], wqxOrganizationId: account.wqxOrganizationId ?? null, userId: account.userId ?? null,
        privateKey: account.privateKeySetAt ? '••••••••' : null, privateKeySetAt: account.privateKeySetAt ?? null, configured: !!account.privateKeySetAt,
      });
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/projects\/([^/]+)\/(stations|parameters)$/))) {
      const lists = (state.projectLists[m[2]!] ??= { stations: [], parameters: [] });
      const kind = m[3] as 'stations' | 'parameters';
      if (method === 'PUT' && Array.isArray(body)) lists[kind] = body as string[];
      else if (method === 'PUT') {
        // A change, as the server applies it to the list as stored: what was taken out, then what was added.
        const { add = [], remove = [] } = body as { add?: string[]; remove?: string[] };
        const kept = lists[kind].filter((id) => !remove.includes(id));
        lists[kind] = [...kept, ...add.filter((id) => !kept.includes(id) && !remove.includes(id))];
      }
      const source = kind === 'stations' ? state.stations : state.parameters;
      return ok(lists[kind].map((id) => source.find((x) => x.id === id)).filter(Boolean));
    }
    if ((m = path.match(/^\/organization\/([^/]+)\/projects\/([^/]+)\/activities$/))) {
      const search = (query.get('searchContent') ?? '').toLowerCase();
      const data = state.activities.filter((a) => !search || JSON.stringify(a).toLowerCase().includes(search));
      return ok({ data, total: data.length, page: 1, pageSize: 20, pageCount: 1 });
    }
    if (path === '/project' && method === 'GET') {
      const org = filterValue(query, 'organizationId');
      return ok(state.projects.filter((p) => !org || p.organizationId === org));
    }
    if (path === '/project' && method === 'POST') {
      // As chalicelib/projects/service.py create: a name another project of the organization has (any case) first,
      // then the key (the name when none is given) another project holds.
      const input = body as Row;
      const name = String(input.name);
      const key = String(input.projectKey ?? input.name);
      const others = state.projects.filter((p) => p.organizationId === input.organizationId);
      if (others.some((p) => String(p.name).toLowerCase() === name.toLowerCase())) {
        return error(409, `A project named ${pyRepr(name)} already exists in this organization: choose another name.`);
      }
      if (others.some((p) => String(p.projectKey ?? p.name).toLowerCase() === key.toLowerCase())) {
        return error(409, `A project with the key ${pyRepr(key)} already exists in this organization.`);
      }
      const created = { id: `p-new-${nextId++}`, ...input, projectKey: key };
      state.projects.push(created);
      return { status: 201, body: created };
    }
    if ((m = path.match(/^\/project\/([^/]+)$/))) {
      const project = state.projects.find((p) => p.id === m![1]);
      if (!project) return error(404, 'Project not found.');
      if (method === 'GET') return ok(project);
      if (method === 'PATCH') return patched(project, body, ifMatch, 'project');
      if (method === 'DELETE') {
        state.projects = state.projects.filter((p) => p !== project);
        return ok({});
      }
    }
    if (path === '/station' && method === 'GET') {
      // The real API's search (`s`, stationSearch): {organizationId, $or: [{name: {$contL}}, {identifier: {$contL}}]}.
      const search = query.get('s') ? (JSON.parse(query.get('s')!) as { organizationId: string; $or?: { name: { $contL: string } }[] }) : null;
      const org = search ? search.organizationId : filterValue(query, 'organizationId');
      const needle = search?.$or?.[0]!.name.$contL.toLowerCase();
      const data = state.stations.filter(
        (s) =>
          (!org || s.organizationId === org) &&
          (!needle || [s.name, s.identifier].some((text) => String(text ?? '').toLowerCase().includes(needle))),
      );
      return ok({ data, count: data.length, total: data.length, page: 1, pageCount: 1 });
    }
    if (path === '/station' && method === 'POST') {
      const created = { id: `s-new-${nextId++}`, sampleCount: 0, ...(body as Row) };
      state.stations.push(created);
      return { status: 201, body: created };
    }
    if ((m = path.match(/^\/station\/([^/]+)$/))) {
      const station = state.stations.find((s) => s.id === m![1]);
      if (!station) return error(404, 'Station not found.');
      if (method === 'GET') return ok(station);
      if (method === 'PATCH') return patched(station, body, ifMatch, 'station');
      if (method === 'DELETE') {
        state.stations = state.stations.filter((s) => s !== station);
        return ok({});
      }
    }
    if (path === '/stationTypes') return ok(state.stationTypes);
    if (path === '/keylist/horizontalDatums') return ok([{ value: 'NAD83', description: 'North American Datum 1983' }, { value: 'WGS84', description: 'World Geodetic System 1984' }]);
    if (path === '/parameter/parameters') return ok(state.parameters);

    if (path === '/Invitation' && method === 'GET') {
      const status = query.get('status');
      return ok(state.invitations.filter((i) => !status || i.status === status));
    }
    if (path === '/Invitation' && method === 'POST') {
      const input = body as Row;
      const open = state.invitations.find((i) => i.email === input.email && i.organizationId === input.organizationId && i.status === 'pending');
      if (open) return error(409, `An invitation to ${String(input.email)} is already open (sent ${String(open.createdAt).slice(0, 10)}): resend it from the list of invitations instead.`);
      const created = {
        id: `inv-new-${nextId++}`, ...input, organizationName: organization(String(input.organizationId))?.name ?? null, status: 'pending',
        createdAt: '2026-11-24T10:00:00Z', createdBy: ME, expiresAt: '2026-12-01T10:00:00Z', resendCount: 0, acceptedAt: null,
      };
      state.invitations.unshift(created);
      return { status: 201, body: created };
    }
    if (path === '/Invitation/pending') {
      const token = query.get('token');
      const open = state.pending.filter((p) => p.invitation.status === 'pending' || (token && p.token === token));
      if (token) {
        const found = state.pending.find((p) => p.token === token || p.invitation.id === token);
        if (!found) return error(404, 'This invitation link is not valid (it may have been replaced by a newer one).');
        if (found.invitation.status === 'revoked') return error(410, 'This invitation was revoked.');
        return ok([found.invitation]);
      }
      return ok(open.map((p) => p.invitation));
    }
    if (path === '/Invitation/accept' && method === 'POST') {
      const token = (body as { token: string }).token;
      const found = state.pending.find((p) => p.token === token || p.invitation.id === token);
      if (!found) return error(404, 'This invitation link is not valid (it may have been replaced by a newer one).');
      found.invitation.status = 'accepted';
      const organizationId = String(found.invitation.organizationId);
      const { id, name, email } = state.signedIn;
      const members = (state.members[organizationId] ??= []);
      if (!members.some((m) => m.userId === id)) members.push({ userId: id, roleName: found.invitation.roleName, email, name });
      return ok(found.invitation);
    }
    if ((m = path.match(/^\/Invitation\/([^/]+)(\/resend)?$/))) {
      const invitation = state.invitations.find((i) => i.id === m![1]) ?? state.pending.find((p) => p.invitation.id === m![1])?.invitation;
      if (!invitation) return error(404, 'Invitation not found.');
      if (m[2] && method === 'POST') {
        if (invitation.status === 'accepted') return error(409, 'This invitation has already been accepted; it cannot be resent.');
        if (invitation.status === 'revoked') return error(409, 'This invitation was revoked; send a new one instead.');
        if (invitation.status === 'declined') return error(409, 'This invitation was declined; send a new one instead.');
        invitation.resendCount = Number(invitation.resendCount ?? 0) + 1;
        return ok(invitation);
      }
      if (method === 'DELETE') {
        if (invitation.status === 'accepted') return error(409, 'This invitation has already been accepted.');
        // Revoked or declined already: as asked, it stays so.
        if (invitation.status === 'pending' || invitation.status === 'expired') invitation.status = 'revoked';
        return ok(invitation);
      }
    }
    if (path === '/auth/profile' && method === 'PATCH') return ok({ ...(body as Row) });
    if (path === '/auth/profile' && method === 'GET') {
      const organizationRoles = Object.entries(state.members).flatMap(([organizationId, members]) =>
        members.filter((m) => m.userId === state.signedIn.id).map((m) => ({ organizationId, roleName: m.roleName })),
      );
      return ok({ ...state.signedIn, systemRoles: [], permissions: [], organizationRole: organizationRoles[0] ?? null, organizationRoles });
    }
    if (path === '/system/info') return ok({ name: 'Open Water Data', version: '0.1.0', stage: 'local', buildTime: '' });
    return error(404, `Cannot ${method} /api/v1${path}`);
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/v1/, ''));
    const ifMatch = new Headers(init?.headers).get('If-Match') ?? undefined;
    calls.push({ method, path, query: url.searchParams, body, ...(ifMatch ? { ifMatch } : {}) });
    const answer = handle(method, path, url.searchParams, body, ifMatch);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } });
  };

  return {
    fetch,
    calls,
    state,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
    fail: (method: string, path: RegExp, status: number, message: string) =>
      failures.push({ method, path, answer: error(status, message) }),
  };
}
