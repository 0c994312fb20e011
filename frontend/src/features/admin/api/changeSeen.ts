/**
 * A change to a role or a user as a dialog showed it, for the version it showed (docs/decisions/0016), made as
 * api/versions.ts's patchSeen makes one: only the fields changed from what was shown are sent, with `If-Match`;
 * on a 412 the item is read again, and when the other person changed none of those fields (or changed them to the
 * same values) the change is sent again for the new version, without a word; otherwise ChangedMeanwhileError names
 * the fields both changed, with the item as it is now. Roles and users have no GET of one item (`load` reads it
 * from its list), and a role's permissions are a PUT of their own (`send`).
 */
import { ApiError } from '../../../api/client';
import { ChangedMeanwhileError, same, versionOf, type Versioned } from '../../../api/versions';

/** Two values of a field are the same one: every kind of empty alike, and a list of ids in any order (a set). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    const sorted = (list: unknown[]) => JSON.stringify([...new Set(list.map(String))].sort());
    return sorted(a) === sorted(b);
  }
  return same(a, b);
}

/** The fields of `values` whose value differs from the item as it was shown. */
export function changedFrom<T extends object>(seen: T, values: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => !sameValue(value, (seen as Record<string, unknown>)[name])),
  ) as Partial<T>;
}

/** Resolves with what `send` answered; with undefined when nothing was changed (nothing is sent then). */
export async function changeSeen<T extends Versioned, R>(
  seen: T,
  values: Partial<T>,
  send: (changes: Partial<T>, version: string | undefined) => Promise<R>,
  load: () => Promise<T | undefined>,
): Promise<R | undefined> {
  const changes = changedFrom(seen, values);
  if (Object.keys(changes).length === 0) return undefined;
  try {
    return await send(changes, versionOf(seen));
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 412) throw error;
    const current = await load();
    if (!current) throw error;
    const stored = current as Record<string, unknown>;
    const shown = seen as Record<string, unknown>;
    const fields = Object.entries(changes)
      .filter(([name, value]) => !sameValue(stored[name], shown[name]) && !sameValue(stored[name], value))
      .map(([name]) => name as keyof T & string);
    if (fields.length) throw new ChangedMeanwhileError<T>(error.message, current, fields);
    return send(changes, versionOf(current));
  }
}
