import { vi } from 'vitest';

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * Serves `fetch` from `serve` (a fake server), holding the answers to the requests `held` picks until the test
 * calls the function returned: what a screen shows while its request is on its way.
 */
export function holdAnswers(serve: Fetch, held: (input: RequestInfo | URL, init?: RequestInit) => boolean): () => void {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (held(input, init)) await released;
      return serve(input, init);
    }),
  );
  return release;
}
