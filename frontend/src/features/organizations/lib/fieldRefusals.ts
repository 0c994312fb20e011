import { ApiError } from '../../../api/client';

/** The fields of the organization dialog, in its order. */
export type OrganizationField = 'name' | 'description' | 'website' | 'contact';
export type OrganizationFieldValues = Record<OrganizationField, string>;

/** The longest texts the server keeps (chalicelib/organizations/service.py TEXT_LIMITS, and the name's). */
export const ORGANIZATION_LIMITS: Record<OrganizationField, number> = { name: 200, description: 5000, website: 500, contact: 500 };
/** A website the server takes: http(s)://, then no space (service.py WEBSITE). */
const WEBSITE = /^https?:\/\/[^\s/$.?#]\S*$/i;

/** What each problem of a field is called in the locales (organizations.list.*). */
export type OrganizationProblem = 'nameRequired' | 'nameTooLong' | 'descriptionTooLong' | 'websiteTooLong' | 'websiteInvalid' | 'contactTooLong';

/** Characters as Python counts them (code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

/**
 * A name as the server stores it (chalicelib/core/names.py tidy): without invisible format characters (zero-width
 * space, byte order mark) but for joiners within a word, each run of spaces (a no-break space too) one space,
 * trimmed, composed (NFC).
 */
export const tidyName = (text: string) =>
  text
    .replace(/(?![\u200c\u200d])\p{Cf}/gu, '')
    // Joiners (👩‍🔬, Persian spellings) stay within a word, a run of them as its first; at an end or by a space, they go.
    .replace(/[\u200c\u200d]+/gu, (run, at: number, whole: string) =>
      at > 0 && at + run.length < whole.length && !/\s/u.test(whole[at - 1]) && !/\s/u.test(whole[at + run.length]) ? run[0] : '')
    .replace(/\s+/gu, ' ')
    .trim()
    .normalize('NFC');

/** What the server would refuse of these fields, checked in the browser before sending: a problem by field. */
export function organizationProblems(values: OrganizationFieldValues): Partial<Record<OrganizationField, OrganizationProblem>> {
  const problems: Partial<Record<OrganizationField, OrganizationProblem>> = {};
  const [name, description, website, contact] = [tidyName(values.name), values.description.trim(), values.website.trim(), values.contact.trim()];
  if (!name) problems.name = 'nameRequired';
  else if (length(name) > ORGANIZATION_LIMITS.name) problems.name = 'nameTooLong';
  if (length(description) > ORGANIZATION_LIMITS.description) problems.description = 'descriptionTooLong';
  if (length(website) > ORGANIZATION_LIMITS.website) problems.website = 'websiteTooLong';
  else if (website && !WEBSITE.test(website)) problems.website = 'websiteInvalid';
  if (length(contact) > ORGANIZATION_LIMITS.contact) problems.contact = 'contactTooLong';
  return problems;
}

/**
 * The server's refusals of an organization's fields, in English and in Chinese (chalicelib/core/messages.py):
 * its answers carry no field name, so the message says which field it is about.
 */
const ORGANIZATION_REFUSALS: [OrganizationField, RegExp][] = [
  ['website', /^The website (must be|address must be)|^网站(必须|地址最多)/],
  ['description', /^The description must be|^简介最多/],
  ['contact', /^The contact must be|^联系方式最多/],
  ['name', /^An organization with this name|^Organization name|^已存在同名的组织|^请输入组织名称|^组织名称/],
];

/** Which field of the organization dialog the server refused (a name already taken is a 409), if one. */
export function refusedOrganizationField(error: unknown): OrganizationField | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 409) return 'name';
  if (error.status !== 400) return null;
  return ORGANIZATION_REFUSALS.find(([, pattern]) => pattern.test(error.message))?.[0] ?? null;
}

/**
 * What a new project's refusal (409) is about (chalicelib/projects/service.py create): its name, which another
 * project of the organization has ('A project named … already exists'), said in the server's words; or its key
 * ('A project with the key … already exists'), which is the name when no key was typed (`keyGiven` false): then
 * 'nameAsKey', said at the name in the screen's words, since the person never typed a key. Either language.
 */
export function refusedProjectField(error: unknown, keyGiven: boolean): 'name' | 'nameAsKey' | 'key' | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (/^A project named |^此组织中已存在名为/.test(error.message)) return 'name';
  return keyGiven ? 'key' : 'nameAsKey';
}

/** The fewest bytes of a private key WQX Web issues (chalicelib/organizations/wqx.py _private_key). */
export const WQX_KEY_BYTES = 16;
/** Base64 as the server reads it (Python's b64decode with validate): whole groups of four, padded with =. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** What each problem of a private key is called in the locales (organizations.settings.*). */
export type WqxPrivateKeyProblem = 'wqxPrivateKeyNotBase64' | 'wqxPrivateKeyTooShort';

/**
 * What the server would refuse of a private key typed (_private_key), checked in the browser before sending: it
 * must be base64 text, of at least WQX_KEY_BYTES bytes. An empty key is not checked here (it keeps the stored one,
 * or is asked for).
 */
export function wqxPrivateKeyProblem(key: string): WqxPrivateKeyProblem | null {
  const text = key.trim();
  if (!text) return null;
  if (!BASE64.test(text)) return 'wqxPrivateKeyNotBase64';
  const bytes = (text.length / 4) * 3 - (text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0);
  return bytes < WQX_KEY_BYTES ? 'wqxPrivateKeyTooShort' : null;
}

/** Whether the server refused the private key of a WQX account (400), in English or in Chinese (core/messages.py). */
export function refusedWqxPrivateKey(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && /^The private key |^此私钥/.test(error.message);
}
