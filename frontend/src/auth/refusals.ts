import type { ForbiddenHandler } from '../api/client';
import { PROFILE_PATH } from './profile';

/** How long after a re-read of the profile the refusals that follow it start no other (the screens' own reads, made again). */
export const REFUSAL_QUIET_MS = 5000;

export interface RefusalRereadOptions {
  /** Read the signed-in user's profile again (the session's); resolves with it. */
  reread: () => Promise<unknown>;
  /** The profile the screens go by now. */
  current: () => unknown;
  quietMs?: number;
  now?: () => number;
}

const stamp = (profile: unknown) => JSON.stringify(profile ?? null);

/** A call of GET/PATCH /auth/profile itself: its refusal is the session's to show, and re-reading it would ask it again. */
const isProfileCall = (url: string) => url.split(/[?#]/)[0]!.endsWith(PROFILE_PATH);

/**
 * What a refusal (403) of the server does: the signed-in user's profile is read again, as their roles may have
 * changed since it was read (another administrator took one away), so the screens stop offering what the user
 * may no longer do. Once per refusal, never in a loop:
 * - refusals that come while a re-read is under way join it;
 * - those that come shortly after it (the screens' reads, made again with the new profile) start no other;
 * - a call refused again after its re-read left the profile as it was starts no other (there is nothing new to
 *   learn) until the profile has changed.
 */
export function rereadOnRefusal({ reread, current, quietMs = REFUSAL_QUIET_MS, now = Date.now }: RefusalRereadOptions): ForbiddenHandler {
  let running = false;
  let quietUntil = 0;
  /** Each call refused so far, with the profile (as JSON) that its re-read found. */
  const answered = new Map<string, string>();
  return ({ method, url }) => {
    if (isProfileCall(url) || running || now() < quietUntil) return;
    const call = `${method} ${url}`;
    if (answered.get(call) === stamp(current())) return;
    running = true;
    return reread()
      .then((profile) => void answered.set(call, stamp(profile)))
      .catch(() => undefined)
      .finally(() => {
        running = false;
        quietUntil = now() + quietMs;
      });
  };
}
