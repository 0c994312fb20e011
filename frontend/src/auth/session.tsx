import type { User, UserManager } from 'oidc-client-ts';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AuthProvider, useAuth } from 'react-oidc-context';
import useSWR, { useSWRConfig } from 'swr';
import { ACCOUNT_DELETED_REASON, ApiError, setOnForbidden, setOnUnauthorized, setTokenProvider, type UnauthorizedHandler } from '../api/client';
import i18n, { changeLanguage, type Language } from '../i18n';
import { ACCOUNT_REMOVED_ROUTE } from './accountDeletedRoute';
import { checkToken, hasEnded, loginOptionsOf, SESSION_ENDED, signIn, signInAgain, signOut, silentCheck, TOKEN_CHECK_INTERVAL_MS } from './oidc';
import { getProfile, PROFILE_PATH, savedLanguage, updateProfile, type Profile } from './profile';
import { rereadOnRefusal } from './refusals';

export type SessionStatus = 'checking' | 'anonymous' | 'signed-in';

/** Who is using the app, and the sign-in actions. */
export interface Session {
  /** False when config.json names no identity provider: everyone is anonymous. */
  enabled: boolean;
  status: SessionStatus;
  user: User | null;
  /** GET /auth/profile once signed in; `{}` after the own account was deleted. */
  profile: Profile | undefined;
  profileError: unknown;
  /** Load the profile again: "Try again" of the page that waits for it, or after a change to the own user elsewhere. */
  retryProfile: () => Promise<unknown>;
  /** The name to show: the profile's, else the token's. */
  displayName: string;
  signIn: () => void;
  /** Sign in again after the session ended, keeping the page (a popup); the login dialog closes once signed in. */
  signInAgain: () => Promise<void>;
  /** Sign out; `stayOn` (a hash route such as '#/sts/overview') is a public page to come back to. */
  signOut: (stayOn?: string) => void;
  /** The login dialog of spec section 4 (shown when the token expires or a call answers 401). */
  loginDialogVisible: boolean;
  setLoginDialogVisible: (visible: boolean) => void;
  /** Replace the loaded profile (e.g. `{}` after deleting the own account). */
  setProfile: (profile: Profile) => void;
}

const noop = () => undefined;

export const ANONYMOUS_SESSION: Session = {
  enabled: false,
  status: 'anonymous',
  user: null,
  profile: undefined,
  profileError: undefined,
  retryProfile: async () => undefined,
  displayName: '',
  signIn: noop,
  signInAgain: async () => undefined,
  signOut: () => void signOut(null),
  loginDialogVisible: false,
  setLoginDialogVisible: noop,
  setProfile: noop,
};

export const SessionContext = createContext<Session>(ANONYMOUS_SESSION);

export function useSession(): Session {
  return useContext(SessionContext);
}

/**
 * Signed in, but the profile could not be loaded for another reason than a refusal (the server failed, is
 * unavailable or could not be reached): an outage, which says nothing of what the user may do.
 */
export function profileUnavailable(session: Pick<Session, 'status' | 'profile' | 'profileError'>): boolean {
  if (session.status !== 'signed-in' || session.profile || !session.profileError) return false;
  const error = session.profileError;
  return !(error instanceof ApiError && (error.status === 401 || error.status === 403));
}

/** The current profile (undefined while anonymous or loading). */
export function useProfile(): Profile | undefined {
  return useSession().profile;
}

const silentChecks = new WeakMap<UserManager, Promise<User | null>>();

/** One silent check per page load, however often React mounts the provider. */
function silentCheckOnce(manager: UserManager): Promise<User | null> {
  let check = silentChecks.get(manager);
  if (!check) {
    check = silentCheck(manager);
    silentChecks.set(manager, check);
  }
  return check;
}

/** Plug the session into the one HTTP client: the bearer token, and the 401 action. */
export function connectClient(manager: UserManager, onUnauthorized: UnauthorizedHandler): void {
  setTokenProvider(async () => {
    const user = await manager.getUser();
    return user && !user.expired ? user.access_token : undefined;
  });
  setOnUnauthorized(onUnauthorized);
}

function OidcSession({ manager, children }: { manager: UserManager; children: ReactNode }) {
  const auth = useAuth();
  const [checked, setChecked] = useState(false);
  const [loginDialogVisible, setLoginDialogVisible] = useState(false);

  useEffect(() => {
    let live = true;
    void silentCheckOnce(manager)
      .then((user) => {
        // onLoad 'login-required': a visitor without a session goes straight to the sign-in page.
        if (!user && loginOptionsOf(manager).onLoad === 'login-required') void signIn(manager);
      })
      .finally(() => {
        if (live) setChecked(true);
      });
    return () => {
      live = false;
    };
  }, [manager]);

  useEffect(() => {
    connectClient(manager, ({ reason }) => {
      // An account deleted since this sign-in: signing in again would start a new account, not resume this one.
      if (reason === ACCOUNT_DELETED_REASON) void signOut(manager, window.location, ACCOUNT_REMOVED_ROUTE);
      else setLoginDialogVisible(true);
    });
    // The dialog once per ending: a token whose refresh was refused (and dropped) has said so already.
    const onExpired = async () => {
      const user = await manager.getUser();
      if (user && !hasEnded(user)) setLoginDialogVisible(true);
    };
    manager.events.addAccessTokenExpired(onExpired);
    return () => manager.events.removeAccessTokenExpired(onExpired);
  }, [manager]);

  const signedIn = auth.isAuthenticated;
  useEffect(() => {
    if (!signedIn) return;
    const check = async () => {
      if ((await checkToken(manager)) === SESSION_ENDED) setLoginDialogVisible(true);
    };
    const timer = setInterval(() => void check(), TOKEN_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [manager, signedIn]);

  const sub = auth.user?.profile.sub;
  /** The profile the screens go by (whose it is): a re-read answered with nothing keeps it. */
  const kept = useRef<{ sub?: string; profile?: Profile }>({});
  const { data: profile, error, mutate } = useSWR(
    signedIn && sub ? [PROFILE_PATH, sub] : null,
    // A re-read that the session's end answers with nothing (a 401: the sign-in dialog shows) keeps the profile
    // read before, so that the page stays as it was under the dialog.
    async () => (await getProfile()) ?? (kept.current.sub === sub ? kept.current.profile : undefined),
    // Read again when the person comes back to the browser tab: another administrator may have changed their roles.
    { revalidateOnFocus: true },
  );
  useEffect(() => {
    kept.current = { sub, profile };
  }, [sub, profile]);
  // A refusal (403) may mean a role was taken away meanwhile: the profile is read again, once (refusals.ts), so the
  // screens stop offering what the user may no longer do; the refused call still says the server's message.
  useEffect(() => {
    setOnForbidden(rereadOnRefusal({ reread: () => mutate(), current: () => kept.current.profile }));
    return () => setOnForbidden(null);
  }, [mutate]);
  useSavedLanguage(signedIn ? profile : undefined, sub);
  // A profile the app learnt (after a change of role, say) goes into the cache, so later refreshes still replace it.
  const setProfile = useCallback((next: Profile) => void mutate(next, { revalidate: false }), [mutate]);
  const retryProfile = useCallback(() => mutate(), [mutate]);

  const status: SessionStatus = !checked || auth.isLoading ? 'checking' : signedIn ? 'signed-in' : 'anonymous';
  const displayName = profile?.name || auth.user?.profile.name || auth.user?.profile.preferred_username || '';

  const doSignIn = useCallback(() => void signIn(manager), [manager]);
  const doSignInAgain = useCallback(async () => {
    if (await signInAgain(manager)) setLoginDialogVisible(false);
  }, [manager]);
  const doSignOut = useCallback((stayOn?: string) => void signOut(manager, window.location, stayOn), [manager]);

  const session = useMemo<Session>(
    () => ({
      enabled: true,
      status,
      user: auth.user ?? null,
      profile: signedIn ? profile : undefined,
      profileError: error,
      retryProfile,
      displayName,
      signIn: doSignIn,
      signInAgain: doSignInAgain,
      signOut: doSignOut,
      loginDialogVisible,
      setLoginDialogVisible,
      setProfile,
    }),
    [status, auth.user, signedIn, profile, error, retryProfile, displayName, doSignIn, doSignInAgain, doSignOut, loginDialogVisible, setProfile],
  );

  return (
    <SessionContext.Provider value={session}>
      {children}
    </SessionContext.Provider>
  );
}

/**
 * The language saved in the profile becomes the interface's once per signed-in user, when their profile
 * first arrives (a fresh browser speaks the user's language); later changes of the profile (saving it,
 * switching organization) do not switch it back and forth.
 */
function useSavedLanguage(profile: Profile | undefined, sub: string | undefined) {
  const appliedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!profile || !sub || appliedFor.current === sub) return;
    appliedFor.current = sub;
    const saved = savedLanguage(profile);
    if (saved && saved !== i18n.language) void changeLanguage(saved);
  }, [profile, sub]);
}

/**
 * The session of the whole app. Without an identity provider (no `oidc` in config.json) every
 * visitor is anonymous.
 */
export function SessionProvider({ manager, children }: { manager: UserManager | null; children: ReactNode }) {
  if (!manager) return <SessionContext.Provider value={ANONYMOUS_SESSION}>{children}</SessionContext.Provider>;
  return (
    <AuthProvider userManager={manager} skipSigninCallback>
      <OidcSession manager={manager}>{children}</OidcSession>
    </AuthProvider>
  );
}

/**
 * Load the signed-in user's profile again after a change to their own memberships (a new role, an
 * organization joined or left), so the screens show what they may now do: the session's profile is
 * replaced by the server's answer, and every cached GET /auth/profile with it.
 */
export function useReloadProfile() {
  const session = useSession();
  const { mutate } = useSWRConfig();
  return async () => {
    const profile = await getProfile();
    if (!profile) return;
    session.setProfile(profile);
    await mutate((key) => Array.isArray(key) && key[0] === PROFILE_PATH, profile, { revalidate: false });
  };
}

/**
 * Save a language the signed-in user switched to (in the header) in their profile too, so the profile
 * and the interface never disagree and the next sign-in speaks it. Does nothing for a visitor.
 */
export function useSaveLanguagePreference() {
  const session = useSession();
  return async (language: Language) => {
    const profile = session.profile;
    if (!profile?.id || savedLanguage(profile) === language) return;
    const saved = await updateProfile({ preferences: { ...(profile.preferences ?? {}), locale: language } });
    if (saved) session.setProfile(saved);
  };
}
