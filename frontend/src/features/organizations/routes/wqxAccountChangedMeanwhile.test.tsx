/**
 * Two group administrators saving the organization's WQX account at once (docs/decisions/0016): a save is sent for
 * the version of the account the form shows; someone else's change to a field left alone is taken in without a word,
 * a field both changed shows theirs under it, and a private key set meanwhile is never shown, only when it was set.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

const MASK = '••••••••';
const ACCOUNT_PATH = `/api/v1/organization/${DEMO_ORG}/wqx-account`;
const FIRST_KEY = 'c2VjcmV0LWtleS1vZi1zaXh0ZWVu';
const MY_KEY = 'bXktb3duLWtleS1vZi1zaXh0ZWVu';

interface Stored {
  wqxOrganizationId: string;
  userId: string;
  key: string;
  privateKeySetAt: string;
  updatedAt: string;
}

let stored: Stored;
let puts: { ifMatch: string | null; body: Record<string, unknown> }[];

/** The WQX account as the server keeps it: its version moves with every save, and a save for another is a 412. */
function withVersionedWqxAccount(fetch: typeof globalThis.fetch) {
  let clock = 0;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const answer = () => ({
    organizationId: DEMO_ORG, wqxOrganizationId: stored.wqxOrganizationId, userId: stored.userId, privateKey: MASK,
    privateKeySetAt: stored.privateKeySetAt, configured: true, updatedAt: stored.updatedAt,
  });
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    if (new URL(String(input), 'http://localhost').pathname !== ACCOUNT_PATH) return fetch(input, init);
    if ((init?.method ?? 'GET') === 'GET') return json(200, answer());
    const ifMatch = new Headers(init?.headers).get('If-Match');
    const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
    puts.push({ ifMatch, body });
    if (ifMatch && ifMatch !== `"${stored.updatedAt}"`) {
      return json(412, { statusCode: 412, message: 'Someone else changed this WQX account after you loaded it: load it again to see their change.' });
    }
    const now = new Date(Date.UTC(2026, 10, 27, 10, 0, ++clock)).toISOString();
    const newKey = typeof body.privateKey === 'string' && body.privateKey !== '' && body.privateKey !== MASK;
    Object.assign(stored, { wqxOrganizationId: body.wqxOrganizationId, userId: body.userId, updatedAt: now });
    if (newKey) Object.assign(stored, { key: body.privateKey, privateKeySetAt: now });
    return json(200, answer());
  };
}

/** Another group administrator saves the account (straight in the server's data). */
const someoneElseSaves = (change: Partial<Stored>, updatedAt: string) => Object.assign(stored, change, { updatedAt });

beforeAll(async () => {
  await import('./OrganizationPage');
});

beforeEach(async () => {
  await changeLanguage('en');
  setApiBase(undefined);
  toast.clear();
  stored = { wqxOrganizationId: 'DEMO_WQX', userId: 'olga', key: FIRST_KEY, privateKeySetAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' };
  puts = [];
  vi.stubGlobal('fetch', vi.fn(withVersionedWqxAccount(fakeOrganizationsServer().fetch)));
});

async function openSettings() {
  renderWorkspace(`/userspace/organizations/${DEMO_ORG}/settings`, PROFILES.orgadmin);
  await screen.findByRole('heading', { level: 1, name: 'Demo Watershed Council' });
}

describe('a WQX account someone else saved while the form was open', () => {
  it('their change to the other ID is kept without a word; the same ID shows theirs under it until saved again', async () => {
    const user = userEvent.setup();
    await openSettings();
    const organizationId = await screen.findByRole('textbox', { name: 'WQX organization ID' });
    await waitFor(() => expect(organizationId).toHaveValue('DEMO_WQX'));
    someoneElseSaves({ userId: 'olga-keeper' }, '2026-11-27T09:00:00.000Z');
    await user.clear(organizationId);
    await user.type(organizationId, 'DEMO_WQX2');
    await user.click(screen.getByRole('button', { name: 'Save WQX account' }));
    expect(await screen.findByText('WQX account saved.')).toBeInTheDocument();
    // Refused for the version shown, read again, sent again over theirs: both changes stay.
    expect(puts.map((put) => put.ifMatch)).toEqual(['"2026-11-20T10:00:00.000Z"', '"2026-11-27T09:00:00.000Z"']);
    expect(puts.at(-1)!.body).toEqual({ wqxOrganizationId: 'DEMO_WQX2', userId: 'olga-keeper', privateKey: '' });
    expect(stored).toMatchObject({ wqxOrganizationId: 'DEMO_WQX2', userId: 'olga-keeper', key: FIRST_KEY });
    const userId = screen.getByRole('textbox', { name: 'WQX user ID' });
    await waitFor(() => expect(userId).toHaveValue('olga-keeper'));

    // Now both change the user ID; they change the organization ID back too.
    const theirs = '2026-11-27T09:30:00.000Z';
    someoneElseSaves({ userId: 'keeper-2', wqxOrganizationId: 'DEMO_WQX' }, theirs);
    await user.clear(userId);
    await user.type(userId, 'olga-3');
    await user.click(screen.getByRole('button', { name: 'Save WQX account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this while you were editing it.');
    expect(userId).toHaveAccessibleDescription('Changed meanwhile by someone else to: keeper-2');
    expect(userId).toHaveValue('olga-3');
    // The field left alone here takes their value: saving again must not put the old one back.
    expect(organizationId).toHaveValue('DEMO_WQX');
    expect(stored.userId).toBe('keeper-2');

    await user.click(screen.getByRole('button', { name: 'Save WQX account' }));
    await waitFor(() => expect(stored.userId).toBe('olga-3'));
    expect(puts.at(-1)).toEqual({ ifMatch: `"${theirs}"`, body: { wqxOrganizationId: 'DEMO_WQX', userId: 'olga-3', privateKey: '' } });
    // Saved: the form, still open, no longer speaks of their change.
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(userId).not.toHaveAccessibleDescription();
  }, 15_000);

  it('a new private key typed while someone else set one: theirs is never shown, only when it was set; saving again stores this one', async () => {
    const user = userEvent.setup();
    await openSettings();
    const key = await screen.findByLabelText('New private key (leave empty to keep the current one)');
    someoneElseSaves({ key: 'their-key', privateKeySetAt: '2026-11-27T09:00:00.000Z' }, '2026-11-27T09:00:00.000Z');
    await user.type(key, MY_KEY);
    await user.click(screen.getByRole('button', { name: 'Save WQX account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this while you were editing it.');
    expect(key).toHaveAccessibleDescription(/^Changed meanwhile by someone else to: a new private key, set .+/);
    expect(document.body.textContent).not.toContain('their-key');
    expect(key).toHaveValue(MY_KEY);
    expect(stored.key).toBe('their-key');

    await user.click(screen.getByRole('button', { name: 'Save WQX account' }));
    expect(await screen.findByText('WQX account saved.')).toBeInTheDocument();
    expect(puts.map((put) => put.ifMatch)).toEqual(['"2026-11-20T10:00:00.000Z"', '"2026-11-27T09:00:00.000Z"']);
    expect(stored.key).toBe(MY_KEY);
    await waitFor(() => expect(key).toHaveValue(''));
  }, 15_000);

  it('says it in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderWorkspace(`/userspace/organizations/${DEMO_ORG}/settings`, PROFILES.orgadmin);
    const userId = await screen.findByRole('textbox', { name: 'WQX 用户 ID' });
    await waitFor(() => expect(userId).toHaveValue('olga'));
    someoneElseSaves({ userId: 'keeper' }, '2026-11-27T09:00:00.000Z');
    await user.clear(userId);
    await user.type(userId, 'olga-2');
    await user.click(screen.getByRole('button', { name: '保存 WQX 账户' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('在您编辑期间，其他人更改了此内容。');
    expect(userId).toHaveAccessibleDescription('其他人已将其改为：keeper');
  });
});
