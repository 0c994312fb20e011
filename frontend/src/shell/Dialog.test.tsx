import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './Dialog';

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
