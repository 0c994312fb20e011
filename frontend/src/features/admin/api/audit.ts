import { RequestQueryBuilder, type SCondition } from '@dataui/crud-request';
import useSWR from 'swr';
import { get } from '../../../api/client';
import { toPage, type Sort } from './listQuery';
import type { Page } from './types';

/** GET /system/audit?{query}: the audit trail (system administrators), newest first unless sorted. */
export const AUDIT_PATH = '/system/audit';
export const AUDIT_SORT_FIELDS = ['at', 'actorName', 'action', 'targetType'] as const;
export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'revoke', 'decline', 'resend', 'accept', 'restore'] as const;
export const AUDIT_TARGET_TYPES = [
  'role',
  'user-roles',
  'user',
  'member',
  'invitation',
  'organization',
  'organization-setting',
  'system-setting',
  'header-map',
  'wqx-account',
  'page',
  'station',
  'project',
  'parameter',
  'api-key',
  'import-source',
  'values',
  'time-series',
] as const;

export interface AuditEntry {
  id: string;
  at: string;
  actorId?: string | null;
  actorName?: string | null;
  actorEmail?: string | null;
  action: string;
  targetType: string;
  targetId: string;
  /** What a person calls the target (a user's or organization's name, an invitation's email), when known. */
  targetName?: string | null;
  organizationId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  sourceIp?: string | null;
  userAgent?: string | null;
}

export interface AuditQuery {
  action: string;
  targetType: string;
  search: string;
  sort: Sort;
  page: number;
  pageSize: number;
}

/**
 * The fields a search term is looked for in (case-insensitive): the person who made the change (`actorName` holds
 * their name, or their email when they have none), the changed item's id, and what the item was called when it
 * changed (`targetLabel`: a user's name, a member's name or email...; the server answers it as `targetName`).
 */
export const AUDIT_SEARCH_FIELDS = ['actorName', 'actorEmail', 'targetLabel', 'targetId'] as const;

/** The collection query: the chosen action and kind exactly, the term in the person's name or the changed item's name or id. */
export function buildAuditQuery({ action, targetType, search, sort, page, pageSize }: AuditQuery): string {
  const conditions: SCondition[] = [];
  if (action) conditions.push({ action: { $eq: action } });
  if (targetType) conditions.push({ targetType: { $eq: targetType } });
  const term = search.trim();
  if (term) conditions.push({ $or: AUDIT_SEARCH_FIELDS.map((field) => ({ [field]: { $contL: term } })) });
  const builder = RequestQueryBuilder.create();
  if (conditions.length) builder.search(conditions.length === 1 ? conditions[0]! : { $and: conditions });
  builder.sortBy({ field: sort.field, order: sort.order }).setLimit(pageSize).setPage(page);
  return builder.query();
}

export async function getAuditEntries(query: string): Promise<Page<AuditEntry>> {
  return toPage<AuditEntry>(await get(`${AUDIT_PATH}?${query}`));
}

export function useAuditEntries(query: AuditQuery) {
  const queryString = buildAuditQuery(query);
  return useSWR([AUDIT_PATH, queryString], () => getAuditEntries(queryString), { keepPreviousData: true });
}
