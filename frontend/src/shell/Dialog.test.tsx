import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog, Dialog } from './Dialog';

/** A list whose items are deleted after a confirmation, focus then going to its heading. */
function Items() {
  const [items, setItems] = useState(['Lakes', 'Rivers']);
  const [deleting, setDeleting] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Items
      </h1>
      {items.map((item) => (
        <button key={item} type="button" onClick={() => setDeleting(item)}>
          Delete {item}
        </button>
      ))}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete"
        message={`Delete ${deleting}?`}
        confirmLabel="Delete"
        cancelLabel="Cancel"
        onConfirm={() => {
          setItems((all) => all.filter((i) => i !== deleting));
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
        focusAfter={() => heading.current}
      />
    </>
  );
}

describe('the confirm dialog is read as it opens', () => {
  it('has its question as its description, the focus being on Cancel', async () => {
    const user = userEvent.setup();
    render(<Items />);
    await user.click(screen.getByRole('button', { name: 'Delete Lakes' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(dialog).toHaveAccessibleDescription('Delete Lakes?');
  });

  it('describes a dialog by its body only when told (a form is read field by field)', () => {
    render(
      <Dialog open title="Rename" onClose={() => {}}>
        <label>
          Name <input />
        </label>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Rename' })).not.toHaveAttribute('aria-describedby');
  });
});

describe('the confirm dialog returns focus', () => {
  it('to the element that opened it, when it is still there', async () => {
    const user = userEvent.setup();
    render(<Items />);
    await user.click(screen.getByRole('button', { name: 'Delete Lakes' }));
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Delete Lakes' })).toHaveFocus();
  });

  it("to the caller's element when confirming removed the one that opened it", async () => {
    const user = userEvent.setup();
    render(<Items />);
    await user.click(screen.getByRole('button', { name: 'Delete Lakes' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('button', { name: 'Delete Lakes' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Items' })).toHaveFocus();
  });
});

/** A selection edited in a dialog: saving clears it, which disables the button that opened the dialog. */
function Selection() {
  const [selected, setSelected] = useState(2);
  const [editing, setEditing] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  return (
    <>
      <button type="button" disabled={selected === 0} onClick={() => setEditing(true)}>
        Edit selected ({selected})
      </button>
      <div ref={list} tabIndex={-1} aria-label="Stations" role="region" />
      <ConfirmDialog
        open={editing}
        title="Edit"
        message="Save?"
        confirmLabel="Save"
        cancelLabel="Cancel"
        onConfirm={() => {
          setSelected(0);
          setEditing(false);
        }}
        onClose={() => setEditing(false)}
        focusAfter={() => list.current}
      />
    </>
  );
}

describe('the dialog closing after its opener was disabled', () => {
  it("gives focus to the caller's element instead of the disabled button (not the page's body)", async () => {
    const user = userEvent.setup();
    render(<Selection />);
    await user.click(screen.getByRole('button', { name: 'Edit selected (2)' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Edit selected (0)' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Stations' })).toHaveFocus();
  });
});

/** A deletion the server refuses after a moment (a 403 or a 409), the error said in a toast. */
function RefusedDeletion() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [presses, setPresses] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Ada
      </button>
      {refusal && <p role="alert">{refusal}</p>}
      <p>Pressed {presses}</p>
      <ConfirmDialog
        open={open}
        title="Delete user"
        message="Delete Ada?"
        confirmLabel="Delete"
        cancelLabel="Cancel"
        busy={busy}
        onConfirm={() => {
          setPresses((n) => n + 1);
          setBusy(true);
          // Refused after the test's presses, even on a loaded machine (at 20 ms it had come before them).
          setTimeout(() => {
            setBusy(false);
            setRefusal('You cannot change or delete a user who holds permissions you do not hold.');
          }, 500);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

describe('the confirm dialog whose action the server refuses', () => {
  it('keeps focus on its button while busy and after the refusal, ignores presses meanwhile, and Escape still closes it', async () => {
    const user = userEvent.setup();
    render(<RefusedDeletion />);
    await user.click(screen.getByRole('button', { name: 'Delete Ada' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete user' })).getByRole('button', { name: 'Delete' });
    await user.click(confirm);
    expect(confirm).toHaveAttribute('aria-disabled', 'true');
    expect(confirm).toBeEnabled();
    expect(confirm).toHaveFocus();
    // A second press while it is sent does nothing.
    await user.click(confirm);
    expect(screen.getByText('Pressed 1')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot change or delete a user who holds permissions you do not hold.');
    expect(confirm).not.toHaveAttribute('aria-disabled');
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Ada' })).toHaveFocus();
  });
});

/** A dialog whose checkboxes arrive a moment after it opened (they are loaded). */
function LaterChoices({ delay = 20, disabled }: { delay?: number; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setLoaded(true), delay);
    return () => clearTimeout(timer);
  }, [open, delay]);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Choose lakes
      </button>
      <Dialog
        open={open}
        title="Lakes"
        onClose={() => setOpen(false)}
        footer={
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
        }
      >
        {loaded ? (
          <fieldset disabled={disabled}>
            <legend>Lakes</legend>
            <label>
              <input type="checkbox" /> Lake Alpha
            </label>
            <label>
              <input type="checkbox" /> Lake Beta
            </label>
          </fieldset>
        ) : (
          <p>Loading…</p>
        )}
      </Dialog>
    </>
  );
}

describe('a dialog whose fields load after it opened', () => {
  it('gives the first field the focus once it is there, so Space ticks it instead of pressing Cancel', async () => {
    const user = userEvent.setup();
    render(<LaterChoices />);
    await user.click(screen.getByRole('button', { name: 'Choose lakes' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    const alpha = await screen.findByRole('checkbox', { name: 'Lake Alpha' });
    expect(alpha).toHaveFocus();
    await user.keyboard(' ');
    expect(alpha).toBeChecked();
    expect(screen.getByRole('dialog', { name: 'Lakes' })).toBeInTheDocument();
  });

  it('never takes the focus from where the person moved it meanwhile', async () => {
    const user = userEvent.setup();
    // The fields come after the key press even on a loaded machine (at 50 ms they had come before it, and took the
    // focus as they should then).
    render(<LaterChoices delay={500} />);
    await user.click(screen.getByRole('button', { name: 'Choose lakes' }));
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    // A key pressed on Cancel (Shift, to read it again): the person is acting there.
    await user.keyboard('{Shift}');
    await screen.findByRole('checkbox', { name: 'Lake Alpha' });
    expect(cancel).toHaveFocus();
  });

  it('leaves the focus on its button when the loaded fields cannot be changed', async () => {
    const user = userEvent.setup();
    render(<LaterChoices disabled />);
    await user.click(screen.getByRole('button', { name: 'Choose lakes' }));
    await screen.findByRole('checkbox', { name: 'Lake Alpha' });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });
});
