import { SYSTEM_ADMIN } from '../../auth/roles';

/** Where administrators read the messages of Contact us, and who may. */
export const CONTACT_MESSAGES_PATH = '/admin/contact-messages';
export const CONTACT_MESSAGES_REQUIREMENT = { roles: [SYSTEM_ADMIN] };
