import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { DEMO_ORG, fakeOrganizationsServer, ME } from '../test/fakeOrganizationsServer';
import { PROFILES, renderWorkspace } from '../test/renderWorkspace';
import { holdAnswers } from '../../../test/holdAnswers';
import { pageOutline } from '../../../test/headings';

let server: ReturnType<typeof fakeOrganizationsServer>;

beforeAll(async () => {
  await import('./OrganizationPage');
});

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
  server = fakeOrganizationsServer();
  vi.stubGlobal('fetch', vi.fn(server.fetch));
});

const workspace = (tab: string) => `/userspace/organizations/${DEMO_ORG}/${tab}`;
const rowWith = (text: string) => screen.getAllByRole('row').find((row) => row.textContent?.includes(text))!;

async function open(tab: string, profile = PROFILES.orgadmin as (typeof PROFILES)[keyof typeof PROFILES]) {
  const result = renderWorkspace(workspace(tab), profile);
  await screen.findByRole('heading', { level: 1, name: 'Demo Watershed Council' });
  return result;
}

describe('organization workspace', () => {
  it('opens on the members tab, with the sections as tabs and my role', async () => {
    const { router } = renderWorkspace(`/userspace/organizations/${DEMO_ORG}`, PROFILES.orgadmin);
    await waitFor(() => expect(router.state.location.pathname).toBe(workspace('members')));
    const tabs = await screen.findByRole('navigation', { name: 'Organization sections' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['Members', 'Projects', 'Stations', 'Parameters', 'Settings']);
    expect(within(tabs).getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText('You: Group administrator')).toBeInTheDocument();
  });

  it('a group administrator changes a role and removes a member after a confirmation', async () => {
    await open('members');
    await screen.findByText('Carl Contributor');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Vera Viewer' }), 'data-contributor');
    await userEvent.click(screen.getByRole('button', { name: 'Save role of Vera Viewer' }));
    expect(await screen.findByText('Vera Viewer is now Data contributor.')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/members/u-vera`)[0]!.body).toEqual({ roleName: 'data-contributor' });
    // Saved: the row's Save and Cancel are gone, focus is back on its role list.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Vera Viewer' })).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Save role of Vera Viewer' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Vera Viewer' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove member' });
    expect(confirm).toHaveTextContent('Remove Vera Viewer from Demo Watershed Council?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Vera Viewer removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Vera Viewer')).not.toBeInTheDocument());
    // The row and its button left: focus is on the members table, not the page's body.
    expect(screen.getByRole('region', { name: 'Members' })).toHaveFocus();
  });

  it('choosing a role sends nothing until it is saved, and can be cancelled', async () => {
    await open('members');
    await screen.findByText('Carl Contributor');
    const role = screen.getByRole('combobox', { name: 'Role of Carl Contributor' });
    // A change in the list (an arrow key on it makes one) only chooses.
    await userEvent.selectOptions(role, 'group-admin');
    await userEvent.selectOptions(role, 'simple-user');
    expect(role).toHaveValue('simple-user');
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/members/u-carl`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the role change of Carl Contributor' }));
    expect(role).toHaveValue('data-contributor');
    expect(role).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Save role of Carl Contributor' })).not.toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/members/u-carl`)).toHaveLength(0);
  });

  it('making someone a group administrator is confirmed, saying what it means', async () => {
    await open('members');
    await screen.findByText('Carl Contributor');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Carl Contributor' }), 'group-admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save role of Carl Contributor' }));
    const confirm = screen.getByRole('dialog', { name: 'Make group administrator' });
    expect(confirm).toHaveTextContent(
      'Make Carl Contributor a group administrator of Demo Watershed Council? They can then change everyone’s roles (yours too), remove members, invite people and edit the organization’s details.',
    );
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/members/u-carl`)).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Make group administrator' }));
    expect(await screen.findByText('Carl Contributor is now Group administrator.')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/members/u-carl`)[0]!.body).toEqual({ roleName: 'group-admin' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of Carl Contributor' })).toHaveFocus());
  });

  it('stepping down is confirmed, then the page shows what the new role may do', async () => {
    // Someone else administers too, so the server lets Olga step down.
    server.state.members[DEMO_ORG]!.find((m) => m.userId === 'u-carl')!.roleName = 'group-admin';
    await open('members');
    await screen.findByText('Carl Contributor');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Olga Orgadmin' }), 'data-contributor');
    await userEvent.click(screen.getByRole('button', { name: 'Save role of Olga Orgadmin' }));
    const confirm = screen.getByRole('dialog', { name: 'Change your own role' });
    expect(confirm).toHaveTextContent('You cannot undo this yourself: another group administrator has to give the role back.');
    // Thinking better of it sends nothing.
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/members/${ME}`)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Save role of Olga Orgadmin' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Save role of Olga Orgadmin' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Change your own role' })).getByRole('button', { name: 'Change my role' }));
    expect(await screen.findByText('You are now Data contributor in Demo Watershed Council.')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/members/${ME}`)[0]!.body).toEqual({ roleName: 'data-contributor' });
    // The profile is loaded again: no more group-administrator controls.
    expect(await screen.findByText('You: Data contributor')).toBeInTheDocument();
    expect(server.callsTo('GET', '/auth/profile')).toHaveLength(1);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(within(rowWith('Olga Orgadmin')).getByText('Data contributor')).toBeInTheDocument();
    // Its role list left with the controls: focus is on the members table.
    expect(screen.getByRole('region', { name: 'Members' })).toHaveFocus();
  });

  it("the last group administrator's step down is refused with the server's reason", async () => {
    await open('members');
    await screen.findByText('Carl Contributor');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role of Olga Orgadmin' }), 'simple-user');
    await userEvent.click(screen.getByRole('button', { name: 'Save role of Olga Orgadmin' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Change your own role' })).getByRole('button', { name: 'Change my role' }));
    expect(await screen.findByText('An organization needs at least one group administrator: make someone else a group administrator first.')).toBeInTheDocument();
    // Still an administrator, the unsaved choice still shown with its Save.
    expect(screen.getByText('You: Group administrator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save role of Olga Orgadmin' })).toHaveFocus();
    expect(server.callsTo('GET', '/auth/profile')).toHaveLength(0);
  });

  it('a simple member reads the members and may only leave', async () => {
    server.state.signedIn = { id: 'u-vera', name: 'Vera Viewer', email: 'vera@demo.example' };
    const { router } = await open('members', PROFILES.viewer);
    await screen.findByText('Carl Contributor');
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(within(rowWith('Carl Contributor')).getByText('Data contributor')).toBeInTheDocument();
    await userEvent.click(within(rowWith('Vera Viewer')).getByRole('button', { name: 'Leave' }));
    const confirm = screen.getByRole('dialog', { name: 'Leave organization' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('You left Demo Watershed Council.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/userspace/organizations'));
  });

  it('creates, edits and deletes a project', async () => {
    await import('../../projects/routes/ProjectPage');
    const { router } = await open('projects');
    expect(await screen.findByRole('link', { name: 'Creek survey' })).toHaveAttribute('href', `/userspace/organizations/${DEMO_ORG}/projects/p-creek`);
    await userEvent.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    // A name longer than the server takes is said at the field, and nothing is sent (the text is kept).
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.paste('水'.repeat(301));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('The name may have at most 300 characters.');
    expect(server.callsTo('POST', '/project')).toHaveLength(0);
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lake watch');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Summer lake samples');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Project Lake watch created.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/project')[0]!.body).toEqual({ name: 'Lake watch', description: 'Summer lake samples', organizationId: DEMO_ORG });
    // The new project's page opens (in a long list its card was hard to find).
    expect(await screen.findByRole('heading', { level: 1, name: 'Lake watch' })).toBeInTheDocument();
    expect(router.state.location.pathname).toMatch(new RegExp(`^/userspace/organizations/${DEMO_ORG}/projects/p-new-\\d+/stations$`));
    await userEvent.click(screen.getByRole('link', { name: 'All projects of the organization' }));
    expect(await screen.findByRole('link', { name: 'Lake watch' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit Creek survey' }));
    const edit = screen.getByRole('dialog', { name: 'Edit project' });
    await userEvent.clear(within(edit).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(edit).getByRole('textbox', { name: 'Name' }), 'Creek survey 2026');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Project Creek survey 2026 saved.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete Lake watch' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete project' });
    expect(confirm).toHaveTextContent(
      'Delete the project Lake watch? Its stations and their values stay with the organization; the project, its activities and its imports are no longer listed, and its stations no longer name it.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Project Lake watch deleted.')).toBeInTheDocument();
    // Its card and buttons left: focus is on the list of projects.
    expect(screen.getByRole('list', { name: 'Projects' })).toHaveFocus();
  });

  it('a simple member sees projects but no buttons to change them', async () => {
    await open('projects', PROFILES.viewer);
    await screen.findByRole('link', { name: 'Creek survey' });
    expect(screen.queryByRole('button', { name: 'New project' })).not.toBeInTheDocument();
  });

  it("stations: searched by name or identifier, once typing pauses, from the first page", async () => {
    await open('stations');
    expect(await screen.findByRole('table', { name: 'Stations (2)' })).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search stations (name or identifier)' });
    await userEvent.type(box, 'otter');
    expect(await screen.findByRole('table', { name: 'Stations (1)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Otter Pond' })).toBeInTheDocument();
    const searches = server.callsTo('GET', '/station').map((c) => c.query.get('s'));
    expect(searches).toEqual([
      JSON.stringify({ organizationId: DEMO_ORG }),
      JSON.stringify({ organizationId: DEMO_ORG, $or: [{ name: { $contL: 'otter' } }, { identifier: { $contL: 'otter' } }] }),
    ]);
    await userEvent.clear(box);
    await userEvent.type(box, 'DEMO-1');
    expect(await screen.findByRole('link', { name: 'Mill Creek' })).toBeInTheDocument();
    await userEvent.type(box, 'x');
    expect(await screen.findByText('No station’s name or identifier holds “DEMO-1x”.')).toBeInTheDocument();
    expect(box).toHaveFocus();
  });

  it('stations: create with checked coordinates, edit several at once, delete saying how many values go', async () => {
    await open('stations');
    expect(await screen.findByRole('table', { name: 'Stations (2)' })).toBeInTheDocument();
    expect(within(rowWith('Mill Creek')).getByText('River/Stream')).toBeInTheDocument();
    // A built-in type is named in the interface's language (the reference list's label is English).
    expect(within(rowWith('Otter Pond')).getByText('Lake or reservoir')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New station' }));
    const dialog = screen.getByRole('dialog', { name: 'New station' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Identifier' }), 'DEMO-3');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Beaver Dam');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '95');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-75.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Enter a latitude from -90 to 90.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Latitude' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '40.5');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Station type' }), 'lake');
    // The datum of the coordinates, from the WQX codes.
    const datum = within(dialog).getByRole('combobox', { name: 'Horizontal datum' });
    expect(datum).toHaveDisplayValue('Not given');
    await within(dialog).findByRole('option', { name: 'WGS 84 (GPS, phones, web maps)' });
    await userEvent.selectOptions(datum, 'WGS84');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Station Beaver Dam created.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/station')[0]!.body).toEqual({
      identifier: 'DEMO-3', name: 'Beaver Dam', latitude: 40.5, longitude: -75.5, horizontalDatum: 'WGS84', stationType: 'lake',
      organizationId: DEMO_ORG,
    });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Mill Creek' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Otter Pond' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit selected (2)' }));
    const bulk = screen.getByRole('dialog', { name: 'Edit 2 stations' });
    // Saving before choosing changes nothing (it once wiped the stations' types).
    await userEvent.click(within(bulk).getByRole('button', { name: 'Save' }));
    expect(within(bulk).getByRole('alert')).toHaveTextContent('Choose the type to give the selected stations, or “No type” to remove theirs.');
    expect(server.callsTo('PATCH', '/station/s-1')).toHaveLength(0);
    await userEvent.selectOptions(within(bulk).getByRole('combobox', { name: 'Station type' }), 'river');
    await userEvent.click(within(bulk).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('2 stations saved.')).toBeInTheDocument();
    // The cleared selection disabled "Edit selected": focus is on the stations' table, not the page's body.
    expect(screen.getByRole('button', { name: 'Edit selected (0)' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Stations (3)' })).toHaveFocus();
    expect(server.callsTo('PATCH', '/station/s-2')[0]!.body).toEqual({ stationType: 'river' });
    expect(server.callsTo('PATCH', '/station/s-1')[0]!.body).toEqual({ stationType: 'river' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Mill Creek' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete station' });
    expect(confirm).toHaveTextContent('Delete the station Mill Creek and its 120 values? They leave every list and the explorer.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Station Mill Creek deleted.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', '/station/s-1')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('region', { name: 'Stations (2)' })).toHaveFocus());
  });

  it('refuses a decimal comma at the coordinate field, saying to use a point, instead of reading another number', async () => {
    const user = userEvent.setup();
    await open('stations');
    await user.click(await screen.findByRole('button', { name: 'New station' }));
    const dialog = screen.getByRole('dialog', { name: 'New station' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Identifier' }), 'QXH-01');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Qingxi upstream');
    const latitude = within(dialog).getByRole('textbox', { name: 'Latitude' });
    const longitude = within(dialog).getByRole('textbox', { name: 'Longitude' });
    // A text field for decimals (a phone shows its decimal keyboard), not a number field that drops the comma.
    expect(longitude).toHaveAttribute('inputmode', 'decimal');
    // Each coordinate's hint has an example of its own (a longitude's is not a latitude's).
    expect(latitude).toHaveAccessibleDescription('Decimal degrees with a point, such as 30.2741; south is negative.');
    expect(longitude).toHaveAccessibleDescription('Decimal degrees with a point, such as 120.1551; west is negative.');
    await user.type(latitude, '30.2741');
    await user.type(longitude, '120,1551');
    // Said at once, at the field.
    expect(longitude).toHaveAttribute('aria-invalid', 'true');
    expect(longitude).toHaveAccessibleDescription(expect.stringContaining('Use a decimal point, not a comma: write 120.1551.'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(longitude).toHaveFocus();
    expect(within(dialog).getByText('Use a decimal point, not a comma: write 120.1551.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/station')).toHaveLength(0);

    await user.clear(longitude);
    await user.type(longitude, '120.1551');
    expect(longitude).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Station Qingxi upstream created.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/station')[0]!.body).toMatchObject({ latitude: 30.2741, longitude: 120.1551 });
  });

  it('takes an elevation and a drainage area, each with its unit, and asks for a unit a number lacks', async () => {
    const user = userEvent.setup();
    await open('stations');
    await user.click(await screen.findByRole('button', { name: 'New station' }));
    const dialog = screen.getByRole('dialog', { name: 'New station' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Identifier' }), 'QXH-09');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Milford brook');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '40.57');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-75.09');
    const elevation = within(dialog).getByRole('textbox', { name: 'Elevation' });
    expect(elevation).toHaveAttribute('inputmode', 'decimal');
    await user.type(elevation, '160');
    await user.type(within(dialog).getByRole('textbox', { name: 'Drainage area' }), '0,27');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // Each problem at its field; nothing sent.
    expect(within(dialog).getByRole('combobox', { name: 'Unit of Elevation' })).toHaveAccessibleDescription('Choose the unit of this number.');
    expect(within(dialog).getByRole('textbox', { name: 'Drainage area' })).toHaveAccessibleDescription('Use a decimal point, not a comma (for example 0.27).');
    expect(server.callsTo('POST', '/station')).toHaveLength(0);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit of Elevation' }), 'feet');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Drainage area' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Drainage area' }), '0.27');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Unit of Drainage area' }), 'sq mi');
    // Its vertical datum (a code offered, or any other) and how it was measured.
    const datum = within(dialog).getByRole('combobox', { name: 'Vertical datum of the elevation' });
    expect([...datum.getAttribute('list') ? document.getElementById(datum.getAttribute('list')!)!.querySelectorAll('option') : []].map((o) => o.getAttribute('value'))).toEqual(
      ['NAVD88', 'NGVD29', 'MSL', 'LMSL', 'OTHER', 'UNKWN']);
    await user.type(datum, 'NAVD88');
    await user.type(within(dialog).getByRole('textbox', { name: 'How the elevation was measured' }), 'GPS ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Station Milford brook created.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/station')[0]!.body).toMatchObject({
      elevation: 160, elevationUnit: 'feet', elevationMethod: 'GPS', verticalDatum: 'NAVD88', drainageArea: 0.27, drainageAreaUnit: 'sq mi',
    });
  });

  it('asks for the elevation a vertical datum or a method describes', async () => {
    const user = userEvent.setup();
    await open('stations');
    await user.click(await screen.findByRole('button', { name: 'New station' }));
    const dialog = screen.getByRole('dialog', { name: 'New station' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Identifier' }), 'QXH-10');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Milford weir');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '40.57');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-75.09');
    await user.type(within(dialog).getByRole('combobox', { name: 'Vertical datum of the elevation' }), 'NGVD29');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    // Said at its field (as its description: the hint, then the message).
    const datum = within(dialog).getByRole('combobox', { name: 'Vertical datum of the elevation' });
    expect(datum).toHaveAttribute('aria-invalid', 'true');
    const said = datum.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(said.at(-1)).toBe('Give the elevation this describes, or leave this empty.');
    expect(server.callsTo('POST', '/station')).toHaveLength(0);
    // The elevation typed, the message that asked for it goes: it would still say the elevation is missing.
    await user.type(within(dialog).getByRole('textbox', { name: 'Elevation' }), '12.5');
    expect(datum).not.toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).queryByText('Give the elevation this describes, or leave this empty.')).not.toBeInTheDocument();
  });

  it('names the elevation, the drainage area and their units in Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderWorkspace(workspace('stations'), PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: '新建站点' }));
    const dialog = screen.getByRole('dialog', { name: '新建站点' });
    await user.type(within(dialog).getByRole('textbox', { name: '流域面积' }), '-1');
    expect(within(dialog).getByRole('option', { name: '平方英里' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('option', { name: '英尺' })).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(within(dialog).getByRole('textbox', { name: '流域面积' })).toHaveAccessibleDescription('请输入大于 0 的面积。');
    expect(within(dialog).getByRole('combobox', { name: '高程的单位' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: '高程的垂直基准' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: '高程的测定方法' })).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('says the decimal comma in Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderWorkspace(workspace('stations'), PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: '新建站点' }));
    const dialog = screen.getByRole('dialog', { name: '新建站点' });
    await user.type(within(dialog).getByRole('textbox', { name: '经度' }), '120,1551');
    expect(within(dialog).getByText('请用小数点，不要用逗号：应写作 120.1551。')).toBeInTheDocument();
    await changeLanguage('en');
  });

  it('names each horizontal datum in words, says a phone gives WGS 84, and sends the code', async () => {
    const user = userEvent.setup();
    await open('stations');
    await user.click(await screen.findByRole('button', { name: 'New station' }));
    const dialog = screen.getByRole('dialog', { name: 'New station' });
    const datum = within(dialog).getByRole('combobox', { name: 'Horizontal datum' });
    expect(datum).toHaveAccessibleDescription('A phone’s or GPS receiver’s coordinates are in WGS 84; so are those of web maps.');
    await within(dialog).findByRole('option', { name: 'WGS 84 (GPS, phones, web maps)' });
    expect(within(dialog).getByRole('option', { name: 'NAD83 (North American Datum 1983)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('option', { name: 'WGS84' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Identifier' }), 'QXH-02');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Stone bridge');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '30.2741');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '120.1551');
    await user.selectOptions(datum, 'WGS 84 (GPS, phones, web maps)');
    // While it is sent, the button says so.
    const answer = holdAnswers(server.fetch, (input, init) => init?.method === 'POST' && String(input).endsWith('/station'));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('button', { name: 'Creating…' })).toHaveAttribute('aria-disabled', 'true');
    answer();
    expect(await screen.findByText('Station Stone bridge created.')).toBeInTheDocument();
    expect(server.callsTo('POST', '/station')[0]!.body).toMatchObject({ horizontalDatum: 'WGS84' });
  });

  it('names the datums and says "Creating…" in Chinese', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderWorkspace(workspace('stations'), PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: '新建站点' }));
    const dialog = screen.getByRole('dialog', { name: '新建站点' });
    expect(await within(dialog).findByRole('option', { name: 'WGS 84（GPS、手机、网络地图）' })).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: '水平基准' })).toHaveAccessibleDescription('手机或 GPS 接收器给出的坐标使用 WGS 84，网络地图也是如此。');
    await user.type(within(dialog).getByRole('textbox', { name: '标识符' }), 'QXH-03');
    await user.type(within(dialog).getByRole('textbox', { name: '名称' }), '石桥村');
    expect(within(dialog).getByRole('textbox', { name: '纬度' })).toHaveAccessibleDescription('以十进制度数填写，使用小数点，例如 30.2741；南纬为负数。');
    expect(within(dialog).getByRole('textbox', { name: '经度' })).toHaveAccessibleDescription('以十进制度数填写，使用小数点，例如 120.1551；西经为负数。');
    await user.type(within(dialog).getByRole('textbox', { name: '纬度' }), '30.2741');
    await user.type(within(dialog).getByRole('textbox', { name: '经度' }), '120.1551');
    const answer = holdAnswers(server.fetch, (input, init) => init?.method === 'POST' && String(input).endsWith('/station'));
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    expect(within(dialog).getByRole('button', { name: '正在创建…' })).toBeInTheDocument();
    answer();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '新建站点' })).not.toBeInTheDocument());
    await changeLanguage('en');
  });

  it('an edit sends only what changed, so another editor\'s change to another field is kept', async () => {
    await open('stations');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Mill Creek' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit station' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mill Creek at the dam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Station Mill Creek at the dam saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/station/s-1')[0]!.body).toEqual({ name: 'Mill Creek at the dam' });
  });

  it('a field someone else changed meanwhile is shown with their value, and saving again replaces it', async () => {
    await open('stations');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Mill Creek' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit station' });
    // Someone else renames the station while the dialog is open.
    Object.assign(server.state.stations[0]!, { name: 'Upper Mill Creek', updatedAt: '2026-11-27T09:00:00.000Z' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mill Creek at the dam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Someone else changed this while you were editing it. Their values are shown under the fields; save again to replace them with yours.',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Changed meanwhile by someone else to: Upper Mill Creek');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Mill Creek at the dam');
    expect(server.callsTo('PATCH', '/station/s-1')[0]!.ifMatch).toBe('"2026-01-05T09:00:00.000Z"');
    expect(server.state.stations[0]!.name).toBe('Upper Mill Creek');
    expect(screen.queryByText('Station Mill Creek at the dam saved.')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Station Mill Creek at the dam saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/station/s-1')[1]!.ifMatch).toBe('"2026-11-27T09:00:00.000Z"');
    expect(server.state.stations[0]!.name).toBe('Mill Creek at the dam');
  });

  it('after a clash, the fields only the other person changed show their values and a second save keeps them', async () => {
    await open('stations');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Mill Creek' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit station' });
    // Someone else renames the station, moves it north and changes its type while the dialog is open.
    Object.assign(server.state.stations[0]!, { name: 'Upper Mill Creek', latitude: 40.15, stationType: 'lake', updatedAt: '2026-11-27T09:00:00.000Z' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mill Creek at the dam');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Longitude' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-75.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Latitude' })).toHaveValue('40.15');
    expect(within(dialog).getByRole('combobox', { name: 'Station type' })).toHaveValue('lake');
    expect(within(dialog).getByRole('textbox', { name: 'Longitude' })).toHaveValue('-75.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Station Mill Creek at the dam saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/station/s-1')[1]!.body).toEqual({ name: 'Mill Creek at the dam', longitude: -75.25 });
    expect(server.state.stations[0]).toMatchObject({ name: 'Mill Creek at the dam', latitude: 40.15, longitude: -75.25, stationType: 'lake' });
  });

  it('a change someone else made meanwhile to another field is kept without asking', async () => {
    await open('stations');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Mill Creek' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit station' });
    Object.assign(server.state.stations[0]!, { latitude: 40.15, updatedAt: '2026-11-27T09:00:00.000Z' });
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mill Creek at the dam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Station Mill Creek at the dam saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', '/station/s-1').map((call) => [call.ifMatch, call.body])).toEqual([
      ['"2026-01-05T09:00:00.000Z"', { name: 'Mill Creek at the dam' }],
      ['"2026-11-27T09:00:00.000Z"', { name: 'Mill Creek at the dam' }],
    ]);
    expect(server.state.stations[0]).toMatchObject({ name: 'Mill Creek at the dam', latitude: 40.15 });
  });

  it('a project edited by someone else meanwhile says so in Chinese too', async () => {
    await changeLanguage('zh-CN');
    try {
      await open('projects');
      await userEvent.click(await screen.findByRole('button', { name: '编辑 Creek survey' }));
      const dialog = await screen.findByRole('dialog');
      Object.assign(server.state.projects[0]!, { description: '每周采样', updatedAt: '2026-11-27T09:00:00.000Z' });
      const description = within(dialog).getByRole('textbox', { name: '简介' });
      await userEvent.clear(description);
      await userEvent.type(description, '每两周采样');
      await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('在您编辑期间，其他人更改了此内容。');
      expect(description).toHaveAccessibleDescription('其他人已将其改为：每周采样');
    } finally {
      await changeLanguage('en');
    }
  });

  it('keeps the page and the search in the address, so Back from a station or a reload returns to them', async () => {
    const { router } = renderWorkspace(`${workspace('stations')}?page=2&q=otter`, PROFILES.orgadmin);
    expect(await screen.findByRole('searchbox', { name: 'Search stations (name or identifier)' })).toHaveValue('otter');
    await waitFor(() => expect(server.callsTo('GET', '/station').some((c) => c.query.get('page') === '2')).toBe(true));
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search stations (name or identifier)' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search stations (name or identifier)' }), 'mill');
    await waitFor(() => expect(router.state.location.search).toBe('?q=mill'));
  });

  it("chooses the organization's parameters", async () => {
    await open('parameters');
    expect(await screen.findByRole('cell', { name: 'pH' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Choose parameters' }));
    // The button left with the list: focus starts in the chooser's filter.
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Filter parameters' })).toHaveFocus());
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Filter parameters' }), 'oxygen');
    expect(screen.queryByRole('checkbox', { name: /Temperature/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Dissolved oxygen/ }));
    expect(screen.getByText('2 chosen')).toHaveAttribute('role', 'status');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Parameters saved (2).')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/parameters`)[0]!.body).toEqual(['par-ph', 'par-do']);
    expect(await screen.findByRole('cell', { name: 'Dissolved oxygen (DO)' })).toBeInTheDocument();
    // The chooser left with its Save: focus is back on "Choose parameters".
    expect(screen.getByRole('button', { name: 'Choose parameters' })).toHaveFocus();
  });

  it('cancelling the parameter choice also brings focus back to "Choose parameters"', async () => {
    await open('parameters');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose parameters' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Choose parameters' })).toHaveFocus();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/parameters`)).toHaveLength(0);
  });

  it("sets the organization's map service and goes back to the system's", async () => {
    await open('settings');
    expect(await screen.findByText('This organization uses the system’s map service.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Style address (URL)' }), 'https://tiles.example.org/style.json');
    await userEvent.click(screen.getByRole('button', { name: 'Save map service' }));
    expect(await screen.findByText('Map service saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/settings/map-service`)[0]!.body).toEqual({
      value: { styleUrl: 'https://tiles.example.org/style.json' },
    });
    expect(await screen.findByText(/This organization’s own map service, set/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the system’s map service' }));
    expect(await screen.findByText('This organization uses the system’s map service again.')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/settings/map-service`)[1]!.body).toEqual({ value: null });
  });

  it('a map service someone else saved meanwhile: another field of theirs is kept, the same field is asked about', async () => {
    const path = `/organization/${DEMO_ORG}/settings/map-service`;
    const key = `${DEMO_ORG}/map-service`;
    await open('settings');
    expect(await screen.findByText('This organization uses the system’s map service.')).toBeInTheDocument();
    // Another group administrator saves an attribution while this form is open: a field this one leaves alone.
    server.state.settings[key] = { value: { attribution: '© River Keepers' }, updatedAt: '2026-11-27T09:00:00.000Z' };
    await userEvent.type(screen.getByRole('textbox', { name: 'Style address (URL)' }), 'https://tiles.example.org/style.json');
    await userEvent.click(screen.getByRole('button', { name: 'Save map service' }));
    expect(await screen.findByText('Map service saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', path).map((call) => call.ifMatch)).toEqual(['"inherited"', '"2026-11-27T09:00:00.000Z"']);
    expect(server.state.settings[key]!.value).toEqual({ styleUrl: 'https://tiles.example.org/style.json', attribution: '© River Keepers' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Attribution' })).toHaveValue('© River Keepers'));

    // Now both change the attribution: theirs is shown under the field, this one's stays typed until saved again.
    server.state.settings[key] = {
      value: { styleUrl: 'https://tiles.example.org/style.json', attribution: '© Keepers of the River' },
      updatedAt: '2026-11-27T09:30:00.000Z',
    };
    const attribution = screen.getByRole('textbox', { name: 'Attribution' });
    await userEvent.clear(attribution);
    await userEvent.type(attribution, '© Demo Watershed Council');
    await userEvent.click(screen.getByRole('button', { name: 'Save map service' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else changed this while you were editing it.');
    expect(attribution).toHaveAccessibleDescription('Changed meanwhile by someone else to: © Keepers of the River');
    expect(attribution).toHaveValue('© Demo Watershed Council');
    expect(server.state.settings[key]!.value).toMatchObject({ attribution: '© Keepers of the River' });
    await userEvent.click(screen.getByRole('button', { name: 'Save map service' }));
    await waitFor(() => expect(server.state.settings[key]!.value).toMatchObject({ attribution: '© Demo Watershed Council' }));
    expect(server.callsTo('PUT', path).at(-1)!.ifMatch).toBe('"2026-11-27T09:30:00.000Z"');
  });

  it('sets the WQX account; the private key is never shown again', async () => {
    await open('settings');
    expect(await screen.findByText('No WQX account is set.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'WQX organization ID' }), 'DEMO_WQX');
    await userEvent.type(screen.getByRole('textbox', { name: 'WQX user ID' }), 'olga');
    await userEvent.type(screen.getByLabelText(/^Private key/), 'c2VjcmV0LWtleS1vZi1zaXh0ZWVu');
    await userEvent.click(screen.getByRole('button', { name: 'Save WQX account' }));
    expect(await screen.findByText('WQX account saved.')).toBeInTheDocument();
    expect(await screen.findByText(/Private key set .*It is stored encrypted and never shown\./)).toBeInTheDocument();
    expect(screen.getByLabelText('New private key (leave empty to keep the current one)')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected to WQX Web: the account works.')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('textbox', { name: 'WQX user ID' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'WQX user ID' }), 'someone-else');
    await userEvent.click(screen.getByRole('button', { name: 'Save WQX account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('WQX Web refused the user ID or private key.')).toBeInTheDocument();
  });

  it('creates an API key whose secret is shown once, lists it and revokes it', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await open('settings');
    const section = await screen.findByRole('region', { name: 'API keys' });
    expect(within(section).getByText('No API keys yet.')).toBeInTheDocument();
    expect(within(section).getByText(/Data loggers and scripts push time series with an API key/)).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Create API key' }));
    expect(within(section).getByText('Enter a name of at most 100 characters.')).toBeInTheDocument();
    expect(within(section).getByRole('textbox', { name: 'Name of a new key (which logger or script uses it)' })).toHaveFocus();
    expect(server.callsTo('POST', `/organization/${DEMO_ORG}/api-keys`)).toHaveLength(0);

    server.fail('POST', /\/api-keys$/, 400, 'name is required (1 to 100 characters): say which logger or script uses the key.');
    const name = within(section).getByRole('textbox', { name: 'Name of a new key (which logger or script uses it)' });
    await userEvent.type(name, 'Mill Creek logger');
    await userEvent.click(within(section).getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText('name is required (1 to 100 characters): say which logger or script uses the key.')).toBeInTheDocument();
    expect(within(section).queryByLabelText('The new key')).not.toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Create API key' }));
    expect(await screen.findByText('Key “Mill Creek logger” created.')).toBeInTheDocument();
    expect(server.callsTo('POST', `/organization/${DEMO_ORG}/api-keys`)[1]!.body).toEqual({ name: 'Mill Creek logger' });
    const secret = within(section).getByLabelText('The new key');
    expect(secret).toHaveValue('owd_k1_s3cret-shown-once');
    await waitFor(() => expect(secret).toHaveFocus()); // read out at once, not left on the page's body
    expect(secret).toHaveAttribute('readonly');
    expect(within(section).getByText('Copy this key now: it will not be shown again.')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('owd_k1_s3cret-shown-once');
    expect(await screen.findByText('Key copied.')).toBeInTheDocument();

    const row = await within(section).findByRole('row', { name: /Mill Creek logger/ });
    expect(within(row).getByRole('cell', { name: 'Active' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Never' })).toBeInTheDocument();
    expect(within(section).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Key', 'Created', 'Last used', 'Status', 'Actions']);
    // The key's start, as the logger holds it: two keys of one name are told apart.
    expect(within(row).getByRole('cell', { name: 'owd_k1_…' })).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Done' }));
    expect(within(section).queryByLabelText('The new key')).not.toBeInTheDocument();
    expect(name).toHaveFocus(); // ready for a next key
    expect(screen.queryByDisplayValue('owd_k1_s3cret-shown-once')).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Mill Creek logger (owd_k1_…)' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke API key' });
    expect(within(dialog).getByText('Revoke the key “Mill Creek logger” (owd_k1_…)? Loggers that use it can no longer send data.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Key “Mill Creek logger” revoked.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', `/organization/${DEMO_ORG}/api-keys/k1`)).toHaveLength(1);
    const revokedRow = await within(section).findByRole('row', { name: /Mill Creek logger/ });
    await waitFor(() => expect(within(revokedRow).getByText(/^Revoked /)).toBeInTheDocument());
    expect(within(revokedRow).queryByRole('button', { name: /^Revoke Mill Creek logger/ })).not.toBeInTheDocument();
    // Its button left: focus is on the table of keys, not the page's body.
    expect(within(section).getByRole('table').closest('.ws-table-wrap')).toHaveFocus();
  });

  it('on a phone each API key is a card with its Revoke button on screen, in both languages; its table is a landmark of its own', async () => {
    server.state.apiKeys[DEMO_ORG] = [{
      id: 'k7', organizationId: DEMO_ORG, name: 'Hobo logger at MC-01', createdBy: ME, createdAt: '2026-11-24T10:00:00Z',
      lastUsedAt: null, revokedAt: null, active: true,
    }];
    await open('settings');
    const section = await screen.findByRole('region', { name: 'API keys' });
    const table = await within(section).findByRole('table');
    // A walk at 375 px: six columns had put Revoke past a sideways scroll; a .card-table is cards there (workspace.css).
    expect(table).toHaveClass('card-table');
    const row = within(table).getByRole('row', { name: /Hobo logger at MC-01/ });
    const labels = () => within(row).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'));
    expect(labels()).toEqual([null, 'Key', 'Created', 'Last used', 'Status', null]);
    expect(within(row).getAllByRole('cell')[0]).toHaveClass('ws-card-title');
    expect(within(row).getByRole('button', { name: 'Revoke Hobo logger at MC-01 (owd_k7_…)' })).toBeInTheDocument();
    // The section and the table's scroll region had the same name: axe's landmark-unique.
    expect(screen.getAllByRole('region', { name: 'API keys' })).toHaveLength(1);
    expect(table.closest('.ws-table-wrap')).toHaveAccessibleName('Keys of this organization');
    await changeLanguage('zh-CN');
    await waitFor(() => expect(labels()).toEqual([null, '密钥', '创建时间', '最近使用', '状态', null]));
  });

  it('shows the server message when the API keys cannot be listed', async () => {
    server.fail('GET', /\/api-keys$/, 403, 'Only group administrators of this organization may do this.');
    await open('settings');
    expect(await screen.findByText('Only group administrators of this organization may do this.')).toBeInTheDocument();
  });

  it('a simple member reads the map service and sees no WQX account', async () => {
    await open('settings', PROFILES.viewer);
    expect(await screen.findByText('This organization uses the system’s map service.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Style address (URL)' })).toBeDisabled();
    expect(screen.getByText('Only group administrators of the organization change its map service.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'WQX account' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', `/organization/${DEMO_ORG}/wqx-account`)).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'API keys' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', `/organization/${DEMO_ORG}/api-keys`)).toHaveLength(0);
  });

  it('a group administrator edits the organization details, including how to contact it', async () => {
    await open('members');
    await userEvent.click(screen.getByRole('button', { name: 'Edit details' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit organization' });
    // A name taken away is said at the field, which takes the focus.
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter a name.');
    expect(server.callsTo('PATCH', `/organization/${DEMO_ORG}`)).toHaveLength(0);
    await userEvent.type(name, 'Demo Watershed Council');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Contact' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Contact' }), '+1 555 0100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization Demo Watershed Council saved.')).toBeInTheDocument();
    expect(server.callsTo('PATCH', `/organization/${DEMO_ORG}`)[0]!.body).toMatchObject({ contact: '+1 555 0100' });
  });

  it('the last group administrator leaving is refused: the dialog keeps the focus on its button, Escape closes it', async () => {
    const user = userEvent.setup();
    await open('members');
    await screen.findByText('Carl Contributor');
    const leave = within(rowWith('Olga Orgadmin')).getByRole('button', { name: 'Leave' });
    await user.click(leave);
    // The server answers the leaving only when the test says so.
    const answer = holdAnswers(server.fetch, (_input, init) => init?.method === 'DELETE');
    const confirm = within(screen.getByRole('dialog', { name: 'Leave organization' })).getByRole('button', { name: 'Leave' });
    await user.click(confirm);
    // While it is sent the button is marked, not disabled (a disabled button drops the focus to the page's body).
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    answer();
    expect(await screen.findByText('An organization needs at least one group administrator: make someone else a group administrator first.')).toBeInTheDocument();
    expect(server.callsTo('DELETE', `/organization/${DEMO_ORG}/members/${ME}`)).toHaveLength(1);
    expect(confirm).toHaveFocus();
    expect(confirm).toBeEnabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(leave).toHaveFocus();
    expect(server.state.members[DEMO_ORG]!.some((m) => m.userId === ME)).toBe(true);
  });

  it('a new project whose name another project has is said at the name, in the server\'s words, which takes the focus', async () => {
    const user = userEvent.setup();
    await open('projects');
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'creek Survey');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription("A project named 'creek Survey' already exists in this organization: choose another name.");
    // Said once, at the field.
    expect(screen.getAllByText(/A project named/)).toHaveLength(1);
    // A key of its own does not help there: the name stays marked, not the key.
    const key = within(dialog).getByRole('textbox', { name: 'Project key (optional)' });
    await user.type(key, 'creek-2');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription("A project named 'creek Survey' already exists in this organization: choose another name.");
    expect(key).not.toHaveAttribute('aria-invalid');
  });

  it('a new project whose name, taken as its key, another project holds is said at the name without a key the person never typed', async () => {
    const user = userEvent.setup();
    // Renamed since: its key is still its first name.
    Object.assign(server.state.projects[0]!, { name: 'Creek survey 2025', projectKey: 'Creek survey' });
    await open('projects');
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Creek survey');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(
      'A project with this name already exists in this organization: choose another name, or give the new project a key of its own.',
    );
    expect(screen.queryByText(/A project with the key/)).not.toBeInTheDocument();
    // A key given: its refusal is said at the key.
    server.fail('POST', /^\/project$/, 409, "A project with the key 'creek' already exists in this organization.");
    const key = within(dialog).getByRole('textbox', { name: 'Project key (optional)' });
    await user.type(key, 'creek');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(key).toHaveFocus());
    expect(key).toHaveAccessibleDescription("A project with the key 'creek' already exists in this organization.");
    // Another key: created.
    await user.type(key, '-2');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Project Creek survey created.')).toBeInTheDocument();
    expect(server.state.projects.at(-1)).toMatchObject({ name: 'Creek survey', projectKey: 'creek-2' });
  });

  it('two people creating a project of the same name at once: the second is told at the name, not about a key', async () => {
    const user = userEvent.setup();
    await open('projects');
    await user.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = screen.getByRole('dialog', { name: 'New project' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Plain 0');
    // The other person's project was saved between the server's check of the name and the save of this one.
    server.fail('POST', /^\/project$/, 409, "A project with the key 'Plain 0' already exists in this organization.");
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(
      'A project with this name already exists in this organization: choose another name, or give the new project a key of its own.',
    );
    expect(screen.queryByText(/A project with the key/)).not.toBeInTheDocument();
  });

  it('says a taken project name in Chinese, whether the name or its key is taken', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    renderWorkspace(workspace('projects'), PROFILES.orgadmin);
    await user.click(await screen.findByRole('button', { name: '新建项目' }));
    const dialog = screen.getByRole('dialog', { name: '新建项目' });
    const name = within(dialog).getByRole('textbox', { name: '名称' });
    await user.type(name, 'Plain 0');
    // (The server's words come in the interface's language.)
    server.fail('POST', /^\/project$/, 409, "此组织中已存在标识为 'Plain 0' 的项目。");
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription('此组织中已存在同名的项目：请换一个名称，或为新项目另给一个标识。');
    expect(screen.queryByText(/标识为/)).not.toBeInTheDocument();

    server.fail('POST', /^\/project$/, 409, "此组织中已存在名为 'Plain 0' 的项目：请另选一个名称。");
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription("此组织中已存在名为 'Plain 0' 的项目：请另选一个名称。"));
    expect(name).toHaveFocus();
  });

  it('a new station whose identifier is taken is said at the identifier, in the server\'s words, which takes the focus', async () => {
    const user = userEvent.setup();
    server.fail('POST', /^\/station$/, 409, "A station with the identifier 'DEMO-1' already exists in this organization.");
    await open('stations');
    await user.click(await screen.findByRole('button', { name: 'New station' }));
    const dialog = screen.getByRole('dialog', { name: 'New station' });
    const identifier = within(dialog).getByRole('textbox', { name: 'Identifier' });
    await user.type(identifier, 'DEMO-1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Mill Creek again');
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '40.1');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-75.2');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(identifier).toHaveFocus());
    expect(identifier).toHaveAttribute('aria-invalid', 'true');
    expect(identifier).toHaveAccessibleDescription("A station with the identifier 'DEMO-1' already exists in this organization.");
    // Said once, at the field: no toast besides.
    expect(screen.getAllByText("A station with the identifier 'DEMO-1' already exists in this organization.")).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'New station' })).toBeInTheDocument();
    // Another identifier clears the mark and creates the station.
    await user.type(identifier, 'b');
    expect(identifier).not.toHaveAttribute('aria-invalid');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Station Mill Creek again created.')).toBeInTheDocument();
  });

  it('says a taken station identifier at its field in Chinese, as the server words it', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    server.fail('POST', /^\/station$/, 409, '此组织中已存在标识符为“DEMO-1”的站点。');
    await open('stations');
    await user.click(await screen.findByRole('button', { name: '新建站点' }));
    const dialog = screen.getByRole('dialog', { name: '新建站点' });
    // One word for identifier: 标识符, as the explorer and the station's page say it.
    expect(within(dialog).queryByRole('textbox', { name: '标识' })).not.toBeInTheDocument();
    const identifier = within(dialog).getByRole('textbox', { name: '标识符' });
    await user.type(identifier, 'DEMO-1');
    await user.type(within(dialog).getByRole('textbox', { name: '名称' }), '磨坊溪');
    await user.type(within(dialog).getByRole('textbox', { name: '纬度' }), '40.1');
    await user.type(within(dialog).getByRole('textbox', { name: '经度' }), '-75.2');
    await user.click(within(dialog).getByRole('button', { name: '创建' }));
    await waitFor(() => expect(identifier).toHaveFocus());
    expect(identifier).toHaveAccessibleDescription('此组织中已存在标识符为“DEMO-1”的站点。');
    expect(screen.getByRole('columnheader', { name: '标识符' })).toBeInTheDocument();
  });

  it('names one station in the singular when editing it through the selection', async () => {
    const user = userEvent.setup();
    await open('stations');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Mill Creek' }));
    await user.click(screen.getByRole('button', { name: 'Edit selected (1)' }));
    const bulk = screen.getByRole('dialog', { name: 'Edit 1 station' });
    await user.selectOptions(within(bulk).getByRole('combobox', { name: 'Station type' }), 'lake');
    await user.click(within(bulk).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('1 station saved.')).toBeInTheDocument();
  });

  it('the map service and WQX buttons keep the focus after saving (not the page’s body)', async () => {
    const user = userEvent.setup();
    await open('settings');
    await screen.findByText('This organization uses the system’s map service.');
    await user.type(screen.getByRole('textbox', { name: 'Style address (URL)' }), 'https://tiles.example.org/style.json');
    const save = screen.getByRole('button', { name: 'Save map service' });
    await user.click(save);
    expect(await screen.findByText('Map service saved.')).toBeInTheDocument();
    expect(save).toHaveFocus();
    expect(save).not.toHaveAttribute('aria-disabled');
    // Going back to the system's takes its button away: focus goes to Save.
    await user.click(await screen.findByRole('button', { name: 'Use the system’s map service' }));
    expect(await screen.findByText('This organization uses the system’s map service again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Use the system’s map service' })).not.toBeInTheDocument());
    expect(save).toHaveFocus();

    await user.type(await screen.findByRole('textbox', { name: 'WQX organization ID' }), 'DEMO_WQX');
    await user.type(screen.getByRole('textbox', { name: 'WQX user ID' }), 'olga');
    await user.type(screen.getByLabelText(/^Private key/), 'c2VjcmV0LWtleS1vZi1zaXh0ZWVu');
    // The server answers the account only when the test says so.
    const answer = holdAnswers(server.fetch, (input, init) => init?.method === 'PUT' && String(input).endsWith('/wqx-account'));
    const saveWqx = screen.getByRole('button', { name: 'Save WQX account' });
    await user.click(saveWqx);
    // While it is sent the button is marked, not disabled (a disabled button drops the focus to the page's body).
    expect(saveWqx).toHaveAttribute('aria-disabled', 'true');
    expect(saveWqx).toBeEnabled();
    await user.click(saveWqx);
    answer();
    expect(await screen.findByText('WQX account saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/wqx-account`)).toHaveLength(1);
    expect(saveWqx).toHaveFocus();
    expect(saveWqx).toBeEnabled();
  });

  it('checks the map service addresses itself (no browser bubble): each problem at its field, which takes the focus, nothing sent', async () => {
    const user = userEvent.setup();
    await open('settings');
    await screen.findByText('This organization uses the system’s map service.');
    const style = screen.getByRole('textbox', { name: 'Style address (URL)' });
    const tiles = screen.getByRole('textbox', { name: 'Tile address (URL with {z}/{x}/{y})' });
    // The browser's own check is off: its bubbles speak the browser's language, not the interface's.
    expect(style.closest('form')).toHaveAttribute('novalidate');
    await user.type(style, 'not a url');
    await user.type(tiles, 'https://tiles.example.org/tile.png');
    const save = screen.getByRole('button', { name: 'Save map service' });
    await user.click(save);
    await waitFor(() => expect(style).toHaveFocus());
    expect(style).toHaveAttribute('aria-invalid', 'true');
    expect(style).toHaveAccessibleDescription('The style address must be an http(s) address, for example https://tiles.example.org/style.json.');
    expect(tiles).toHaveAttribute('aria-invalid', 'true');
    expect(tiles).toHaveAccessibleDescription('The tile address must hold {z}, {x} and {y} (for example https://tiles.example.org/{z}/{x}/{y}.png).');
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/settings/map-service`)).toHaveLength(0);
    // Changing a field clears its own mark only.
    await user.clear(style);
    expect(style).not.toHaveAttribute('aria-invalid');
    expect(tiles).toHaveAttribute('aria-invalid', 'true');
    await user.click(save);
    await waitFor(() => expect(tiles).toHaveFocus());
    await user.clear(tiles);
    // {{ types a { (a lone { starts a key's name for user-event).
    await user.type(tiles, 'ftp://tiles.example.org/{{z}/{{x}/{{y}.png');
    await user.click(save);
    expect(tiles).toHaveAccessibleDescription('The tile address must be an http(s) address, for example https://tiles.example.org/{z}/{x}/{y}.png.');
    await user.clear(tiles);
    await user.type(tiles, 'https://tiles.example.org/{{z}/{{x}/{{y}.png');
    await user.click(save);
    expect(await screen.findByText('Map service saved.')).toBeInTheDocument();
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/settings/map-service`)[0]!.body).toEqual({
      value: { tileUrl: 'https://tiles.example.org/{z}/{x}/{y}.png' },
    });
  });

  it('says the map service and WQX account problems in Chinese, under their fields', async () => {
    const user = userEvent.setup();
    await changeLanguage('zh-CN');
    await open('settings');
    const style = await screen.findByRole('textbox', { name: '样式地址（URL）' });
    await user.type(style, 'not a url');
    await user.click(screen.getByRole('button', { name: '保存地图服务' }));
    await waitFor(() => expect(style).toHaveFocus());
    expect(style).toHaveAccessibleDescription('样式地址必须是 http(s) 地址，例如 https://tiles.example.org/style.json。');

    // The WQX account: both IDs and (while none is set) the private key are needed.
    const wqxForm = screen.getByRole('button', { name: '保存 WQX 账户' }).closest('form')!;
    expect(wqxForm).toHaveAttribute('novalidate');
    await user.click(screen.getByRole('button', { name: '保存 WQX 账户' }));
    const organizationId = screen.getByRole('textbox', { name: 'WQX 组织 ID' });
    await waitFor(() => expect(organizationId).toHaveFocus());
    expect(organizationId).toHaveAccessibleDescription('请输入 WQX 组织 ID。');
    expect(screen.getByRole('textbox', { name: 'WQX 用户 ID' })).toHaveAccessibleDescription('请输入 WQX 用户 ID。');
    expect(screen.getByLabelText(/^私钥/)).toHaveAccessibleDescription('请输入 WQX Web 为此用户显示的私钥。');
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/wqx-account`)).toHaveLength(0);
  });

  it('checks the WQX account before sending, and says a WQX organization ID another organization holds at its field', async () => {
    const user = userEvent.setup();
    await open('settings');
    const organizationId = await screen.findByRole('textbox', { name: 'WQX organization ID' });
    const userId = screen.getByRole('textbox', { name: 'WQX user ID' });
    await user.type(organizationId, 'DEMO_WQX');
    await user.click(screen.getByRole('button', { name: 'Save WQX account' }));
    await waitFor(() => expect(userId).toHaveFocus());
    expect(userId).toHaveAttribute('aria-invalid', 'true');
    expect(userId).toHaveAccessibleDescription('Enter the WQX user ID.');
    expect(organizationId).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/^Private key/)).toHaveAccessibleDescription('Enter the private key that WQX Web shows for this user.');
    expect(server.callsTo('PUT', `/organization/${DEMO_ORG}/wqx-account`)).toHaveLength(0);

    const taken = 'Another organization of this portal is known as RIVER_WQX (its name or its WQX organization id).';
    server.fail('PUT', /\/wqx-account$/, 409, taken);
    await user.type(userId, 'olga');
    expect(userId).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText(/^Private key/), 'c2VjcmV0LWtleS1vZi1zaXh0ZWVu');
    await user.click(screen.getByRole('button', { name: 'Save WQX account' }));
    await waitFor(() => expect(organizationId).toHaveFocus());
    expect(organizationId).toHaveAccessibleDescription(taken);
    expect(screen.getAllByText(taken)).toHaveLength(1);
  });

  it.each([
    ['en', 'Members', 'No members yet.'],
    ['zh-CN', '成员', '尚无成员。'],
  ] as const)('says when the organization has no members, instead of an empty table (%s)', async (language, title, said) => {
    await changeLanguage(language);
    server.state.members[DEMO_ORG] = [];
    // A system administrator, member of nothing, may open any organization.
    renderWorkspace(workspace('members'), PROFILES.admin);
    const members = await screen.findByRole('region', { name: title });
    expect(await within(members).findByText(said)).toBeInTheDocument();
    expect(within(members).queryByRole('table')).not.toBeInTheDocument();
  });

  it('someone outside the organization is told so', async () => {
    renderWorkspace(workspace('members'), PROFILES.outsider);
    expect(await screen.findByText('You are not a member of this organization.')).toBeInTheDocument();
    expect(server.callsTo('GET', `/organization/${DEMO_ORG}/members`)).toHaveLength(0);
  });

  it('reads in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    await open('members');
    const tabs = screen.getByRole('navigation', { name: '组织栏目' });
    expect(within(tabs).getAllByRole('link').map((l) => l.textContent)).toEqual(['成员', '项目', '站点', '参数', '设置']);
    expect(await screen.findByRole('combobox', { name: 'Carl Contributor 的角色' })).toBeInTheDocument();
  });

  it('on a phone each member is a card whose role and actions stay on screen; the tabs wrap', async () => {
    await open('members');
    await screen.findByText('Carl Contributor');
    const labels = () => within(rowWith('Carl Contributor')).getAllByRole('cell').map((cell) => cell.getAttribute('data-label'));
    expect(labels()).toEqual([null, 'Email', 'Role', null]);
    // The role list styled as the form's fields, as high as the buttons beside it (44 px on a touch screen): it was
    // the browser's own, 19 px high (shell/workspace.css .ws-control).
    expect(screen.getByRole('combobox', { name: 'Role of Carl Contributor' })).toHaveClass('ws-control');
    await changeLanguage('zh-CN');
    await waitFor(() => expect(labels()).toEqual([null, '电子邮箱', '角色', null]));
    expect(screen.getByRole('region', { name: '成员' }).closest('section')).toHaveClass('org-workspace');
    // The stylesheet lays such rows out as cards on a phone, and lets the section tabs wrap there.
    expect(within(screen.getByRole('region', { name: '成员' })).getByRole('table')).toHaveClass('card-table');
    const shellCss = readFileSync(join(__dirname, '..', '..', '..', 'shell', 'workspace.css'), 'utf-8');
    expect(shellCss).toMatch(/@media \(max-width: 640px\)[\s\S]*\.card-table td\[data-label\]::before \{\s*content: attr\(data-label\)/);
    expect(shellCss).toMatch(/@media \(max-width: 640px\) \{\s*\.tab-nav \{\s*flex-wrap: wrap;/);
  });

  it('on a phone each station is a card whose Edit and Delete stay on screen; its values carry their column names', async () => {
    await open('stations');
    const table = await screen.findByRole('table', { name: 'Stations (2)' });
    // The stylesheet lays out a .card-table as cards on a phone (workspace.css; the stations' own in organizations.css).
    expect(table).toHaveClass('card-table', 'stations-table');
    const cells = () => within(rowWith('Mill Creek')).getAllByRole('cell');
    expect(cells().map((cell) => cell.getAttribute('data-label'))).toEqual([null, 'Identifier', null, 'Station type', 'Values', null]);
    expect(cells()[2]).toHaveClass('ws-card-title');
    expect(within(cells()[5]!).getByRole('button', { name: 'Edit Mill Creek' })).toBeInTheDocument();
    await changeLanguage('zh-CN');
    await waitFor(() => expect(cells().map((cell) => cell.getAttribute('data-label'))).toEqual([null, '标识符', null, '站点类型', '数值', null]));
    const css = readFileSync(join(__dirname, '..', 'organizations.css'), 'utf-8');
    expect(css).toMatch(/@media \(max-width: 640px\) \{\s*\.stations-table tbody tr \{\s*display: grid;/);
  });

  it('names station types in Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    await open('stations');
    expect(await within(await screen.findByRole('table')).findByText('湖泊或水库')).toBeInTheDocument();
  });
});

describe("the workspace's tab panels", () => {
  /** Each tab's headings under the page's h1, as someone moving by headings meets them: its name, then its sections. */
  const OUTLINES = {
    en: {
      members: ['h2 Members'],
      projects: ['h2 Projects', 'h3 Creek survey'],
      stations: ['h2 Stations'],
      parameters: ['h2 Parameters'],
      settings: ['h2 Settings', 'h3 Map service', 'h3 Column names of imported files', 'h3 WQX account', 'h3 API keys'],
    },
    'zh-CN': {
      members: ['h2 成员'],
      projects: ['h2 项目', 'h3 Creek survey'],
      stations: ['h2 站点'],
      parameters: ['h2 参数'],
      settings: ['h2 设置', 'h3 地图服务', 'h3 导入文件的列名', 'h3 WQX 账户', 'h3 API 密钥'],
    },
  };
  const cases = (['en', 'zh-CN'] as const).flatMap((language) => Object.entries(OUTLINES[language]).map(([tab, outline]) => ({ language, tab, outline })));

  it.each(cases)('$tab ($language): an h2 naming the tab under the h1, its sections h3 under that', async ({ language, tab, outline }) => {
    await changeLanguage(language);
    renderWorkspace(workspace(tab), PROFILES.orgadmin);
    expect(await pageOutline()).toEqual(['h1 Demo Watershed Council', ...outline]);
  });
});
