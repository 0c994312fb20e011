import { render, type RenderOptions } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SWRConfiguration } from 'swr';
import { registerModules } from '../app/modules';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';
import { createUserManager } from '../auth/oidc';

/** A fresh SWR cache per test, no retries or deduping: each test sees only its own responses. */
const testSwr = { provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false };

export function renderWithProviders(ui: ReactElement, options?: RenderOptions) {
  return render(<AppProviders swr={testSwr}>{ui}</AppProviders>, options);
}

/** The whole route tree in memory, starting at `path`. */
export function renderApp(path: string) {
  registerModules();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = renderWithProviders(<RouterProvider router={router} />);
  return { ...result, router };
}

/**
 * The whole route tree at `path` with a real OIDC session of this person (a stored, unexpired user), as the app
 * runs after a sign-in. `swr`: settings over the tests' own (a fresh cache, no retries or deduping).
 */
export async function renderAppSignedIn(path: string, person: { sub: string; name: string }, swr?: SWRConfiguration) {
  registerModules();
  const manager = createUserManager({ authority: 'http://idp.test', clientId: 'spa' });
  await manager.storeUser(
    new User({
      access_token: 'access-1',
      token_type: 'Bearer',
      profile: { sub: person.sub, name: person.name, iss: 'http://idp.test', aud: 'spa', exp: 0, iat: 0 },
      expires_at: Math.floor(Date.now() / 1000) + 300,
    }),
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders manager={manager} swr={{ ...testSwr, ...swr }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
