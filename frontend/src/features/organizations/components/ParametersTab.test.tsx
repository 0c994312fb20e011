import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, demoState, fakeOrganizationsServer, OTHER_ORG, type Call } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

/**
 * The fake organization server, and the parameter calls it lacks answered as chalicelib/parameters does: POST
 * /parameter (labels unique, whatever their case: 409 in the request's language), PATCH (not the label or owner;
 * shared parameters only for system administrators: 403), DELETE; a unit outside the WQX codes (400); a unit change
 * or a delete of a parameter with values (chlorophyll a here: 409); and the reference lists the form suggests.
 */
function parameterServer() {
  const state = demoState();
  state.parameters.push(
    { id: 'par-secchi', label: 'Secchi depth', unit: 'm', group: 'Physical', description: 'Disk depth', organizationId: DEMO_ORG },
    { id: 'par-chl', label: 'Chlorophyll a', unit: 'ug/L', organizationId: DEMO_ORG },
    { id: 'par-theirs', label: 'Their index', unit: null, organizationId: OTHER_ORG },
  );
  // Secchi depth and their index are measured; chlorophyll a is the organization's own but not chosen.
  state.organizationParameters[DEMO_ORG] = ['par-ph', 'par-secchi', 'par-theirs'];
  const server = fakeOrganizationsServer(state);
  const calls: Call[] = [];
  let next = 1;
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const refuse = (status: number, message: string) => answer(status, { statusCode: status, message });

  const failures: { method: string; path: RegExp; status: number; message: string }[] = [];

  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = decodeURIComponent(url.pathname.replace(/^\/api\/v1/, ''));
    const failure = failures.findIndex((f) => f.method === method && f.path.test(path));
    if (failure >= 0) {
      const { status, message } = failures.splice(failure, 1)[0]!;
      calls.push({ method, path, query: url.searchParams, body: undefined });
      return refuse(status, message);
    }
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const chinese = new Headers(init?.headers).get('Accept-Language')?.startsWith('zh');
    const unitCodes = ['mg/L', 'ug/L', 'deg C', 'm', 'cm'];
    if (path === '/keylist/units') return answer(200, unitCodes.map((value) => ({ value })));
    const unit = typeof body?.unit === 'string' ? body.unit : null;
    if (unit && !unitCodes.some((code) => code.replace(/\s+/g, '').toLowerCase() === unit.replace(/\s+/g, '').toLowerCase())) {
      calls.push({ method, path, query: url.searchParams, body });
      return refuse(400, `Unknown unit '${unit}': use a WQX unit code such as mg/L, deg C or uS/cm.`);
    }
    if (path === '/keylist/sampleFractions') return answer(200, [{ value: 'Dissolved' }, { value: 'Total' }]);
    if (path === '/parameter/groups') return answer(200, [{ key: 'Physical', label: 'Physical' }, { key: 'Nutrient', label: 'Nutrient' }]);
    if (path === '/parameter' && method === 'POST') {
      calls.push({ method, path, query: url.searchParams, body });
      const label = String(body!.label ?? '');
      if (state.parameters.some((p) => String(p.label).toLowerCase() === label.trim().toLowerCase())) {
        return refuse(409, chinese ? `已存在名称为“${label}”的参数。` : `A parameter labelled '${label}' already exists.`);
      }
      const created = { id: `par-new-${next++}`, createdAt: '2026-11-27T10:00:00Z', ...body, label: label.trim() };
      state.parameters.push(created);
      return answer(201, created);
    }
    const m = path.match(/^\/parameter\/([^/]+)$/);
    if (m && (method === 'PATCH' || method === 'DELETE')) {
      calls.push({ method, path, query: url.searchParams, body });
      const parameter = state.parameters.find((p) => p.id === m[1]);
      if (!parameter) return refuse(404, 'Parameter not found.');
      if (!parameter.organizationId) return refuse(403, 'Only system administrators can change shared parameters.');
      if (parameter.id === 'par-chl' && method === 'DELETE') {
        return refuse(409, "Values are recorded for the parameter 'Chlorophyll a': a parameter with values cannot be deleted.");
      }
      if (parameter.id === 'par-chl' && body && 'unit' in body && body.unit !== parameter.unit) {
        return refuse(409, "Values of the parameter 'Chlorophyll a' are recorded in ug/L: its unit cannot be changed while it has values.");
      }
      if (method === 'PATCH') {
        for (const [name, value] of Object.entries(body ?? {})) {
          if (value === null) delete parameter[name];
          else parameter[name] = value;
        }
        return answer(200, parameter);
      }
      state.parameters = state.parameters.filter((p) => p !== parameter);
      return answer(200, {});
    }
    return server.fetch(input, init);
  };
  const callsTo = (method: string, path: string) => [...calls, ...server.calls].filter((c) => c.method === method && c.path === path);
  /** The next matching call answers with this error. */
  const fail = (method: string, path: RegExp, status: number, message: string) => failures.push({ method, path, status, message });
  return { ...server, fetch, callsTo, fail };
}

let server: ReturnType<typeof parameterServer>;

beforeAll(async () => {
  await import('../routes/OrganizationPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = parameterServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

const PUT_LIST = `/organization/${DEMO_ORG}/parameters`;
const rowOf = (label: string) => screen.getByRole('cell', { name: label }).closest('tr')!;

async function openTab(profile: (typeof PROFILES)[keyof typeof PROFILES] = PROFILES.orgadmin) {
  renderWorkspace(`/userspace/organizations/${DEMO_ORG}/parameters`, profile);
  await screen.findByRole('heading', { level: 1, name: 'Demo Watershed Council' });
  await screen.findByRole('cell', { name: 'Secchi depth' });
}

describe("the organization's own parameters", () => {
  it('lists the measured parameters and its own, marked by who keeps them; only its own have Edit and Delete', async () => {
    await openTab();
    // It says what the list holds (chosen, and made here), not that these are what is measured at its stations.
    expect(screen.getByText(/^The parameters this organization chose to list here \(with “Choose parameters”\), and those it made\. Values imported into its projects do not add to this list\./)).toBeInTheDocument();
    expect(screen.queryByText(/this organization measures/)).not.toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Parameters' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Parameter', 'Unit', 'Group', 'Owner', 'Actions']);
    expect(within(rowOf('Secchi depth')).getByText('Own')).toBeInTheDocument();
    expect(within(rowOf('pH')).getByText('Shared')).toBeInTheDocument();
    expect(within(rowOf('Their index')).getByText('Another organization')).toBeInTheDocument();
    // Its own parameter that it does not measure is listed too, so that it can be edited or deleted.
    expect(within(rowOf('Chlorophyll a')).getByText('Not chosen')).toBeInTheDocument();
    expect(within(rowOf('Secchi depth')).queryByText('Not chosen')).not.toBeInTheDocument();

    expect(within(rowOf('Secchi depth')).getByRole('button', { name: 'Edit Secchi depth' })).toBeInTheDocument();
    expect(within(rowOf('Chlorophyll a')).getByRole('button', { name: 'Delete Chlorophyll a' })).toBeInTheDocument();
    // A shared parameter, and another organization's, have no actions for a group administrator of this one.
    expect(within(rowOf('pH')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('Their index')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('creates a parameter, adds it to the measured ones and says so', async () => {
    await openTab();
    await userEvent.click(screen.getByRole('button', { name: 'New parameter' }));
    const dialog = screen.getByRole('dialog', { name: 'New parameter' });
    const label = within(dialog).getByRole('textbox', { name: 'Label' });
    expect(label).toHaveFocus();
    await userEvent.type(label, '  Total nitrogen ');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Unit' }), 'mg/L');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Group' }), 'Nutrient');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Characteristic name (WQX)' }), 'Nitrogen');
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Sample fraction' }), 'Total');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Parameter Total nitrogen created and added to the organization’s parameters.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/parameter')[0]!.body).toEqual({
      label: 'Total nitrogen',
      unit: 'mg/L',
      group: 'Nutrient',
      characteristicName: 'Nitrogen',
      sampleFraction: 'Total',
      organizationId: DEMO_ORG,
    });
    // The list as the server has it, and the new one.
    expect(server.callsTo('PUT', PUT_LIST)[0]!.body).toEqual(['par-ph', 'par-secchi', 'par-theirs', 'par-new-1']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const row = await waitFor(() => rowOf('Total nitrogen'));
    expect(within(row).getByText('Own')).toBeInTheDocument();
    expect(within(row).queryByText('Not chosen')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New parameter' })).toHaveFocus();
  });

  it('says a label another parameter has at the label, and creates nothing', async () => {
    await openTab();
    await userEvent.click(screen.getByRole('button', { name: 'New parameter' }));
    const dialog = screen.getByRole('dialog', { name: 'New parameter' });
    const label = within(dialog).getByRole('textbox', { name: 'Label' });
    await userEvent.type(label, 'PH');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(label).toHaveAttribute('aria-invalid', 'true'));
    expect(label).toHaveAccessibleDescription(expect.stringContaining("A parameter labelled 'PH' already exists."));
    expect(label).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'New parameter' })).toBeInTheDocument();
    expect(server.callsTo('PUT', PUT_LIST)).toHaveLength(0);
    // Said at the field, not again in a toast.
    expect(screen.getAllByText("A parameter labelled 'PH' already exists.")).toHaveLength(1);

    // Typing again clears the message; another label is created.
    await userEvent.clear(label);
    expect(label).not.toHaveAttribute('aria-invalid');
    await userEvent.type(label, 'pH, field');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Parameter pH, field created and added to the organization’s parameters.')).toBeInTheDocument();
  });

  it('checks the fields before sending: a label is required, and texts have a length', async () => {
    await openTab();
    await userEvent.click(screen.getByRole('button', { name: 'New parameter' }));
    const dialog = screen.getByRole('dialog', { name: 'New parameter' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label' }), '   ');
    const unit = within(dialog).getByRole('combobox', { name: 'Unit' });
    await userEvent.type(unit, 'x'.repeat(41));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));

    const label = within(dialog).getByRole('textbox', { name: 'Label' });
    expect(label).toHaveAccessibleDescription(expect.stringContaining('Enter a label.'));
    expect(label).toHaveFocus();
    expect(unit).toHaveAttribute('aria-invalid', 'true');
    expect(unit).toHaveAccessibleDescription(expect.stringContaining('At most 40 characters.'));

    await userEvent.clear(label);
    await userEvent.type(label, 'L'.repeat(101));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(label).toHaveAccessibleDescription(expect.stringContaining('At most 100 characters.'));
    expect(server.callsTo('POST', '/parameter')).toHaveLength(0);
  });

  it('says when a unit is not a WQX unit code, and the server refusing it is said at the unit', async () => {
    await openTab();
    await userEvent.click(screen.getByRole('button', { name: 'New parameter' }));
    const dialog = screen.getByRole('dialog', { name: 'New parameter' });
    const unit = within(dialog).getByRole('combobox', { name: 'Unit' });
    await waitFor(() => expect(dialog.querySelectorAll('datalist option').length).toBeGreaterThan(0));
    expect(unit).toHaveAccessibleDescription('A WQX unit code, such as mg/L or deg C.');
    await userEvent.type(unit, 'MG / l');
    expect(unit).toHaveAccessibleDescription('A WQX unit code, such as mg/L or deg C.');
    await userEvent.clear(unit);
    await userEvent.type(unit, 'bananas');
    expect(unit).toHaveAccessibleDescription('Not a WQX unit code in the list: unless it is another spelling of one (umho/cm for uS/cm), it is refused.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Label' }), 'Fruit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(unit).toHaveAccessibleDescription(expect.stringContaining("Unknown unit 'bananas': use a WQX unit code such as mg/L, deg C or uS/cm.")),
    );
    expect(unit).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo('POST', '/parameter')[0]!.body).toEqual({ label: 'Fruit', unit: 'bananas', organizationId: DEMO_ORG });
    expect(screen.getByRole('dialog', { name: 'New parameter' })).toBeInTheDocument();
  });

  it('a parameter with values keeps its unit and stays: both refusals are said', async () => {
    await openTab();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Chlorophyll a' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit parameter Chlorophyll a' });
    const unit = within(dialog).getByRole('combobox', { name: 'Unit' });
    await userEvent.clear(unit);
    await userEvent.type(unit, 'mg/L');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(unit).toHaveAccessibleDescription(
        expect.stringContaining("Values of the parameter 'Chlorophyll a' are recorded in ug/L: its unit cannot be changed while it has values."),
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Delete Chlorophyll a' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete parameter' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText("Values are recorded for the parameter 'Chlorophyll a': a parameter with values cannot be deleted.")).toBeInTheDocument();
    // Asking again would meet the same answer: the confirmation closes.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete parameter' })).not.toBeInTheDocument());
    expect(rowOf('Chlorophyll a')).toBeInTheDocument();
  });

  it('says a parameter was made when it could not be added to the measured ones', async () => {
    await openTab();
    server.fail('PUT', new RegExp(`^${PUT_LIST}$`), 503, 'The data store is unavailable. Please try again shortly.');
    await userEvent.click(screen.getByRole('button', { name: 'New parameter' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Label' }), 'Turbidity, field');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    const alert = await screen.findByText(/^Parameter Turbidity, field was created, but it could not be added/);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('The data store is unavailable. Please try again shortly.');
    // The parameter exists: the dialog is closed (a second Create would only meet its label), and it is listed.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(await waitFor(() => rowOf('Turbidity, field'))).getByText('Not chosen')).toBeInTheDocument();
  });

  it('edits its own parameter, sending only the fields changed (not the label)', async () => {
    await openTab();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Secchi depth' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit parameter Secchi depth' });
    expect(within(dialog).queryByRole('textbox', { name: /Label/ })).not.toBeInTheDocument();
    const unit = within(dialog).getByRole('combobox', { name: 'Unit' });
    expect(unit).toHaveValue('m');
    expect(unit).toHaveAccessibleDescription(expect.stringContaining('its unit cannot change: they are stored in it'));
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Disk depth');
    await userEvent.clear(unit);
    await userEvent.type(unit, 'cm');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Parameter Secchi depth saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/parameter/par-secchi').map((c) => c.body)).toEqual([{ unit: 'cm', description: null }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('Secchi depth')).getByRole('cell', { name: 'cm' })).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Edit Secchi depth' })).toHaveFocus();
  });

  it("shows the server's refusal of an edit and keeps the dialog open", async () => {
    await openTab();
    server.fail('PATCH', /^\/parameter\/par-secchi$/, 403, 'You need to be a data contributor or group administrator of this organization.');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Secchi depth' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit parameter Secchi depth' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Group' }), ' (lake)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You need to be a data contributor or group administrator of this organization.');
    expect(screen.getByRole('dialog', { name: 'Edit parameter Secchi depth' })).toBeInTheDocument();
  });

  it('deletes its own parameter after a confirmation naming it', async () => {
    await openTab();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Secchi depth' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete parameter' });
    expect(confirm).toHaveTextContent('Delete the parameter Secchi depth?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('DELETE', '/parameter/par-secchi')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete Secchi depth' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Secchi depth' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete parameter' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Parameter Secchi depth deleted.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/parameter/par-secchi')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Secchi depth' })).not.toBeInTheDocument());
    // The row and its buttons left: focus is on the parameters' table.
    expect(screen.getByRole('region', { name: 'Parameters' })).toHaveFocus();
  });

  it('a system administrator also changes shared parameters', async () => {
    await openTab(PROFILES.admin);
    expect(within(rowOf('pH')).getByRole('button', { name: 'Edit pH' })).toBeInTheDocument();
    expect(within(rowOf('Their index')).getByRole('button', { name: 'Delete Their index' })).toBeInTheDocument();
  });

  it('a member who only reads sees who keeps each parameter, and no actions', async () => {
    await openTab(PROFILES.viewer);
    expect(within(rowOf('Secchi depth')).getByText('Own')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Parameters' })).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Parameter',
      'Unit',
      'Group',
      'Owner',
    ]);
    expect(screen.queryByRole('button', { name: 'New parameter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose parameters' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
  });

  it('speaks Chinese: the list, the form and the server’s refusal at the label', async () => {
    await changeLanguage('zh-CN');
    renderWorkspace(`/userspace/organizations/${DEMO_ORG}/parameters`, PROFILES.twoOrgs);
    const table = await screen.findByRole('table', { name: '参数' });
    await within(table).findByRole('cell', { name: 'Secchi depth' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['参数', '单位', '分组', '所属', '操作']);
    expect(screen.getByText(/^本组织选择列在此处的参数（用“选择参数”），以及本组织创建的参数。导入到其项目中的数值不会把参数加入此列表。/)).toBeInTheDocument();
    expect(within(rowOf('Secchi depth')).getByText('自有')).toBeInTheDocument();
    // A WQX parameter is named in Chinese beside its WQX name; one the table does not know by its label alone.
    expect(within(rowOf('pH值 · pH')).getByText('共享')).toBeInTheDocument();
    expect(within(rowOf('叶绿素a · Chlorophyll a')).getByText('未选择')).toBeInTheDocument();
    expect(within(rowOf('Secchi depth')).getByRole('button', { name: '编辑 Secchi depth' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '新建参数' }));
    const dialog = screen.getByRole('dialog', { name: '新建参数' });
    const label = within(dialog).getByRole('textbox', { name: '名称' });
    expect(within(dialog).getByRole('combobox', { name: '样品组分' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '特征名称（WQX）' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(label).toHaveAccessibleDescription(expect.stringContaining('请输入名称。'));
    await userEvent.type(label, 'pH');
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(label).toHaveAccessibleDescription(expect.stringContaining('已存在名称为“pH”的参数。')));

    await userEvent.clear(label);
    await userEvent.type(label, '叶绿素 b');
    await userEvent.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(await screen.findByText('已创建参数 叶绿素 b，并已加入本组织的参数。')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '删除 Secchi depth' }));
    expect(screen.getByRole('dialog', { name: '删除参数' })).toHaveTextContent('删除参数 Secchi depth？');
  });
});

describe('choosing the measured parameters', () => {
  // A tester working in Chinese: "溶解氧" found nothing, the parameters being named in WQX English alone.
  it('finds a parameter by its Chinese name, named in Chinese beside its WQX name', async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    renderWorkspace(`/userspace/organizations/${DEMO_ORG}/parameters`, PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: '选择参数' }));
    const filter = await screen.findByRole('searchbox', { name: '筛选参数' });
    await user.type(filter, '溶解氧');
    const checklist = screen.getByRole('group', { name: '参数' });
    expect(within(checklist).getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual(['溶解氧 · Dissolved oxygen (DO) (mg/L)']);
    await user.click(within(checklist).getByRole('checkbox', { name: /^溶解氧 · Dissolved oxygen \(DO\)/ }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('cell', { name: '溶解氧 · Dissolved oxygen (DO)' })).toBeInTheDocument();
    expect(server.callsTo('PUT', PUT_LIST)[0]!.body).toEqual(expect.arrayContaining(['par-do']));
  });

  it('finds a parameter by its Chinese name in the English interface too, named in English', async () => {
    const user = userEvent.setup();
    await openTab();
    await user.click(screen.getByRole('button', { name: 'Choose parameters' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Filter parameters' }), '叶绿素');
    expect(within(screen.getByRole('group', { name: 'Parameters' })).getAllByRole('checkbox').map((box) => box.parentElement!.textContent)).toEqual([
      'Chlorophyll a (ug/L)',
    ]);
  });
});

describe('an organization with no parameters listed', () => {
  beforeEach(() => {
    const state = demoState();
    state.organizationParameters[DEMO_ORG] = [];
    vi.stubGlobal('fetch', vi.fn(fakeOrganizationsServer(state).fetch));
  });

  it('says what the empty list means (its projects still choose among every parameter) and where parameters come from', async () => {
    renderWorkspace(`/userspace/organizations/${DEMO_ORG}/parameters`, PROFILES.orgadmin);
    const said = await screen.findByText(/This organization has not chosen the parameters it measures yet, and has no parameters of its own\./);
    expect(said).toHaveTextContent('Its projects choose from every parameter of the portal, shared ones included, whatever this list holds');
    expect(said).toHaveTextContent('with “Choose parameters”, or make one of its own with “New parameter”.');
    expect(screen.queryByText('No parameters chosen yet.')).not.toBeInTheDocument();
  });

  it('tells a simple member without naming buttons they do not have, in both languages', async () => {
    renderWorkspace(`/userspace/organizations/${DEMO_ORG}/parameters`, PROFILES.viewer);
    expect(await screen.findByText(/has not listed the parameters it measures yet.*Its projects choose from every parameter of the portal/)).toBeInTheDocument();
    await changeLanguage('zh-CN');
    try {
      expect(await screen.findByText(/本组织尚未列出其测量的参数，也没有自有参数。/)).toBeInTheDocument();
    } finally {
      await changeLanguage('en');
    }
  });
});
