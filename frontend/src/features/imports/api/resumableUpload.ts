import { ApiError, post } from '../../../api/client';
import { createUpload, projectPath, sendToS3, UploadElsewhere, uploadToS3 } from './imports';
import type { MultipartSlot } from './types';

/**
 * A file to import, sent to S3. A file larger than one part (8 MB) goes as a multipart upload: its parts one by one,
 * a few at a time, then joined by the server. A lost connection costs the parts being sent, not the file: sending
 * the same file again to the same project (Try again, or after a reload, the file chosen again) asks the server
 * which parts it holds and sends the rest. Smaller files go in one presigned POST.
 */

/** How many parts are sent at once on a fast link (each holds a part's bytes in memory). */
export const PARTS_AT_ONCE = 3;
/**
 * A part that arrives within this long (ms) shows a link fast enough for PARTS_AT_ONCE parts at once; until one does,
 * one part at a time. On a slow link parts sent together share its bandwidth: none arrives before all have nearly
 * (three parts of 8 MB at 200 KB/s: two minutes with nothing kept), and a lost connection costs them all.
 */
export const QUICK_PART_MS = 5_000;
/** How long the server keeps an unfinished upload (the bucket's lifecycle rule): older ones are not resumed. */
const RESUMABLE_MS = 7 * 24 * 3600 * 1000;
/** The browser keeps which upload a file is in under this prefix (the cookie policy lists it). */
const STORE_PREFIX = 'owd-upload:';

interface Parts {
  /** Every part but the last holds this many bytes. */
  partBytes: number;
  done: { partNumber: number; bytes: number }[];
  parts: { partNumber: number; bytes: number; url: string }[];
}

interface Resumable {
  uploadKey: string;
  uploadId: string;
  savedAt: number;
  /** Joined into the file, its import not queued yet (the connection went between the two): nothing to send again. */
  joined?: boolean;
}

/** The file's identity within a project: the same name, size and modification time are taken as the same file. */
const fileName = (organizationId: string, projectId: string, file: File) =>
  `${organizationId}/${projectId}/${file.name}/${file.size}/${file.lastModified}`;

function read(name: string): Resumable | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORE_PREFIX + name) ?? 'null') as Resumable | null;
    if (stored && typeof stored.uploadKey === 'string' && typeof stored.uploadId === 'string' && Date.now() - stored.savedAt < RESUMABLE_MS) return stored;
  } catch {
    // Unreadable: forgotten below.
  }
  return undefined;
}

/** The uploads this browser may resume; those the server no longer keeps (older than 7 days) are forgotten. */
function resumable(name: string): Resumable | undefined {
  for (const key of Object.keys(localStorage)) {
    if (key.startsWith(STORE_PREFIX) && !read(key.slice(STORE_PREFIX.length))) localStorage.removeItem(key);
  }
  return read(name);
}

const forget = (name: string) => localStorage.removeItem(STORE_PREFIX + name);

/**
 * `send` while holding the file's lock (Web Locks: shared by the site's tabs and windows of this browser), or
 * UploadElsewhere at once when another tab holds it. Two tabs sending the same file would both resume the same
 * upload, send the same parts at once, and the one joined last would find its parts refused (S3 no longer has the
 * upload) and say the connection was lost; its Try again would then send the whole file anew and import it twice.
 * A browser without Web Locks sends unguarded.
 */
async function alone<T>(name: string, send: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return send();
  return locks.request(STORE_PREFIX + name, { ifAvailable: true }, (lock) => {
    if (!lock) throw new UploadElsewhere();
    return send();
  });
}

/**
 * Send the file; answers its uploadKey (to queue its import with), or undefined when nothing was sent because the
 * session ended (the sign-in dialog says so). `onProgress` gets the bytes of the file the server holds so far: first
 * what it held before this call sent any (a resumed upload's parts sent before; none of a new file), from which the
 * time left of the upload is measured.
 * Refused (UploadElsewhere) while the same file is being sent to the project from another tab.
 */
export function uploadFile(
  organizationId: string,
  projectId: string,
  file: File,
  format: string,
  onProgress: (sent: number) => void,
): Promise<string | undefined> {
  const name = fileName(organizationId, projectId, file);
  return alone(name, async () => {
    const path = `${projectPath(organizationId, projectId)}/import-uploads`;
    let upload = resumable(name);
    let first: Parts | undefined;
    if (upload?.joined) {
      onProgress(file.size);
      return upload.uploadKey;
    }
    if (upload) {
      try {
        first = await post<Parts>(`${path}/parts`, { uploadKey: upload.uploadKey, uploadId: upload.uploadId, size: file.size });
        if (!first) return undefined;
      } catch (failure) {
        // Gone (joined, or ended by the server): the file is sent anew.
        if (!(failure instanceof ApiError && failure.status === 404)) throw failure;
        forget(name);
        upload = undefined;
      }
    }
    if (!upload) {
      const slot = await createUpload(organizationId, projectId, file, format, true);
      if (!slot) return undefined;
      if (!('uploadId' in slot)) {
        onProgress(0);
        await uploadToS3(slot, file, onProgress);
        return slot.uploadKey;
      }
      upload = { uploadKey: (slot as MultipartSlot).uploadKey, uploadId: slot.uploadId, savedAt: Date.now() };
      localStorage.setItem(STORE_PREFIX + name, JSON.stringify(upload));
    }
    const named = { uploadKey: upload.uploadKey, uploadId: upload.uploadId, size: file.size };
    const pace = { atOnce: 1 };
    for (let answer = first; ; answer = undefined) {
      answer ??= await post<Parts>(`${path}/parts`, named);
      if (!answer) return undefined;
      const held = answer.done.reduce((sum, part) => sum + part.bytes, 0);
      onProgress(held);
      if (answer.parts.length === 0) break;
      await sendParts(file, answer, held, onProgress, pace);
    }
    const joined = await post<{ uploadKey: string }>(`${path}/complete`, named);
    if (!joined) return undefined;
    // Kept until its import is queued (uploadQueued): a connection lost before that does not cost the file again.
    localStorage.setItem(STORE_PREFIX + name, JSON.stringify({ ...upload, joined: true, savedAt: Date.now() }));
    return joined.uploadKey;
  });
}

/** The file's import is queued (or refused for good): its upload is no longer this browser's to resume. */
export function uploadQueued(organizationId: string, projectId: string, file: File) {
  forget(fileName(organizationId, projectId, file));
}

/**
 * The parts to the URLs given, `pace.atOnce` at a time (one, until a part arrives within QUICK_PART_MS: then
 * PARTS_AT_ONCE, for this file's next parts too), reporting `held` plus what of them has arrived. A part that fails
 * stops the sending of more, but the parts on their way are let finish (kept by S3, not sent again on the next try),
 * then the failure is thrown.
 */
async function sendParts(
  file: File,
  { parts, partBytes }: Parts,
  held: number,
  onProgress: (sent: number) => void,
  pace: { atOnce: number },
) {
  const arrived = new Map<number, number>();
  const report = () => onProgress(held + [...arrived.values()].reduce((sum, bytes) => sum + bytes, 0));
  const queue = [...parts];
  let failure: unknown;
  const workers: Promise<void>[] = [];
  const more = () => {
    while (workers.length < pace.atOnce && queue.length > 0 && failure === undefined) workers.push(worker());
  };
  async function worker() {
    for (let part = queue.shift(); part && failure === undefined; part = queue.shift()) {
      const { partNumber, bytes } = part;
      const start = (partNumber - 1) * partBytes;
      const began = Date.now();
      try {
        await sendToS3('PUT', part.url, file.slice(start, start + bytes), (loaded) => {
          arrived.set(partNumber, Math.min(bytes, loaded));
          report();
        });
      } catch (error) {
        failure ??= error;
        arrived.delete(partNumber);
        return;
      }
      arrived.set(partNumber, bytes);
      report();
      // Quick enough: more at once from now on.
      if (pace.atOnce < PARTS_AT_ONCE && Date.now() - began < QUICK_PART_MS) {
        pace.atOnce = PARTS_AT_ONCE;
        more();
      }
    }
  }
  more();
  // Workers started meanwhile are waited for too.
  for (let k = 0; k < workers.length; k += 1) await workers[k];
  if (failure !== undefined) throw failure;
}
