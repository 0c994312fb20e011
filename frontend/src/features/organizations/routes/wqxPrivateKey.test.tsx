/**
 * The WQX account's private key: a key WQX Web does not issue (not base64, or too short) is said at its field, in
 * the screen's words and language, before sending; a key the server refuses all the same is said there too.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

const ACCOUNT_PATH = `/organization/${DEMO_ORG}/wqx-account`;
let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('./OrganizationPage');
});

beforeEach(async () => {
  await changeLanguage('en');
  setApiBase(undefined);
  toast.clear();
  server = fakeOrganizationsServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

async function fillAccount(user: ReturnType<typeof userEvent.setup>, names: { organizationId: string; userId: string; key: RegExp }, key: string) {
  renderWorkspace(`/userspace/organizations/${DEMO_ORG}/settings`, PROFILES.orgadmin);
  await user.type(await screen.findByRole('textbox', { name: names.organizationId }), 'DEMO_WQX');
  await user.type(screen.getByRole('textbox', { name: names.userId }), 'olga');
  const field = screen.getByLabelText(names.key);
  await user.type(field, key);
  return field;
}

const EN = { organizationId: 'WQX organization ID', userId: 'WQX user ID', key: /^Private key/ };
const ZH = { organizationId: 'WQX 组织 ID', userId: 'WQX 用户 ID', key: /^私钥/ };

describe('the private key of the WQX account', () => {
  it('too short for a key WQX Web issues: said at the field before sending', async () => {
    const user = userEvent.setup();
    const key = await fillAccount(user, EN, 'c2VjcmV0a2V5');
    await user.click(screen.getByRole('button', { name: 'Save WQX account' }));
    await waitFor(() => expect(key).toHaveFocus());
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription('This private key is too short to be one WQX Web issues. Copy the whole private key that WQX Web shows for this user.');
    expect(server.callsTo('PUT', ACCOUNT_PATH)).toHaveLength(0);
  });

  it('not base64: said at the field, in Chinese too', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    const key = await fillAccount(user, ZH, 'not base64!');
    await user.click(screen.getByRole('button', { name: '保存 WQX 账户' }));
    await waitFor(() => expect(key).toHaveFocus());
    expect(key).toHaveAccessibleDescription('这不是 WQX Web 显示的私钥：私钥是 base64 文本（字母、数字、+ 和 /，末尾可能有 =）。请按 WQX Web 显示的原样复制。');
    expect(server.callsTo('PUT', ACCOUNT_PATH)).toHaveLength(0);
  });

  it('refused by the server all the same: its message at the field', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    const message = '此私钥不是 WQX Web 签发的私钥：请完整复制 WQX Web 为此用户显示的私钥。';
    server.fail('PUT', /\/wqx-account$/, 400, message);
    const key = await fillAccount(user, ZH, 'MDEyMzQ1Njc4OWFiY2RlZg==');
    await user.click(screen.getByRole('button', { name: '保存 WQX 账户' }));
    await waitFor(() => expect(key).toHaveAccessibleDescription(message));
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('PUT', ACCOUNT_PATH)).toHaveLength(1);
  });
});
