import { HOME_PATH } from '../shell/navigation';

export const NOTICE = 'notice';
export const ACCOUNT_DELETED = 'account-deleted';

/**
 * Where the sign-out after an account's deletion comes back to (the provider's redirect reloads the app): the
 * home page, told to say that the account was deleted (auth/accountDeleted). Apart from that hook, so that the
 * session can sign out to it without importing the hook that reads the session.
 */
export const ACCOUNT_DELETED_ROUTE = `#${HOME_PATH}?${NOTICE}=${ACCOUNT_DELETED}`;
