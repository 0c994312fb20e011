/**
 * An in-memory stand-in for the pages API (chalicelib/pages) and the glossary's lists, behind a fetch
 * (and the explorer's organization, parameter and station type lists, which the report page names its filter with,
 * and its station count, POST /statistic, with which the report page says how many stations its filter matches).
 * It serves the product's real default texts and keylists from the repository (the files the server
 * ships), keeps saved versions per page and language as the server does, and records every call.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ContactMessage } from '../api/contact';
import { GLOSSARY_LISTS, type GlossaryList, type GlossaryLists } from '../api/glossary';
import type { PageVersion } from '../api/pages';
import type { QueuedReport } from '../api/report';
import type { InfoPageKey } from '../menu';

/** The repository's root: the nearest folder up from the working directory that holds chalicelib/. */
function repositoryRoot(): string {
  let folder = process.cwd();
  while (!existsSync(join(folder, 'chalicelib')) && dirname(folder) !== folder) folder = dirname(folder);
  return `${folder}/`;
}

const REPOSITORY = repositoryRoot();

export function defaultText(key: string, lang: string): string {
  return readFileSync(`${REPOSITORY}chalicelib/pages/defaults/${lang}/${key}.md`, 'utf-8');
}

function keylist(list: string): { value?: string; code?: string; description?: string }[] {
  if (list === 'activityTypes') return JSON.parse(readFileSync(`${REPOSITORY}chalicelib/data/activity_types.json`, 'utf-8'));
  const lists = JSON.parse(readFileSync(`${REPOSITORY}chalicelib/data/keylists.json`, 'utf-8'));
  return lists[list]?.values;
}

/**
 * GET /glossary/{lang} from the same files as the server: the keylists, and for Chinese the descriptions of the
 * activity types and the names of the short lists' values. Units keep their English description here; the
 * server puts their Chinese names together from its dictionary of unit words (tests/unit/test_walk_pages_glossary.py).
 */
function glossaryLists(lang: string): GlossaryLists {
  const chinese = lang === 'zh-CN' ? JSON.parse(readFileSync(`${REPOSITORY}chalicelib/pages/defaults/zh-CN/glossary-lists.json`, 'utf-8')) : null;
  const translated = (list: GlossaryList, term: string): string | undefined =>
    list === 'activityTypes' ? chinese?.activityTypes[term] : chinese?.names[list]?.[term];
  return Object.fromEntries(GLOSSARY_LISTS.map((list) => [list, keylist(list).map((entry) => {
    const term = String(entry.value ?? entry.code);
    return { term, description: translated(list, term) ?? entry.description ?? null };
  })])) as GlossaryLists;
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function fakePagesServer() {
  const saved = new Map<string, PageVersion[]>();
  const messages: ContactMessage[] = [];
  const calls: Call[] = [];
  const failures: { method: string; path: RegExp; status: number; message: string }[] = [];
  let queuedReport: QueuedReport | null = null;
  let matchingStations = 42;
  // A queued job the worker never starts (it stays queued at 0 %), and the message a failed job carries.
  let stalledReports = false;
  let failedMessage: string | null = null;
  const identifiers = new Map<string, string>();
  const pdf = () => new Response(new TextEncoder().encode('%PDF-1.4 fake report'), { status: 200, headers: { 'Content-Type': 'application/pdf' } });

  const versionsOf = (key: string, lang: string): PageVersion[] => {
    const list = saved.get(`${key}#${lang}`) ?? [];
    const fallback: PageVersion = {
      key: key as InfoPageKey, lang, version: 0, text: defaultText(key, lang), savedAt: null, savedBy: null,
      savedByName: null, restoredFrom: null, isDefault: true,
    };
    return [...list].reverse().concat(fallback);
  };
  /** The If-Match header of each PUT of a page (null: none sent). */
  const putIfMatch: (string | null)[] = [];
  const append = (key: string, lang: string, text: string, restoredFrom: number | null, savedByName = 'Ada Admin') => {
    const list = saved.get(`${key}#${lang}`) ?? [];
    const version: PageVersion = {
      key: key as InfoPageKey, lang, version: list.length + 1, text, savedAt: '2026-11-24T03:00:00.000Z',
      savedBy: 'u-ada', savedByName, restoredFrom, isDefault: false,
    };
    saved.set(`${key}#${lang}`, [...list, version]);
    return version;
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/v1/, ''));
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const failure = failures.find((f) => f.method === method && f.path.test(path));
    if (failure) {
      failures.splice(failures.indexOf(failure), 1);
      return json(failure.status, { statusCode: failure.status, message: failure.message });
    }
    let match = path.match(/^\/pages\/(\w+)\/([\w-]+)$/);
    if (match && method === 'GET') return json(200, versionsOf(match[1], match[2])[0]);
    if (match && method === 'PUT') {
      // As the server: a save for a version that is no longer the newest is refused (chalicelib/pages/service.py).
      const ifMatch = new Headers(init?.headers).get('If-Match');
      putIfMatch.push(ifMatch);
      if (ifMatch && ifMatch !== `"${versionsOf(match[1], match[2])[0]!.version}"`) {
        return json(412, { statusCode: 412, message: 'Someone else saved this page after you opened it: load it again to see their version.' });
      }
      return json(200, append(match[1], match[2], body.text, null));
    }
    match = path.match(/^\/pages\/(\w+)\/([\w-]+)\/versions$/);
    if (match) return json(200, versionsOf(match[1], match[2]));
    match = path.match(/^\/pages\/(\w+)\/([\w-]+)\/versions\/(\d+)\/restore$/);
    if (match) {
      const from = versionsOf(match[1], match[2]).find((v) => v.version === Number(match![3]))!;
      return json(201, append(match[1], match[2], from.text, from.version));
    }
    match = path.match(/^\/glossary\/([\w-]+)$/);
    if (match) return json(200, glossaryLists(match[1]));
    // The explorer's option lists the report page names its filter with.
    if (path === '/organization') return json(200, [{ id: 'org-1', name: 'Demo Watershed Council' }]);
    if (path === '/parameter/parameters') return json(200, [{ id: 'p-ph', label: 'pH' }, { id: 'p-temp', label: 'Water temperature' }]);
    if (path === '/stationTypes') {
      return json(200, [{ key: 'groundwater', label: 'Groundwater' }, { key: 'lake', label: 'Lake or reservoir' }, { key: 'karst-pool', label: 'Karst pool' }]);
    }
    if (path === '/statistic' && method === 'POST') return json(200, { total: matchingStations, stations: [], format: 'objects' });
    if (path === '/report' && method === 'POST') {
      if (body.stationIds.length > 100) {
        queuedReport = { id: 'r-1', status: 'queued', progress: 0, stations: body.stationIds.length, size: null, message: null };
        return json(202, queuedReport);
      }
      return pdf();
    }
    if (path === '/report/r-1' && queuedReport) {
      // Each look moves the job on: queued → running (half done) → succeeded (a job of 999 stations fails).
      if (stalledReports) return json(200, queuedReport);
      queuedReport = queuedReport.status === 'queued'
        ? { ...queuedReport, status: 'running', progress: 0.5 }
        : queuedReport.stations === 999
          ? { ...queuedReport, status: 'failed', progress: 1, message: failedMessage }
          : { ...queuedReport, status: 'succeeded', progress: 1 };
      return json(200, queuedReport);
    }
    if (path === '/report/r-1/pdf') return pdf();
    match = path.match(/^\/station\/([\w-]+)$/);
    if (match && method === 'GET' && identifiers.has(match[1])) return json(200, { id: match[1], identifier: identifiers.get(match[1]) });
    if (path === '/contact' && method === 'POST') {
      messages.unshift({ id: `m${messages.length + 1}`, name: body.name, email: body.email, message: body.message,
        language: body.language, createdAt: '2026-11-24T03:10:00.000Z', emailed: true });
      return json(201, { received: true });
    }
    if (path === '/contact') return json(200, messages);
    return json(404, { statusCode: 404, message: `No fake for ${method} ${path}` });
  };

  return {
    fetch,
    calls,
    messages,
    /** The next matching call answers with this error, as the server would. */
    fail(method: string, path: RegExp, status: number, message: string) {
      failures.push({ method, path, status, message });
    },
    /** How many stations POST /statistic says match (any query). */
    matchStations(count: number) {
      matchingStations = count;
    },
    putIfMatch,
    /** Queued reports stay queued: the worker never starts them. */
    stallReports() {
      stalledReports = true;
    },
    /** The message a failed queued report carries (none by default). */
    failReportsWith(message: string | null) {
      failedMessage = message;
    },
    /** A station GET /station/{id} answers with, by its id. */
    station(id: string, identifier: string) {
      identifiers.set(id, identifier);
    },
    /** A saved version, as if an administrator (by default Ada Admin) had saved it. */
    save(key: string, lang: string, text: string, savedByName?: string) {
      append(key, lang, text, null, savedByName);
    },
  };
}
