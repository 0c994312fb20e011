import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { get, post } from '../../../api/client';
import type { Invitation } from './types';

/** GET /Invitation/pending: the signed-in user's open invitations; with a token, the one it names. */
export const PENDING_PATH = '/Invitation/pending';
export const ACCEPT_PATH = '/Invitation/accept';

export async function getPendingInvitations(token?: string): Promise<Invitation[]> {
  return (await get<Invitation[]>(PENDING_PATH, { params: { token } })) ?? [];
}

/**
 * Off (no request) until `enabled`, e.g. while nobody is signed in. The interface's language is part of the key: a
 * refusal is worded by the server in it (a replaced link's had stayed in English after a switch to 简体中文).
 */
export function usePendingInvitations(enabled: boolean, token?: string) {
  const { i18n } = useTranslation();
  return useSWR(enabled ? [PENDING_PATH, token ?? '', i18n.language] : null, () => getPendingInvitations(token), { shouldRetryOnError: false });
}

/** POST /Invitation/accept {token}. */
export async function acceptInvitation(token: string): Promise<Invitation | undefined> {
  return post<Invitation>(ACCEPT_PATH, { token });
}
