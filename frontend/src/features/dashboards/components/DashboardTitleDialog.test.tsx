import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setApiBase } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { toast } from '../../../shell/toast';
import { dashboard, menuEntries, renderSignedIn, stubDashboardsApi } from '../testing';

beforeEach(() => {
  setApiBase(undefined);
  toast.clear();
});

async function openCreateDialog() {
  const user = userEvent.setup();
  const rendered = renderSignedIn('/home');
  await user.click(await screen.findByRole('button', { name: 'New dashboard' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create new dashboard' });
  const field = within(dialog).getByRole('textbox', { name: 'Dashboard title' });
  return { user, dialog, field, ...rendered };
}

describe('create dialog (spec: dashboard screens, section 5)', () => {
  it("has the title 'Create new dashboard', one field 'Dashboard title', Cancel and Create", async () => {
    stubDashboardsApi([]);
    const { dialog, field } = await openCreateDialog();
    expect(within(dialog).getAllByRole('textbox')).toEqual([field]);
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['Cancel', 'Create']);
    expect(field).toHaveFocus();
  });

  it('takes a title of up to 120 characters, as the server does', async () => {
    stubDashboardsApi([]);
    const { user, field } = await openCreateDialog();
    await user.type(field, 'L'.repeat(130));
    expect(field).toHaveValue('L'.repeat(120));
  });

  it("says 'Please enter dashboard name.' when the empty field loses focus, not before", async () => {
    stubDashboardsApi([]);
    const { user, dialog, field } = await openCreateDialog();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.tab();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter dashboard name.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please enter dashboard name.');
    await user.type(field, 'Lake');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('says a title is taken while typing and on blur (case does not matter), naming the dashboard that has it', async () => {
    stubDashboardsApi([dashboard('d1', 'River Survey')]);
    const { user, dialog, field } = await openCreateDialog();
    await user.type(field, 'river survey');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Dashboard named River Survey already exists. Please try a different one.');
    await user.tab();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Dashboard named River Survey already exists. Please try a different one.');
    await user.type(field, ' 2');
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it("refuses to submit an empty or taken title without calling the server", async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const { user, dialog, field } = await openCreateDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter dashboard name.');
    await user.type(field, 'Lakes{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Dashboard named Lakes already exists. Please try a different one.');
    expect(api.callsTo('POST', '/dashboards')).toHaveLength(0);
  });

  it("submits on Enter: creates the dashboard, toasts 'Added dashboard: {label}.', lists it and opens it", async () => {
    const api = stubDashboardsApi([dashboard('d1', 'Wetlands')]);
    const { user, field, router } = await openCreateDialog();
    await user.type(field, '  Alpine lakes {Enter}');
    expect(await screen.findByText('Added dashboard: Alpine lakes.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/dashboards')[0].body).toEqual({ label: 'Alpine lakes' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/userspace/dashboards/new-1'));
    // The focus is on the page, where the new dashboard is, not back on 'New dashboard' in the side menu.
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    const menu = screen.getByRole('list', { name: 'Dashboards' });
    await waitFor(() => expect(menuEntries(menu)).toEqual(['Alpine lakes', 'Wetlands', 'New dashboard', 'All dashboards']));
  });

  it('clears the form when closed with Cancel or Escape', async () => {
    stubDashboardsApi([dashboard('d1', 'Lakes')]);
    const { user, dialog, field } = await openCreateDialog();
    await user.type(field, 'Lakes');
    expect(within(dialog).getByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New dashboard' }));
    let reopened = await screen.findByRole('dialog', { name: 'Create new dashboard' });
    expect(within(reopened).getByRole('textbox', { name: 'Dashboard title' })).toHaveValue('');
    expect(within(reopened).queryByRole('alert')).toBeNull();

    await user.type(within(reopened).getByRole('textbox', { name: 'Dashboard title' }), 'Half typed');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New dashboard' }));
    reopened = await screen.findByRole('dialog', { name: 'Create new dashboard' });
    expect(within(reopened).getByRole('textbox', { name: 'Dashboard title' })).toHaveValue('');
  });

  it("shows the server's message when the title was taken meanwhile", async () => {
    const api = stubDashboardsApi([]);
    const { user, dialog, field } = await openCreateDialog();
    api.dashboards.push(dashboard('elsewhere', 'Estuary'));
    await user.type(field, 'Estuary{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Dashboard named Estuary already exists. Please try a different one.');
    expect(screen.getByRole('dialog', { name: 'Create new dashboard' })).toBeInTheDocument();
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    stubDashboardsApi([dashboard('d1', '湖泊')]);
    const user = userEvent.setup();
    renderSignedIn('/home');
    await user.click(await screen.findByRole('button', { name: '新建仪表板' }));
    const dialog = await screen.findByRole('dialog', { name: '创建新仪表板' });
    const field = within(dialog).getByRole('textbox', { name: '仪表板标题' });
    await user.tab();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('请输入仪表板名称。');
    await user.type(field, '湖泊');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('名为 湖泊 的仪表板已存在，请换一个名称。');
    expect(within(dialog).getAllByRole('button').map((b) => b.textContent)).toEqual(['取消', '创建']);
    await changeLanguage('en');
  });
});
