import type { UserManager } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { ApiError } from '../api/client';
import { SessionProvider } from '../auth/session';
import i18n from '../i18n';

/** A client error (4xx) will not change on retry; server and network errors may. */
function shouldRetry(error: unknown): boolean {
  return !(error instanceof ApiError && error.status !== undefined && error.status < 500);
}

export const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  shouldRetryOnError: shouldRetry,
  errorRetryCount: 3,
};

/** Languages, data fetching and the sign-in session (anonymous when no identity provider is given). */
export function AppProviders({
  children,
  swr,
  manager = null,
}: {
  children: ReactNode;
  swr?: SWRConfiguration;
  manager?: UserManager | null;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <SWRConfig value={{ ...swrConfig, ...swr }}>
        <SessionProvider manager={manager}>{children}</SessionProvider>
      </SWRConfig>
    </I18nextProvider>
  );
}
