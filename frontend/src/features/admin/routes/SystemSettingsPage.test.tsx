import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import type { SystemSetting } from '../api/systemSettings';
import { demoSettings, fakeAdminServer } from '../test/fakeAdminServer';
import { PROFILES, renderAdmin } from '../test/renderAdmin';
import './SystemSettingsPage';

let server: ReturnType<typeof fakeAdminServer>;

/** The fake API behind fetch, with these settings stored. */
function serve(settings: SystemSetting[] = demoSettings()) {
  setApiBase(undefined);
  server = fakeAdminServer({ settings });
  vi.stubGlobal('fetch', vi.fn(server.fetch));
}

beforeEach(() => serve());

const DEFAULT_VALUE = { provider: 'none', styleUrl: null, accessToken: null };
const style = () => screen.getByRole('textbox', { name: 'Style address (URL)' });
const tiles = () => screen.getByRole('textbox', { name: 'Tile address (URL with {z}/{x}/{y})' });
const posts = () => server.callsTo('POST', '/system/settings').map((call) => call.body);

/** Types `text` into `field` and saves with the button named `save`; the server refuses that save with this answer. */
async function saveRefused(field: HTMLElement, text: string, answer: { status: number; message: string }, save = 'Save map service') {
  server.fail('POST', /^\/system\/settings$/, answer.status, answer.message);
  await userEvent.type(field, text);
  await userEvent.click(screen.getByRole('button', { name: save }));
}

async function openSettings(profile = PROFILES.admin) {
  renderAdmin('/admin/settings', profile);
  expect(await screen.findByRole('heading', { level: 1, name: 'System settings' })).toBeInTheDocument();
  await screen.findByRole('heading', { level: 2, name: 'Map service' });
}

describe('system settings screen', () => {
  it('shows the map service (the default while none is stored) and the other settings stored, read-only', async () => {
    serve([...demoSettings(), { id: 'site-notice', label: 'Site notice', value: { text: 'Maintenance on Sunday' }, updatedAt: '2026-01-02T10:00:00Z' }]);
    await openSettings();
    expect(screen.getByText(/^The default is in use: no map service/)).toBeInTheDocument();
    expect(style()).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Access token' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Use the default' })).not.toBeInTheDocument();
    const others = screen.getByRole('table', { name: 'Other settings' });
    const cells = within(others).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['ID', 'Label', 'Value (JSON)']);
    expect(cells[0]).toHaveTextContent('site-notice');
    expect(cells[1]).toHaveTextContent('Site notice');
    expect(JSON.parse(cells[2]!.textContent!)).toEqual({ text: 'Maintenance on Sunday' });
    expect(within(others).queryByText('map-service')).not.toBeInTheDocument();
    expect(within(others).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('says when no other setting is stored', async () => {
    await openSettings();
    expect(within(screen.getByRole('table', { name: 'Other settings' })).getByText('No other settings are stored.')).toBeInTheDocument();
  });

  it('shows a stored map service in its fields', async () => {
    serve([{ id: 'map-service', label: 'Map service', value: { styleUrl: 'https://maps.example.org/style.json', attribution: '© Maps' }, updatedAt: '2026-01-02T10:00:00Z' }]);
    await openSettings();
    await waitFor(() => expect(style()).toHaveValue('https://maps.example.org/style.json'));
    expect(screen.getByRole('textbox', { name: 'Attribution' })).toHaveValue('© Maps');
    expect(screen.getByText(/^Set /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use the default' })).toBeInTheDocument();
  });

  it('saves a map service (POST with its id and label), keeps the focus on Save, and goes back to the default', async () => {
    const user = userEvent.setup();
    await openSettings();
    await user.type(style(), '  https://maps.example.org/style.json ');
    await user.type(screen.getByRole('textbox', { name: 'Attribution' }), '© Maps');
    const save = screen.getByRole('button', { name: 'Save map service' });
    await user.click(save);
    expect(await screen.findByText('Map service saved: every visitor’s map uses it now.')).toBeInTheDocument();
    expect(posts()).toEqual([{ id: 'map-service', label: 'Map service', value: { styleUrl: 'https://maps.example.org/style.json', attribution: '© Maps' } }]);
    expect(save).toHaveFocus();
    expect(await screen.findByText(/^Set /)).toBeInTheDocument();
    // The explorer's map service is read again from the list.
    expect(server.callsTo('GET', '/system/settings').length).toBeGreaterThanOrEqual(2);

    await user.click(screen.getByRole('button', { name: 'Use the default' }));
    expect(await screen.findByText('The map uses the default again: no map service.')).toBeInTheDocument();
    expect(posts()[1]).toEqual({ id: 'map-service', label: 'Map service', value: DEFAULT_VALUE });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Use the default' })).not.toBeInTheDocument());
    expect(save).toHaveFocus();
    expect(style()).toHaveValue('');
    expect(screen.getByText(/^The default is in use/)).toBeInTheDocument();
  });

  it('checks the addresses itself: each problem at its field, which takes the focus; nothing sent', async () => {
    const user = userEvent.setup();
    await openSettings();
    expect(style().closest('form')).toHaveAttribute('novalidate');
    await user.type(style(), 'not a url');
    await user.type(tiles(), 'https://tiles.example.org/tile.png');
    await user.click(screen.getByRole('button', { name: 'Save map service' }));
    await waitFor(() => expect(style()).toHaveFocus());
    expect(style()).toHaveAccessibleDescription('The style address must be an http(s) address, for example https://tiles.example.org/style.json.');
    expect(tiles()).toHaveAttribute('aria-invalid', 'true');
    expect(tiles()).toHaveAccessibleDescription('The tile address must hold {z}, {x} and {y} (for example https://tiles.example.org/{z}/{x}/{y}.png).');
    expect(posts()).toEqual([]);
    await user.clear(style());
    expect(style()).not.toHaveAttribute('aria-invalid');
  });

  it("says the server's refusal of an address at its field, which takes the focus", async () => {
    await openSettings();
    // A rule of the server's this browser does not check.
    await saveRefused(style(), 'https://maps.example.org/style.json', { status: 400, message: 'The style address must be an http(s) address.' });
    await waitFor(() => expect(style()).toHaveFocus());
    expect(style()).toHaveAttribute('aria-invalid', 'true');
    expect(style()).toHaveAccessibleDescription('The style address must be an http(s) address.');
    expect(screen.queryByText('Map service saved: every visitor’s map uses it now.')).not.toBeInTheDocument();
  });

  it("speaks Chinese, the server's refusal at its field too", async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderAdmin('/admin/settings', PROFILES.admin);
    expect(await screen.findByRole('heading', { level: 1, name: '系统设置' })).toBeInTheDocument();
    const tileField = await screen.findByRole('textbox', { name: '瓦片地址（含 {z}/{x}/{y} 的 URL）' });
    const refusal = '瓦片地址必须包含 {z}、{x} 和 {y}（例如 https://tiles.example.org/{z}/{x}/{y}.png）。';
    await saveRefused(tileField, 'https://tiles.example.org/{{z}/{{x}/{{y}.png', { status: 400, message: refusal }, '保存地图服务');
    await waitFor(() => expect(tileField).toHaveFocus());
    expect(tileField).toHaveAccessibleDescription(refusal);
    await user.click(screen.getByRole('button', { name: '保存地图服务' }));
    expect(await screen.findByText('已保存地图服务：现在每位访问者的地图都使用它。')).toBeInTheDocument();
    expect(posts()[1]).toEqual({ id: 'map-service', label: 'Map service', value: { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' } });
  });

  it('a refusal about no field is an error toast', async () => {
    await openSettings();
    await saveRefused(style(), 'https://maps.example.org/style.json', { status: 403, message: 'You do not have permission to do this.' });
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(style()).not.toHaveAttribute('aria-invalid');
  });
});

describe('who sees the system settings', () => {
  const adminMenu = () => within(screen.getByRole('navigation', { name: 'Main menu' })).queryByRole('list', { name: 'Administration' });

  it('with manage-system-settings only: /admin opens them, the only administration entry', async () => {
    const { router } = renderAdmin('/admin', PROFILES.settingsManager);
    expect(await screen.findByRole('heading', { level: 1, name: 'System settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/settings');
    expect(within(adminMenu()!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/admin/settings']);
    expect(await screen.findByRole('button', { name: 'Save map service' })).toBeInTheDocument();
  });

  it('without it: no entry, and the forbidden page', async () => {
    renderAdmin('/admin/settings', PROFILES.userManager);
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(within(adminMenu()!).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/admin/users']);
    expect(screen.queryByRole('textbox', { name: 'Style address (URL)' })).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/system/settings')).toHaveLength(0);
  });
});
