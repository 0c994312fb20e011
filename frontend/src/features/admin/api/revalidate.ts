import { useCallback } from 'react';
import { useSWRConfig } from 'swr';

/**
 * Revalidate every cached answer whose SWR key starts with one of these paths (keys are arrays
 * `[path, ...]`), after a change on the server.
 */
export function useRevalidate() {
  const { mutate } = useSWRConfig();
  return useCallback(
    (...paths: string[]) => mutate((key) => Array.isArray(key) && paths.includes(key[0] as string)),
    [mutate],
  );
}
