import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('../routes/OrganizationPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeOrganizationsServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

async function newProjectDialog(language: 'en' | 'zh-CN' = 'en') {
  const user = userEvent.setup();
  if (language !== 'en') await changeLanguage(language);
  renderWorkspace(`/userspace/organizations/${DEMO_ORG}/projects`, PROFILES.orgadmin);
  await user.click(await screen.findByRole('button', { name: language === 'en' ? 'New project' : '新建项目' }));
  const dialog = screen.getByRole('dialog', { name: language === 'en' ? 'New project' : '新建项目' });
  const [name, key] = within(dialog).getAllByRole('textbox');
  return { user, dialog, name: name!, key: key!, create: () => user.click(within(dialog).getByRole('button', { name: language === 'en' ? 'Create' : '创建' })) };
}

describe('the project dialog’s key (a part of the project’s web address)', () => {
  it('refuses a character that breaks the address at the key, before sending, and takes a key as files write it', async () => {
    const { user, name, key, create } = await newProjectDialog();
    await user.type(name, 'Lakes');
    await user.type(key, 'a/b?c#d');
    await create();
    await waitFor(() => expect(key).toHaveFocus());
    expect(key).toHaveAttribute('aria-invalid', 'true');
    expect(key).toHaveAccessibleDescription('The key must not contain /, ?, #, % or \\: they would break the project’s web address.');
    expect(server.callsTo('POST', '/project')).toHaveLength(0);
    // Typing clears it; a key as Water Quality Portal files write it is sent trimmed.
    await user.clear(key);
    expect(key).not.toHaveAttribute('aria-invalid');
    await user.type(key, ' RTWQN 2017-2019 ');
    await create();
    expect(await screen.findByText('Project Lakes created.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/project')[0]!.body).toMatchObject({ name: 'Lakes', projectKey: 'RTWQN 2017-2019' });
  });

  it('says each of the server’s rules at the key: a percent sign, a backslash, a control character, dots alone, its length', async () => {
    const { user, name, key, create } = await newProjectDialog();
    await user.type(name, 'Rivers');
    const cases: [string, string][] = [
      ['50%', 'The key must not contain /, ?, #, % or \\: they would break the project’s web address.'],
      ['C:\\data', 'The key must not contain /, ?, #, % or \\: they would break the project’s web address.'],
      ['..', 'The key cannot be just . or .. (web addresses skip those).'],
      ['K'.repeat(101), 'The key may have at most 100 characters.'],
    ];
    for (const [typed, message] of cases) {
      await user.clear(key);
      await user.click(key);
      await user.paste(typed);
      await create();
      await waitFor(() => expect(key).toHaveAccessibleDescription(message));
    }
    await user.clear(key);
    await user.click(key);
    await user.paste('WI\u0007LAKES');
    await create();
    await waitFor(() => expect(key).toHaveAccessibleDescription('The key must not hold a control character (U+0007), such as a tab.'));
    expect(server.callsTo('POST', '/project')).toHaveLength(0);
  });

  it('says a key the server refused at the key, in its words', async () => {
    const { user, name, key, create } = await newProjectDialog();
    server.fail('POST', /^\/project$/, 400, 'Project key holds a control character (U+0085), such as a tab or a line break: remove it.');
    await user.type(name, 'Ponds');
    await user.type(key, 'PONDS');
    await create();
    await waitFor(() => expect(key).toHaveFocus());
    expect(key).toHaveAccessibleDescription('Project key holds a control character (U+0085), such as a tab or a line break: remove it.');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('says it in Chinese', async () => {
    const { user, name, key, create } = await newProjectDialog('zh-CN');
    await user.type(name, 'Lakes');
    await user.type(key, 'a/b');
    await create();
    await waitFor(() => expect(key).toHaveAccessibleDescription('标识不能包含 /、?、#、% 或 \\：它们会破坏项目的网址。'));
    for (const [typed, message] of [
      ['.', '标识不能只是 . 或 ..（网址会忽略它们）。'],
      ['K'.repeat(101), '标识最多 100 个字符。'],
      ['WI\u0007', '标识不能包含控制字符（U+0007），例如制表符。'],
    ] as const) {
      await user.clear(key);
      await user.click(key);
      await user.paste(typed);
      await create();
      await waitFor(() => expect(key).toHaveAccessibleDescription(message));
    }
    expect(server.callsTo('POST', '/project')).toHaveLength(0);
  });
});
