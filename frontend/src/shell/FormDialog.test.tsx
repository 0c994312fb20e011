import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormDialog } from './FormDialog';

/** A form whose server refuses the first try after a moment, as a 409 would. */
function Refused() {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!open) return <p>closed</p>;
  return (
    <FormDialog
      title="Invite someone"
      submitLabel="Send invitation"
      busy={busy}
      onClose={() => setOpen(false)}
      onSubmit={() => {
        setBusy(true);
        setTimeout(() => {
          setBusy(false);
          setRefusal('viewer@example.org is already a member of this organization.');
        }, 10);
      }}
    >
      <input aria-label="Email" />
      {refusal && <p>{refusal}</p>}
    </FormDialog>
  );
}

describe('a form dialog sending its form', () => {
  it('keeps focus on its button while busy and after a refusal, so Escape still closes it', async () => {
    const user = userEvent.setup();
    render(<Refused />);
    const send = screen.getByRole('button', { name: 'Send invitation' });
    await user.click(send);
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).not.toBeDisabled();
    expect(await screen.findByText('viewer@example.org is already a member of this organization.')).toBeInTheDocument();
    expect(send).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
