import { ApiError } from '../../../api/client';

/**
 * A project's key, as the server takes it (chalicelib/projects/service.py checked_key): it addresses the project in
 * one path segment (/organization/{id}/projects/{key}/…), as a Water Quality Portal file's ProjectIdentifier names
 * it (WI_LAKES, CEDEN-2019, USGS.NAWQA, RTWQN 2017-2019). Letters, digits, spaces and punctuation are taken (they
 * round-trip through encodeURIComponent); /, ?, #, % and \ would break the address, a control character is
 * invisible, and . or .. alone is skipped by addresses. Trimmed; at most PROJECT_KEY_MAX characters.
 */

/** The longest key the server takes (service.py KEY_LIMIT), in characters as Python counts them (code points). */
export const PROJECT_KEY_MAX = 100;
/** The characters a key may not hold (service.py KEY_REFUSED). */
const REFUSED = /[/?#%\\]/;
/** Control characters, line and paragraph separators, lone surrogates (chalicelib/core/names.py first_control_character). */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;

/** What each problem of a key is called in the locales (organizations.projects.*). */
export type ProjectKeyProblem =
  | { problem: 'keyTooLong'; max: number }
  | { problem: 'keyControlCharacter'; character: string }
  | { problem: 'keyCharacters' }
  | { problem: 'keyDots' };

/** "U+0009": a character as the server names it. */
const codePoint = (character: string) => `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** What the server would refuse of this key (as typed; it is sent trimmed), in its order; null when it takes it or none is given. */
export function projectKeyProblem(typed: string): ProjectKeyProblem | null {
  const key = typed.trim();
  if (!key) return null;
  if ([...key].length > PROJECT_KEY_MAX) return { problem: 'keyTooLong', max: PROJECT_KEY_MAX };
  const control = key.match(CONTROL);
  if (control) return { problem: 'keyControlCharacter', character: codePoint(control[0]) };
  if (REFUSED.test(key)) return { problem: 'keyCharacters' };
  if (key === '.' || key === '..') return { problem: 'keyDots' };
  return null;
}

/** Whether the server refused a key (400), in English or in Chinese (chalicelib/core/messages.py). */
export function isProjectKeyRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && /^Project key |^projectKey |^项目标识/.test(error.message);
}
