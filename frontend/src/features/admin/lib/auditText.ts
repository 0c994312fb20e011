import type { TFunction } from 'i18next';
import { formatDateTime } from '../../../lib/dates';
import en from '../locales/en';

type FieldKey = keyof typeof en.audit.fields;
type StatusKey = keyof typeof en.audit.statuses;
type MemberRoleKey = keyof typeof en.audit.memberRoles;

/** Values longer than this are cut on screen, the whole value one click away. */
export const SHORT_VALUE = 60;
/** The kinds of change whose roleName is an organization role (a system role may be named anything). */
const MEMBER_ROLE_TARGETS = ['member', 'invitation'];

/** One field of an audit entry: its value before and after the change; a side the entry does not record is absent. */
export interface FieldChange {
  field: string;
  before?: { value: unknown };
  after?: { value: unknown };
}

/**
 * The fields an entry's before/after summaries name, in the order they first appear. An update records
 * both sides, so a field missing from one of them reads as "none" there; a creation records only after,
 * a deletion only before.
 */
export function fieldChanges(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const side = (values: Record<string, unknown> | null | undefined, field: string) => (values ? { value: values[field] } : undefined);
  return fields.map((field) => ({ field, before: side(before, field), after: side(after, field) }));
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** What a field is called in the interface language; a field the screen does not know keeps its own name. */
export function fieldLabel(t: TFunction, field: string): string {
  return field in en.audit.fields ? t(`admin.audit.fields.${field as FieldKey}`) : field;
}

/** A moment as the server records it (ISO 8601 with its zone, e.g. 2026-11-27T18:22:21.541Z); not a bare day. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A recorded value as a person reads it: yes/no, lists joined, known statuses and organization roles translated,
 * and a moment as the entry's own time is shown (in the browser's time zone and the interface `language`).
 */
export function valueText(t: TFunction, field: string, value: unknown, targetType: string, language: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return t(value ? 'admin.audit.yes' : 'admin.audit.no');
  if (Array.isArray(value)) {
    return value.length ? value.map((item) => valueText(t, field, item, targetType, language)).join(', ') : t('admin.audit.noValues');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (TIMESTAMP.test(text)) return formatDateTime(text, language) || text;
  if (field === 'status' && text in en.audit.statuses) return t(`admin.audit.statuses.${text as StatusKey}`);
  if (field === 'roleName' && MEMBER_ROLE_TARGETS.includes(targetType) && text in en.audit.memberRoles) {
    return t(`admin.audit.memberRoles.${text as MemberRoleKey}`);
  }
  return text;
}

/** A long value's first `SHORT_VALUE` characters on one line; null for a value short enough to show whole. */
export function cutShort(text: string): string | null {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > SHORT_VALUE ? `${line.slice(0, SHORT_VALUE - 1).trimEnd()}…` : null;
}

const BROWSERS: [name: string, pattern: RegExp][] = [
  // Checked in this order: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
];
const SYSTEMS: [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

/**
 * A user agent as a person names it ("Firefox 140 on Windows"): the browser with its major version and the
 * operating system; a client that is no browser (curl, a script) by its first product name and version.
 */
export function userAgentSummary(t: TFunction, userAgent: string): string {
  const browser = BROWSERS.map(([name, pattern]) => [name, pattern.exec(userAgent)?.[1]] as const).find(([, version]) => version);
  const system = SYSTEMS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  const [product] = userAgent.trim().split(/[\s(]/);
  const client = browser
    ? `${browser[0]} ${browser[1]}`
    : product && !product.startsWith('Mozilla/')
      ? product.replace(/\/(\d+)\S*$/, ' $1')
      : t('admin.audit.someBrowser');
  return system ? t('admin.audit.agent', { browser: client, os: system }) : client;
}
