import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, demoState, fakeOrganizationsServer } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';

let server: ReturnType<typeof fakeOrganizationsServer>;
const HEADER_MAP = `/organization/${DEMO_ORG}/header-map`;

beforeAll(async () => {
  await import('../routes/OrganizationPage');
});

beforeEach(async () => {
  await changeLanguage('en');
  setApiBase(undefined);
  toast.clear();
  const state = demoState();
  state.headerMaps[DEMO_ORG] = { Site: 'station', 'Temp (C)': { parameter: 'Temperature, water', unit: 'deg C' } };
  server = fakeOrganizationsServer(state);
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

async function openSettings(profile: (typeof PROFILES)[keyof typeof PROFILES] = PROFILES.orgadmin) {
  renderWorkspace(`/userspace/organizations/${DEMO_ORG}/settings`, profile);
  await screen.findByRole('heading', { level: 1, name: 'Demo Watershed Council' });
}

const section = (name = 'Column names of imported files') => screen.findByRole('region', { name });
const column = (number: number, name = `Column ${number}`) => screen.getByRole('group', { name });

describe('header map in the organization settings', () => {
  it('lists the columns, edits, adds and removes them, and saves what changed', async () => {
    await openSettings();
    const headerMap = await section();
    expect(within(headerMap).getAllByRole('group').map((g) => g.querySelector('legend')?.textContent)).toEqual(['Column 1', 'Column 2']);
    expect(within(column(1)).getByRole('textbox', { name: 'Their column' })).toHaveValue('Site');
    expect(within(column(1)).getByRole('combobox', { name: 'Our field' })).toHaveDisplayValue('Station identifier');
    expect(within(column(2)).getByRole('combobox', { name: 'Our field' })).toHaveDisplayValue('Values of one parameter');
    expect(within(column(2)).getByRole('textbox', { name: 'Parameter' })).toHaveValue('Temperature, water');
    expect(within(column(2)).getByRole('textbox', { name: 'Unit' })).toHaveValue('deg C');
    // Every field the server knows is offered, in its order; one without a translation shows the server's words.
    expect(within(within(column(1)).getByRole('combobox', { name: 'Our field' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a field…', 'Station identifier', 'Date', 'Value', 'shoe size', 'Values of one parameter',
    ]);

    await userEvent.clear(within(column(1)).getByRole('textbox', { name: 'Their column' }));
    await userEvent.type(within(column(1)).getByRole('textbox', { name: 'Their column' }), 'Site ID');
    await userEvent.click(within(column(2)).getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a column' }));
    await userEvent.type(within(column(2)).getByRole('textbox', { name: 'Their column' }), 'Sampled on');
    await userEvent.selectOptions(within(column(2)).getByRole('combobox', { name: 'Our field' }), 'Date');
    await userEvent.click(screen.getByRole('button', { name: 'Add a column' }));
    await userEvent.type(within(column(3)).getByRole('textbox', { name: 'Their column' }), 'DO (mg/l)');
    await userEvent.selectOptions(within(column(3)).getByRole('combobox', { name: 'Our field' }), 'Values of one parameter');
    await userEvent.type(within(column(3)).getByRole('textbox', { name: 'Parameter' }), 'Dissolved oxygen (DO)');
    await userEvent.click(screen.getByRole('button', { name: 'Save column names' }));

    expect(await screen.findByText('Column names saved.')).toBeInTheDocument();
    // A merge patch: the columns added or changed, and null for those taken out.
    expect(server.callsTo('PATCH', HEADER_MAP)[0]!.body).toEqual({
      Site: null,
      'Temp (C)': null,
      'Site ID': 'station',
      'Sampled on': 'date',
      'DO (mg/l)': { parameter: 'Dissolved oxygen (DO)' },
    });
    expect(server.state.headerMaps[DEMO_ORG]).toEqual({ 'Site ID': 'station', 'Sampled on': 'date', 'DO (mg/l)': { parameter: 'Dissolved oxygen (DO)' } });
  }, 30_000);

  it("keeps a column someone else added meanwhile, and lists it after the save", async () => {
    await openSettings();
    await section();
    await userEvent.click(screen.getByRole('button', { name: 'Add a column' }));
    await userEvent.type(within(column(3)).getByRole('textbox', { name: 'Their column' }), 'Sampled on');
    await userEvent.selectOptions(within(column(3)).getByRole('combobox', { name: 'Our field' }), 'Date');
    // Another contributor saves a column of their own while this form is open.
    server.state.headerMaps[DEMO_ORG] = { ...server.state.headerMaps[DEMO_ORG], Reading: 'value' };
    await userEvent.click(screen.getByRole('button', { name: 'Save column names' }));
    expect(await screen.findByText('Column names saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', HEADER_MAP)[0]!.body).toEqual({ 'Sampled on': 'date' });
    expect(Object.keys(server.state.headerMaps[DEMO_ORG]!)).toEqual(['Site', 'Temp (C)', 'Reading', 'Sampled on']);
    await waitFor(() => expect(screen.getAllByRole('textbox', { name: 'Their column' }).map((box) => (box as HTMLInputElement).value)).toContain('Reading'));
  }, 30_000);

  it('says at the field what is missing or twice, and saves nothing until it is right', async () => {
    await openSettings();
    await section();
    await userEvent.click(screen.getByRole('button', { name: 'Add a column' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a column' }));
    await userEvent.type(within(column(4)).getByRole('textbox', { name: 'Their column' }), 'temp (c)');
    await userEvent.selectOptions(within(column(4)).getByRole('combobox', { name: 'Our field' }), 'Values of one parameter');
    await userEvent.click(screen.getByRole('button', { name: 'Save column names' }));

    const name = within(column(3)).getByRole('textbox', { name: 'Their column' });
    expect(name).toHaveAccessibleDescription("Enter the column's name as it appears in the file.");
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(name).toHaveFocus());
    expect(within(column(3)).getByRole('combobox', { name: 'Our field' })).toHaveAccessibleDescription('Choose the field this column holds.');
    // The same name as column 2 once case, spaces and punctuation are set aside (as imports compare them).
    expect(within(column(4)).getByRole('textbox', { name: 'Their column' })).toHaveAccessibleDescription('This column is already listed above.');
    expect(within(column(4)).getByRole('textbox', { name: 'Parameter' })).toHaveAccessibleDescription(
      'Enter the name of the parameter whose values the column holds.',
    );
    expect(server.callsTo('PATCH', HEADER_MAP)).toHaveLength(0);

    // Typing clears that column's messages.
    await userEvent.type(name, 'Depth');
    expect(name).not.toHaveAttribute('aria-invalid');
  }, 30_000);

  it('tells column names in any script apart (two Chinese names are not "twice")', async () => {
    server.state.headerMaps[DEMO_ORG] = { 站点编号: 'station', 水温: { parameter: 'Temperature, water', unit: 'deg C' } };
    await openSettings();
    await section();
    await userEvent.click(screen.getByRole('button', { name: 'Add a column' }));
    await userEvent.type(within(column(3)).getByRole('textbox', { name: 'Their column' }), '日期');
    await userEvent.selectOptions(within(column(3)).getByRole('combobox', { name: 'Our field' }), 'Date');
    await userEvent.click(screen.getByRole('button', { name: 'Save column names' }));
    expect(await screen.findByText('Column names saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', HEADER_MAP)[0]!.body).toEqual({ 日期: 'date' });
  }, 30_000);

  it("shows the server's refusal of a column at that column", async () => {
    await openSettings();
    await section();
    server.fail('PATCH', /header-map$/, 400, "Column 'Site': unknown field 'date'. Map a column to one of: station, value.");
    await userEvent.selectOptions(within(column(1)).getByRole('combobox', { name: 'Our field' }), 'Date');
    await userEvent.click(screen.getByRole('button', { name: 'Save column names' }));
    expect(await within(column(1)).findByText("Column 'Site': unknown field 'date'. Map a column to one of: station, value.")).toBeInTheDocument();
    expect(within(column(1)).getByRole('combobox', { name: 'Our field' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('is there for data contributors, who see no WQX account', async () => {
    await openSettings(PROFILES.twoOrgs);
    expect(await section()).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'WQX account' })).not.toBeInTheDocument();
  });

  it('is not shown to a simple member, who may not read it', async () => {
    await openSettings(PROFILES.viewer);
    await screen.findByText('This organization uses the system’s map service.');
    expect(screen.queryByRole('region', { name: 'Column names of imported files' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', HEADER_MAP)).toHaveLength(0);
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    await openSettings();
    await section('导入文件的列名');
    expect(within(column(1, '第 1 列')).getByRole('combobox', { name: '我们的字段' })).toHaveDisplayValue('站点标识符');
    expect(within(column(2, '第 2 列')).getByRole('textbox', { name: '参数' })).toHaveValue('Temperature, water');
    await userEvent.click(screen.getByRole('button', { name: '添加一列' }));
    await userEvent.click(screen.getByRole('button', { name: '保存列名' }));
    expect(within(column(3, '第 3 列')).getByRole('textbox', { name: '他们的列名' })).toHaveAccessibleDescription('请输入文件中出现的列名。');
  }, 15_000);
});
