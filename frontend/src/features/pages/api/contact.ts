import useSWR from 'swr';
import { get, post } from '../../../api/client';

export const CONTACT_PATH = '/contact';

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  language: string;
  createdAt: string;
  emailed: boolean;
}

/** What the form sends; `website` is the honeypot, left empty by people. */
export interface NewContactMessage {
  name: string;
  email: string;
  message: string;
  language: string;
  website: string;
}

/** POST /contact: stored and emailed to the system administrators. */
export async function sendContactMessage(message: NewContactMessage): Promise<void> {
  await post(CONTACT_PATH, message);
}

/** GET /contact (system administrators): every message, newest first. */
export function useContactMessages() {
  return useSWR(CONTACT_PATH, async (path: string) => (await get<ContactMessage[]>(path)) ?? []);
}
