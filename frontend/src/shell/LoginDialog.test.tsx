import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { ANONYMOUS_SESSION, SessionContext, type Session } from '../auth/session';
import { initI18n, type Language } from '../i18n';
import { renderWithProviders } from '../test/render';
import { Dialog } from './Dialog';
import { LoginDialog } from './LoginDialog';

let endSession: () => void = () => undefined;
let failSend: () => void = () => undefined;

/** The session's login dialog flag; signing in again closes the dialog, as the session does once signed in. */
function Session({ children, signInAgain }: { children: ReactNode; signInAgain: () => Promise<void> }) {
  const [loginDialogVisible, setLoginDialogVisible] = useState(false);
  endSession = () => setLoginDialogVisible(true);
  const session: Session = {
    ...ANONYMOUS_SESSION,
    enabled: true,
    status: 'signed-in',
    loginDialogVisible,
    setLoginDialogVisible,
    signInAgain: async () => {
      await signInAgain();
      setLoginDialogVisible(false);
    },
  };
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/**
 * A feature's dialog on the page's top level (as the dashboards' are), whose send fails when the session has
 * ended: then, as theirs does, it puts focus back on its field.
 */
function NewDashboard() {
  const field = useRef<HTMLInputElement>(null);
  failSend = () => field.current?.focus();
  return createPortal(
    <Dialog open title="Create new dashboard" onClose={() => undefined}>
      <label>
        Dashboard title
        <input ref={field} />
      </label>
      <button type="button">Create</button>
    </Dialog>,
    document.body,
  );
}

const WORDS = {
  en: { title: 'Sign in again', signIn: 'Sign in', cancel: 'Cancel' },
  'zh-CN': { title: '重新登录', signIn: '登录', cancel: '取消' },
} as const;

describe('the "Sign in again" dialog over an open dialog', () => {
  for (const lang of ['en', 'zh-CN'] as Language[]) {
    it(`lies on top, keeps the focus against the dialog underneath, and gives back its typed title (${lang})`, async () => {
      await initI18n(lang);
      const words = WORDS[lang];
      const user = userEvent.setup();
      const signInAgain = vi.fn(async () => undefined);
      renderWithProviders(
        <Session signInAgain={signInAgain}>
          <NewDashboard />
          <LoginDialog />
        </Session>,
      );
      const title = screen.getByRole('textbox', { name: 'Dashboard title' });
      await user.type(title, 'River levels');

      await act(async () => endSession());
      const login = screen.getByRole('dialog', { name: words.title });
      // On the page's top level, after the other dialog, in the layer above it; the one underneath is inert.
      expect(login.parentElement).toHaveClass('dialog-backdrop-session');
      expect(document.body.lastElementChild).toBe(login.parentElement);
      expect(screen.getByRole('dialog', { name: 'Create new dashboard' }).parentElement).toHaveAttribute('inert');
      expect(login).toContainElement(document.activeElement as HTMLElement);

      // The send underneath fails and focuses its field: the focus stays with the sign-in.
      await act(async () => failSend());
      expect(login).toContainElement(document.activeElement as HTMLElement);
      // Tab goes round the sign-in dialog's buttons only; its own Escape is not the other dialog's.
      await user.tab();
      expect(screen.getByRole('button', { name: words.signIn })).toHaveFocus();
      await user.tab();
      expect(screen.getByRole('button', { name: words.cancel })).toHaveFocus();

      await user.click(screen.getByRole('button', { name: words.signIn }));
      expect(signInAgain).toHaveBeenCalledTimes(1);
      expect(screen.queryByRole('dialog', { name: words.title })).not.toBeInTheDocument();
      // Back where the user was, with what they typed.
      expect(title).toHaveFocus();
      expect(title).toHaveValue('River levels');
      expect(screen.getByRole('dialog', { name: 'Create new dashboard' }).parentElement).not.toHaveAttribute('inert');
    });
  }

  it('closes with Escape alone, leaving the dialog underneath open', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Session signInAgain={async () => undefined}>
        <NewDashboard />
        <LoginDialog />
      </Session>,
    );
    await act(async () => endSession());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create new dashboard' })).toBeInTheDocument();
  });
});
