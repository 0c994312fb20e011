import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FormDialog, TextField } from './FormDialog';

/** The server's refusal of the send in flight: the test answers when it has looked at the form while busy. */
let refuse = () => undefined as void;

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
        refuse = () => {
          setBusy(false);
          setRefusal('viewer@example.org is already a member of this organization.');
        };
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
    act(() => refuse());
    expect(await screen.findByText('viewer@example.org is already a member of this organization.')).toBeInTheDocument();
    expect(send).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});

/** Two required fields checked on submit, as the organization and invitation dialogs check theirs. */
function Checked() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  return (
    <FormDialog
      title="Edit organization"
      submitLabel="Save"
      onClose={() => undefined}
      onSubmit={() => setErrors({ name: name ? undefined : 'Enter a name.', email: email.includes('@') ? undefined : 'Enter a valid email address.' })}
    >
      <TextField label="Name" value={name} error={errors.name} onChange={setName} />
      <TextField label="Email" type="email" value={email} error={errors.email} onChange={setEmail} />
    </FormDialog>
  );
}

describe('a form dialog whose submit finds invalid fields', () => {
  it('moves focus to the first invalid field, whose message is tied to it', async () => {
    const user = userEvent.setup();
    render(<Checked />);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter a name.');

    // Only the email is still wrong: the next submit lands there.
    await user.type(name, 'Demo');
    await user.click(save);
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');

    // The same error again (nothing changed) still brings focus back from the button.
    await user.click(save);
    expect(email).toHaveFocus();
  });

  it('leaves focus on the button when every field is valid', async () => {
    const user = userEvent.setup();
    render(<Checked />);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Demo');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'office@demo.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });
});

/** A form whose server refuses the email after a moment, the refusal said at the field (a 409: already taken). */
function RefusedAtField() {
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('carl@demo.example');
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <FormDialog
      title="Edit user"
      submitLabel="Save"
      busy={busy}
      onClose={() => undefined}
      onSubmit={() => {
        setBusy(true);
        setTimeout(() => {
          setRefusal('A user with email carl@demo.example already exists.');
          setBusy(false);
        }, 10);
      }}
    >
      <TextField label="Name" value="Carla" onChange={() => undefined} />
      <TextField label="Email" type="email" value={email} error={refusal} onChange={(value) => {
        setEmail(value);
        setRefusal(null);
      }} />
    </FormDialog>
  );
}

describe('a form dialog whose send the server refuses at a field', () => {
  it('moves focus to that field when the refusal arrives, its message tied to it', async () => {
    const user = userEvent.setup();
    render(<RefusedAtField />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('A user with email carl@demo.example already exists.');
  });
});
