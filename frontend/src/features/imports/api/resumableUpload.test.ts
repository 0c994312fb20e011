import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { ConnectionLost, UploadElsewhere } from './imports';
import { PARTS_AT_ONCE, QUICK_PART_MS, uploadFile, uploadQueued } from './resumableUpload';

/**
 * A large file sent in parts against a stand-in of the server's multipart routes (chalicelib/imports/service.py:
 * upload_slot, upload_parts, complete_upload) and of S3 taking the parts: what is sent again after a lost
 * connection, a reload, or an upload the server no longer has.
 */
const BASE = '/api/v1/organization/org-1/projects/p-1/import-uploads';
const PART = 4; // bytes: the server decides the part size; tiny parts keep the files tiny

interface Server {
  /** The parts S3 holds, per upload id: part number → bytes. */
  held: Map<string, Map<number, string>>;
  slots: number;
  puts: number[];
  /** Parts PUT after this many succeed lose the connection (the browser's network error). */
  failAfter: number;
  completed: string[];
  /** How many parts were on their way as each part was sent (itself included). */
  atOnce: number[];
}

let server: Server;

function answer(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://localhost').pathname;
  const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
  if (path === BASE) {
    server.slots += 1;
    const size = body.size as number;
    if (!body.multipart || size <= PART) return answer({ uploadKey: 'k-post', url: 'http://s3/post', fields: { key: 'k-post' }, expiresAt: 'x' }, 201);
    const uploadId = `u-${server.slots}`;
    server.held.set(uploadId, new Map());
    return answer({ uploadKey: `k-${uploadId}`, uploadId, partBytes: PART, partCount: Math.ceil(size / PART), expiresAt: 'x' }, 201);
  }
  // As the server, which refuses a field it does not know.
  const unknown = Object.keys(body).filter((name) => !['uploadKey', 'uploadId', 'size'].includes(name));
  if (unknown.length) return answer({ message: `Unknown field '${unknown[0]}'. Fields: size, uploadId, uploadKey.` }, 400);
  const parts = server.held.get(body.uploadId as string);
  if (!parts) return answer({ message: 'This upload is no longer available (finished, or older than 7 days); send the file again.' }, 404);
  const count = Math.ceil((body.size as number) / PART);
  if (path === `${BASE}/parts`) {
    const done = [...parts.entries()].sort(([a], [b]) => a - b).map(([partNumber, bytes]) => ({ partNumber, bytes: bytes.length }));
    const missing = Array.from({ length: count }, (_, index) => index + 1).filter((n) => !parts.has(n));
    return answer({
      partBytes: PART,
      done,
      parts: missing.map((n) => ({ partNumber: n, bytes: Math.min(PART, (body.size as number) - (n - 1) * PART), url: `http://s3/${body.uploadId}/${n}` })),
    });
  }
  if (path === `${BASE}/complete`) {
    server.completed.push([...parts.keys()].sort().map((n) => parts.get(n)).join(''));
    server.held.delete(body.uploadId as string);
    return answer({ uploadKey: body.uploadKey, size: body.size });
  }
  return answer({ message: 'not found' }, 404);
}

/** The browser's XMLHttpRequest sending a part (PUT) or the whole form (POST) to S3. */
class FakeS3Request {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  status = 0;
  private url = '';

  open(_method: string, url: string) {
    this.url = url;
  }

  abort() {}

  send(body: Blob | FormData) {
    void (async () => {
      if (body instanceof FormData) {
        this.status = 204;
        this.onload?.();
        return;
      }
      const [, uploadId, number] = this.url.replace('http://s3/', '/').split('/');
      inFlight += 1;
      server.atOnce.push(inFlight);
      if (server.puts.length >= server.failAfter) {
        server.puts.push(-Number(number));
        inFlight -= 1;
        this.onerror?.();
        return;
      }
      server.puts.push(Number(number));
      const text = await body.text();
      this.upload.onprogress?.({ loaded: text.length, total: text.length, lengthComputable: true } as ProgressEvent);
      server.held.get(uploadId!)?.set(Number(number), text);
      this.status = 200;
      inFlight -= 1;
      this.onload?.();
    })();
  }
}

let inFlight = 0;

const CONTENT = 'Station,Date\nA,1\nB,2\n'; // 22 bytes: 6 parts
const file = () => new File([CONTENT], 'river.csv', { type: 'text/csv', lastModified: 1_700_000_000_000 });

beforeEach(() => {
  setApiBase(undefined);
  server = { held: new Map(), slots: 0, puts: [], failAfter: Infinity, completed: [], atOnce: [] };
  inFlight = 0;
  vi.stubGlobal('fetch', vi.fn(handle));
  vi.stubGlobal('XMLHttpRequest', FakeS3Request);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadFile', () => {
  it('sends a file larger than a part in parts, joins them, and reports the bytes held as they grow', async () => {
    const progress: number[] = [];
    const key = await uploadFile('org-1', 'p-1', file(), 'auto', (sent) => progress.push(sent));
    expect(key).toBe('k-u-1');
    expect(server.completed).toEqual([CONTENT]);
    expect([...server.puts].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.at(-1)).toBe(CONTENT.length);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    // Kept until its import is queued; then forgotten.
    const kept = () => Object.keys(localStorage).filter((name) => name.startsWith('owd-upload:'));
    expect(kept()).toHaveLength(1);
    uploadQueued('org-1', 'p-1', file());
    expect(kept()).toEqual([]);
  });

  it('does not send a joined file again when the connection went before its import was queued', async () => {
    expect(await uploadFile('org-1', 'p-1', file(), 'auto', () => {})).toBe('k-u-1');
    const asked = vi.mocked(fetch).mock.calls.length;
    server.puts = [];
    const progress: number[] = [];
    // Try again: the file is whole on S3 already; only its import is to be queued.
    expect(await uploadFile('org-1', 'p-1', file(), 'auto', (sent) => progress.push(sent))).toBe('k-u-1');
    expect(vi.mocked(fetch).mock.calls.length).toBe(asked);
    expect(server.puts).toEqual([]);
    expect(progress).toEqual([CONTENT.length]);
  });

  it('after a lost connection sends only the parts S3 does not hold, also for the file chosen again after a reload', async () => {
    server.failAfter = 2;
    await expect(uploadFile('org-1', 'p-1', file(), 'auto', () => {})).rejects.toBeInstanceOf(ConnectionLost);
    const held = [...server.held.get('u-1')!.keys()];
    expect(held).toHaveLength(2);

    server.failAfter = Infinity;
    server.puts = [];
    const progress: number[] = [];
    // A new File of the same name, size and time: the one chosen again after the page was reloaded.
    const key = await uploadFile('org-1', 'p-1', file(), 'auto', (sent) => progress.push(sent));
    expect(key).toBe('k-u-1');
    expect(server.slots).toBe(1); // no new upload was made
    expect(server.puts.sort()).toEqual([1, 2, 3, 4, 5, 6].filter((n) => !held.includes(n)));
    expect(progress[0]).toBe(2 * PART); // the bar starts at what arrived before
    expect(server.completed).toEqual([CONTENT]);
  });

  it('starts again when the server no longer has the upload, and does not resume another file', async () => {
    server.failAfter = 1;
    await expect(uploadFile('org-1', 'p-1', file(), 'auto', () => {})).rejects.toBeInstanceOf(ConnectionLost);
    server.failAfter = Infinity;
    const edited = new File([CONTENT.replace('A', 'C')], 'river.csv', { type: 'text/csv', lastModified: 1_700_000_100_000 });
    expect(await uploadFile('org-1', 'p-1', edited, 'auto', () => {})).toBe('k-u-2');
    expect(server.completed).toEqual([CONTENT.replace('A', 'C')]);

    server.held.delete('u-1'); // older than 7 days: the bucket's rule ended it
    expect(await uploadFile('org-1', 'p-1', file(), 'auto', () => {})).toBe('k-u-3');
    expect(server.completed.at(-1)).toBe(CONTENT);
  });

  it('sends a file of one part or less in one presigned POST', async () => {
    const small = new File(['a,b\n'], 'small.csv', { type: 'text/csv' });
    expect(await uploadFile('org-1', 'p-1', small, 'auto', () => {})).toBe('k-post');
    expect(server.puts).toEqual([]);
  });
});

describe('the same file sent from two tabs of the browser', () => {
  /** The browser's Web Locks, shared by its tabs: a lock asked `ifAvailable` while held is answered null. */
  function fakeLocks() {
    const held = new Set<string>();
    return {
      async request<T>(name: string, _options: { ifAvailable: boolean }, callback: (lock: { name: string } | null) => Promise<T> | T): Promise<T> {
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
  }

  beforeEach(() => {
    Object.defineProperty(navigator, 'locks', { value: fakeLocks(), configurable: true });
  });

  afterEach(() => {
    delete (navigator as { locks?: unknown }).locks;
  });

  it('is sent by the first tab only: the second is refused at once, sending nothing, and the file is joined once', async () => {
    const first = uploadFile('org-1', 'p-1', file(), 'auto', () => {});
    const second = uploadFile('org-1', 'p-1', file(), 'auto', () => {});
    await expect(second).rejects.toBeInstanceOf(UploadElsewhere);
    expect(await first).toBe('k-u-1');
    expect(server.slots).toBe(1);
    expect([...server.puts].sort()).toEqual([1, 2, 3, 4, 5, 6]); // each part once
    expect(server.completed).toEqual([CONTENT]);
    // Once the first tab is done (its import queued), the file may be sent again (a new import the user asks for).
    uploadQueued('org-1', 'p-1', file());
    expect(await uploadFile('org-1', 'p-1', file(), 'auto', () => {})).toBe('k-u-2');
  });

  it('does not hold back another file, or the same file to another project', async () => {
    const edited = new File([CONTENT.replace('A', 'C')], 'river.csv', { type: 'text/csv', lastModified: 1_700_000_100_000 });
    const keys = await Promise.all([
      uploadFile('org-1', 'p-1', file(), 'auto', () => {}),
      uploadFile('org-1', 'p-1', edited, 'auto', () => {}),
    ]);
    expect(keys.sort()).toEqual(['k-u-1', 'k-u-2']);
  });
});

describe('parts sent at once', () => {
  it('sends one part at a time on a slow link: parts sent together would share it, none kept before all nearly are', async () => {
    // Each part takes longer than QUICK_PART_MS (the clock read at its start and at its end).
    let now = 1_700_000_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => (now += QUICK_PART_MS + 1));
    try {
      expect(await uploadFile('org-1', 'p-1', file(), 'auto', () => {})).toBe('k-u-1');
    } finally {
      vi.mocked(Date.now).mockRestore();
    }
    expect(server.atOnce).toEqual([1, 1, 1, 1, 1, 1]);
    expect(server.completed).toEqual([CONTENT]);
  });

  it('sends the first part alone, then PARTS_AT_ONCE at once once a part has come quickly', async () => {
    expect(await uploadFile('org-1', 'p-1', file(), 'auto', () => {})).toBe('k-u-1');
    expect(server.atOnce.slice(0, 2)).toEqual([1, 1]);
    expect(Math.max(...server.atOnce)).toBe(PARTS_AT_ONCE);
    expect(server.completed).toEqual([CONTENT]);
  });
});
