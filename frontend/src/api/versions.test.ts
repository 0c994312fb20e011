import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, setApiBase } from './client';
import { ChangedMeanwhileError, changesFrom, ifMatch, patchSeen, versionOf } from './versions';

type Station = { id: string; name: string; latitude: number; note?: string | null; createdAt?: string; updatedAt?: string | null };

const CHANGED = 'Someone else changed this station after you loaded it: load it again to see their change.';

/** A server keeping one station, refusing (412) a PATCH for a version it no longer has, as the API does. */
function serverWith(stored: Station) {
  const sent: { method: string; ifMatch: string | null; body: unknown }[] = [];
  let clock = 0;
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const ifMatchHeader = new Headers(init?.headers).get('If-Match');
    sent.push({ method, ifMatch: ifMatchHeader, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (method === 'GET') return json(200, stored);
    if (ifMatchHeader && ifMatchHeader !== `"${versionOf(stored)}"`) return json(412, { statusCode: 412, message: CHANGED });
    Object.assign(stored, JSON.parse(String(init!.body)), { updatedAt: `2026-11-27T10:00:0${++clock}.000Z` });
    return json(200, stored);
  });
  vi.stubGlobal('fetch', fetch);
  return { stored, sent };
}

const shown: Station = { id: 's-1', name: 'Mill Creek', latitude: 40.1, note: null, createdAt: '2026-01-05T09:00:00.000Z' };

beforeEach(() => setApiBase(undefined));

describe('versions', () => {
  it('names an item by its time of change, else its creation, and quotes it for If-Match', () => {
    expect(versionOf({ createdAt: 'a', updatedAt: 'b' })).toBe('b');
    expect(versionOf({ createdAt: 'a', updatedAt: null })).toBe('a');
    expect(ifMatch('b')).toEqual({ 'If-Match': '"b"' });
    expect(ifMatch(0)).toEqual({ 'If-Match': '"0"' });
    expect(ifMatch(undefined)).toEqual({});
  });

  it('sends only the fields that differ from the item as shown (an empty text and null are the same)', () => {
    expect(changesFrom(shown, { name: 'Mill Creek', latitude: 40.2, note: undefined })).toEqual({ latitude: 40.2 });
  });

  it('sends nothing when nothing changed', async () => {
    const server = serverWith({ ...shown });
    expect(await patchSeen('/station/s-1', shown, { name: 'Mill Creek' })).toBe(shown);
    expect(server.sent).toHaveLength(0);
  });

  it('saves for the version shown', async () => {
    const server = serverWith({ ...shown });
    const saved = await patchSeen('/station/s-1', shown, { name: 'Mill Creek at the dam', latitude: 40.1 });
    expect(saved.name).toBe('Mill Creek at the dam');
    expect(server.sent).toEqual([{ method: 'PATCH', ifMatch: '"2026-01-05T09:00:00.000Z"', body: { name: 'Mill Creek at the dam' } }]);
  });

  it('keeps a change someone else made meanwhile to another field, sending again for the new version', async () => {
    const server = serverWith({ ...shown, latitude: 40.15, updatedAt: '2026-11-27T09:00:00.000Z' });
    await patchSeen('/station/s-1', shown, { name: 'Mill Creek at the dam' });
    expect(server.sent.map((call) => [call.method, call.ifMatch])).toEqual([
      ['PATCH', '"2026-01-05T09:00:00.000Z"'],
      ['GET', null],
      ['PATCH', '"2026-11-27T09:00:00.000Z"'],
    ]);
    expect(server.stored).toMatchObject({ name: 'Mill Creek at the dam', latitude: 40.15 });
  });

  it('does not ask when the other person made the same change', async () => {
    const server = serverWith({ ...shown, name: 'Mill Creek at the dam', updatedAt: '2026-11-27T09:00:00.000Z' });
    await patchSeen('/station/s-1', shown, { name: 'Mill Creek at the dam' });
    expect(server.sent.filter((call) => call.method === 'PATCH')).toHaveLength(2);
  });

  it('names the fields both changed, with the item as stored now, and writes nothing', async () => {
    const server = serverWith({ ...shown, name: 'Upper Mill Creek', latitude: 40.15, updatedAt: '2026-11-27T09:00:00.000Z' });
    const refusal = await patchSeen('/station/s-1', shown, { name: 'Mill Creek at the dam', latitude: 40.15 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ChangedMeanwhileError);
    const error = refusal as ChangedMeanwhileError<Station>;
    expect(error.fields).toEqual(['name']);
    expect(error.current.name).toBe('Upper Mill Creek');
    expect(error.message).toBe(CHANGED);
    expect(server.stored.name).toBe('Upper Mill Creek');
  });

  it('passes on any other failure as it came', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ message: 'Station not found.' }), { status: 404, headers: { 'Content-Type': 'application/json' } })));
    const refusal = await patchSeen('/station/s-1', shown, { name: 'x' }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).not.toBeInstanceOf(ChangedMeanwhileError);
    expect((refusal as ApiError).message).toBe('Station not found.');
  });
});
