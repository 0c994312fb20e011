import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, SessionEndedError } from '../../../api/client';
import { ConnectionLost, UploadElsewhere } from '../api/imports';
import { uploadMinutesLeft, type UploadStart } from './pace';

/**
 * The files being sent to import, kept outside the screen that sent them: an upload carries on when its user
 * goes elsewhere in the app (its import is queued all the same, and they are told so), the screen shows it again
 * when they come back, and a failed one can be sent again without choosing the file again. While one is being
 * sent (and only then), leaving or reloading the page asks first: it would be lost.
 */
export interface Upload {
  file: File;
  format: string;
  dryRun: boolean;
  /** The zone of the file's times without one (a WQX code or an offset from UTC); none: read as UTC. */
  timeZone?: string;
  /** The file's size as the upload began: the bar's total never changes midway. */
  size: number;
  /**
   * The bytes the server holds so far; undefined until that is known (the slot is being made, or after a lost
   * connection the server is asked which parts it holds): the bar then says no number rather than 0.
   */
  sent?: number;
  /**
   * This try's first `sent` and when it came: what the server held as the try began (a resumed file's parts sent
   * before). The time left is from the pace since then.
   */
  start?: UploadStart;
  /** The time left in whole minutes (lib/pace's uploadMinutesLeft); null until it says anything. */
  minutesLeft?: number | null;
  /** Why the last try failed; undefined while it is being sent. */
  failure?: unknown;
}

/** What is said of an upload that ends while no screen of it is open (the user went elsewhere in the app). */
export interface WhenAway {
  queued: (file: File) => void;
  failed: (file: File, failure: unknown) => void;
}

const uploads = new Map<string, Upload>();
const listeners = new Set<() => void>();
/** The screens open, by upload key: told of the import each upload queues. */
const followers = new Map<string, (logId: string) => void>();

/** The key of a project's uploads to one import route: one upload at a time each. */
export const uploadKey = (organizationId: string, projectId: string, endpoint: string) => `${organizationId}/${projectId}/${endpoint}`;

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // (Older browsers ask only when it is set.)
  event.returnValue = '';
}

let guarding = false;

function set(key: string, upload: Upload | undefined) {
  if (upload) uploads.set(key, upload);
  else uploads.delete(key);
  const sending = [...uploads.values()].some((one) => one.failure === undefined);
  if (sending !== guarding) {
    guarding = sending;
    if (sending) window.addEventListener('beforeunload', onBeforeUnload);
    else window.removeEventListener('beforeunload', onBeforeUnload);
  }
  for (const listener of listeners) listener();
}

/** Is a file being sent right now (anywhere in the app)? */
export const isSending = () => guarding;

/** Is this failure the connection's (offline, a network error), not a refusal? */
export function isConnectionLost(failure: unknown): boolean {
  if (failure instanceof ConnectionLost) return true;
  if (failure instanceof UploadElsewhere) return false;
  if (failure instanceof ApiError && failure.status === undefined && !(failure instanceof SessionEndedError)) return true;
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** May sending the file again help? Yes, except after our API refused it (4xx: the file, its name, the rights). */
export function mayTryAgain(failure: unknown): boolean {
  // Sent from another tab: trying here too would send it twice (once the other tab is closed, Import sends it).
  if (failure instanceof UploadElsewhere) return false;
  return !(failure instanceof ApiError && failure.status !== undefined && failure.status < 500);
}

/**
 * Send a file: `send` asks for the slot, sends the bytes (reporting the bytes the server holds: first what it held
 * before this try sent any, then as they arrive) and queues the import, answering its id (undefined: nothing was
 * queued, e.g. the session ended: the sign-in dialog says so). The screen open for `key` is then told of the
 * import; with none open, `away` says what became of it.
 */
export async function sendUpload(
  key: string,
  what: Pick<Upload, 'file' | 'format' | 'dryRun' | 'timeZone'>,
  send: (onProgress: (sent: number) => void) => Promise<string | undefined>,
  away: WhenAway,
): Promise<void> {
  if (uploads.get(key)?.failure === undefined && uploads.has(key)) return; // one at a time
  const size = what.file.size;
  set(key, { ...what, size });
  try {
    const logId = await send((sent) => {
      const current = uploads.get(key);
      if (!current || current.failure !== undefined) return;
      const now = Date.now();
      const start = current.start ?? { at: now, sent };
      set(key, { ...current, sent, start, minutesLeft: uploadMinutesLeft(current.minutesLeft ?? null, start, sent, size, now) });
    });
    set(key, undefined);
    if (!logId) return;
    const follower = followers.get(key);
    if (follower) follower(logId);
    else away.queued(what.file);
  } catch (failure) {
    set(key, { ...what, size, failure });
    if (!followers.has(key)) away.failed(what.file, failure);
  }
}

/** Forget a failed upload (another file was chosen, or it was tried again). */
export function dismissUpload(key: string) {
  if (uploads.get(key)?.failure !== undefined) set(key, undefined);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The upload of `key`: being sent, or failed; undefined when there is none. */
export function useUpload(key: string): Upload | undefined {
  return useSyncExternalStore(subscribe, () => uploads.get(key), () => uploads.get(key));
}

/** While the calling screen is open, the imports its uploads queue go to `onQueued` (the latest one given). */
export function useFollowUploads(key: string, onQueued: (logId: string) => void) {
  const latest = useRef(onQueued);
  useEffect(() => {
    latest.current = onQueued;
  });
  useEffect(() => {
    const follow = (logId: string) => latest.current(logId);
    followers.set(key, follow);
    return () => {
      if (followers.get(key) === follow) followers.delete(key);
    };
  }, [key]);
}

/** Tests: forget every upload. */
export function resetUploads() {
  for (const key of [...uploads.keys()]) set(key, undefined);
}
