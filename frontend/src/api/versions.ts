/**
 * Two people changing the same thing (docs/decisions/0016). An item's version is its time of change
 * (`updatedAt`, else `createdAt`); a change is sent with `If-Match` for the version the screen showed, and the
 * server refuses it (412) when someone else saved a change since. Then the item is loaded again: when the other
 * person changed none of the fields this change makes, the change is sent again for the new version (both stay);
 * otherwise `ChangedMeanwhileError` names the fields both changed, with the item as it is now, so the screen
 * shows their value and a second save is the person's informed choice.
 */
import { ApiError, get, patch } from './client';

export type Versioned = { updatedAt?: string | null; createdAt?: string | null };

export function versionOf(item: Versioned): string | undefined {
  return item.updatedAt ?? item.createdAt ?? undefined;
}

/** The If-Match header for a version (none when the screen has no version to name). */
export function ifMatch(version: string | number | null | undefined): Record<string, string> {
  return version === null || version === undefined || version === '' ? {} : { 'If-Match': `"${version}"` };
}

/** A field left empty: nothing, null or an empty text (a form's empty field and an absent attribute are one). */
export const blank = (value: unknown) => (value ?? '') === '';
/** Two values of a field are the same one (every kind of empty alike). */
export const same = (a: unknown, b: unknown) => (blank(a) && blank(b)) || a === b;

/** The fields whose value differs from the item as it was shown: only those are sent. */
export function changesFrom<T extends object>(seen: T, values: Partial<T>): Partial<T> {
  return Object.fromEntries(
    Object.entries(values).filter(([name, value]) => !same(value, (seen as Record<string, unknown>)[name])),
  ) as Partial<T>;
}

/** A change refused because someone else changed the same fields after the screen loaded the item. */
export class ChangedMeanwhileError<T extends object = Record<string, unknown>> extends ApiError {
  /** The item as stored now. */
  readonly current: T;
  /** The fields this change makes that the other person changed to something else. */
  readonly fields: (keyof T & string)[];

  constructor(message: string, current: T, fields: (keyof T & string)[]) {
    super(message, { status: 412 });
    this.current = current;
    this.fields = fields;
  }
}

/**
 * PATCH the fields of `values` that differ from `seen` (the item as the screen showed it), for `seen`'s version.
 * Resolves with the item as saved (`seen` itself when nothing changed).
 */
export async function patchSeen<T extends Versioned>(path: string, seen: T, values: Partial<T>): Promise<T> {
  const changes = changesFrom(seen, values);
  if (Object.keys(changes).length === 0) return seen;
  try {
    return (await patch<T>(path, changes, { headers: ifMatch(versionOf(seen)) })) ?? seen;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 412) throw error;
    const current = await get<T>(path);
    if (!current) throw error;
    const record = current as Record<string, unknown>;
    const seenRecord = seen as Record<string, unknown>;
    const fields = Object.entries(changes)
      .filter(([name, value]) => !same(record[name], seenRecord[name]) && !same(record[name], value))
      .map(([name]) => name as keyof T & string);
    if (fields.length) throw new ChangedMeanwhileError(error.message, current, fields);
    return (await patch<T>(path, changes, { headers: ifMatch(versionOf(current)) })) ?? current;
  }
}
