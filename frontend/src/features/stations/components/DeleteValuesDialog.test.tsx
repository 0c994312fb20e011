import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, SessionEndedError } from '../../../api/client';
import { changeLanguage } from '../../../i18n';
import { Toasts, toast } from '../../../shell/toast';
import { renderWithProviders } from '../../../test/render';
import { DeleteValuesDialog, type DeleteValuesDialogProps, type ValuesPeriod } from './DeleteValuesDialog';

type Delete = (period: ValuesPeriod) => Promise<number>;

/** A page with the button that opens the dialog, and the toasts. */
function Page({ onDelete, ...props }: Partial<DeleteValuesDialogProps> & { onDelete: Delete }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Delete values…</button>
      {open && <DeleteValuesDialog name="pH" station="Bear Creek (USGS-01)" {...props} onDelete={onDelete} onClose={() => setOpen(false)} />}
      <Toasts />
    </>
  );
}

async function open(onDelete: Delete, props: Partial<DeleteValuesDialogProps> = {}) {
  const user = userEvent.setup();
  renderWithProviders(<Page onDelete={onDelete} {...props} />);
  const opener = screen.getByRole('button', { name: 'Delete values…' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog') };
}

beforeEach(() => {
  toast.clear();
});

describe('the Delete values dialog', () => {
  it('takes the focus to its first date, closes on Escape without deleting, and gives the focus back to its button', async () => {
    const onDelete = vi.fn<Delete>();
    const { user, opener, dialog } = await open(onDelete);
    expect(dialog).toHaveAccessibleName('Delete values of pH');
    expect(within(dialog).getByLabelText('From')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('names what goes for the period chosen, and that it cannot be undone; starts from the chart\'s dates', async () => {
    const { dialog } = await open(vi.fn<Delete>(), { initial: { from: '2020-02-01', to: '2020-02-29' } });
    expect(within(dialog).getByLabelText('From')).toHaveValue('2020-02-01');
    expect(within(dialog).getByLabelText('To')).toHaveValue('2020-02-29');
    expect(dialog).toHaveTextContent('The values of pH at Bear Creek (USGS-01) from 2020-02-01 to 2020-02-29 will be deleted. This cannot be undone.');
    fireEvent.change(within(dialog).getByLabelText('To'), { target: { value: '' } });
    expect(dialog).toHaveTextContent('The values of pH at Bear Creek (USGS-01) from 2020-02-01 on will be deleted.');
    fireEvent.change(within(dialog).getByLabelText('From'), { target: { value: '' } });
    expect(dialog).toHaveTextContent('Every value of pH at Bear Creek (USGS-01) will be deleted. This cannot be undone.');
  });

  it('deletes the period and says how many went in a toast, then closes', async () => {
    const onDelete = vi.fn<Delete>(async () => 1234);
    const { user, opener, dialog } = await open(onDelete, { initial: { from: '2020-02-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).toHaveBeenCalledWith({ from: '2020-02-01', to: '' });
    expect(screen.getByText('1,234 values deleted.').closest('[role="status"]')).toHaveClass('toast-success');
    expect(opener).toHaveFocus();
  });

  it.each([
    [1, { from: '2020-02-01', to: '' }, '1 value deleted.'],
    [0, { from: '2020-02-01', to: '' }, 'No values in this period.'],
    [0, { from: '', to: '' }, 'There were no values to delete.'],
  ])('says %s deleted as "%s"', async (count, initial, said) => {
    const { user, dialog } = await open(async () => count, { initial });
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    expect(await screen.findByText(said)).toBeInTheDocument();
  });

  it("shows the server's refusal of the period in the dialog, which stays open for a shorter period", async () => {
    const message = 'This period holds 61,200 values: at most 50,000 are deleted at a time. Choose a shorter period.';
    const onDelete = vi.fn<Delete>().mockRejectedValueOnce(new ApiError(message, { status: 400 })).mockResolvedValueOnce(40_000);
    const { user, dialog } = await open(onDelete);
    const confirm = within(dialog).getByRole('button', { name: 'Delete values' });
    await user.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(`The values could not be deleted: ${message}`);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(confirm).toHaveFocus();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    // A shorter period, typed, then the button pressed (leaving the field commits the date): the values go.
    const to = within(dialog).getByLabelText('To');
    to.focus();
    fireEvent.change(to, { target: { value: '2021-12-31' } });
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onDelete).toHaveBeenLastCalledWith({ from: '', to: '2021-12-31' });
    expect(screen.getByText('40,000 values deleted.')).toBeInTheDocument();
  });

  it('sends nothing while the start is after the end, and says so at the date', async () => {
    const onDelete = vi.fn<Delete>();
    const { user, dialog } = await open(onDelete, { initial: { from: '2020-03-01', to: '2020-02-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    expect(onDelete).not.toHaveBeenCalled();
    const from = within(dialog).getByLabelText('From');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('The start date must not be after the end date.');
    expect(from).toHaveFocus();
  });

  it('says nothing more when the session ended (the sign-in dialog says it), and stays open', async () => {
    const { user, dialog } = await open(async () => {
      throw new SessionEndedError();
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete values' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Delete values' })).not.toHaveAttribute('aria-disabled'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('warns that a logger series goes whole without a period, and that an emptied one leaves the list', async () => {
    const { dialog } = await open(vi.fn<Delete>(), { series: true, name: 'Specific conductance' });
    expect(dialog).toHaveTextContent(
      'The whole logger series Specific conductance at Bear Creek (USGS-01) will be deleted, every value of it: it then leaves the list of series. This cannot be undone.',
    );
    expect(dialog).toHaveTextContent('Leave both dates empty to delete the whole series.');
    const from = within(dialog).getByLabelText('From');
    fireEvent.change(from, { target: { value: '2023-03-01' } });
    fireEvent.blur(from);
    expect(dialog).toHaveTextContent('from 2023-03-01 on will be deleted. A series left without values leaves the list. This cannot be undone.');
  });

  it('speaks Simplified Chinese', async () => {
    await changeLanguage('zh-CN');
    const { user, dialog } = await open(async () => 3, { initial: { from: '2020-02-01', to: '2020-02-29' } });
    expect(dialog).toHaveAccessibleName('删除 pH 的数值');
    expect(within(dialog).getByRole('group', { name: '时间段' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('起始')).toHaveValue('2020-02-01');
    expect(dialog).toHaveTextContent('将删除站点 Bear Creek (USGS-01) 上 pH 从 2020-02-01 到 2020-02-29 的数值。 此操作无法撤销。');
    expect(within(dialog).getByRole('button', { name: '取消' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '删除数值' }));
    expect(await screen.findByText('已删除 3 个数值。')).toBeInTheDocument();
  });
});
