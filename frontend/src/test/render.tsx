import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { registerModules } from '../app/modules';
import { AppProviders } from '../app/providers';
import { routes } from '../app/routes';

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

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
