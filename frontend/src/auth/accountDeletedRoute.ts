import { HOME_PATH } from '../shell/navigation';

export const NOTICE = 'notice';
export const ACCOUNT_DELETED = 'account-deleted';
// The account deleted since this sign-in by someone else (an administrator, or the person in another tab): told
// as news, not as the success of something they did.
export const ACCOUNT_REMOVED = 'account-removed';

/**
 * Where the sign-out after an account's deletion comes back to (the provider's redirect reloads the app): the
 * home page, told to say that the account was deleted (auth/accountDeleted). Apart from that hook, so that the
 * session can sign out to it without importing the hook that reads the session.
 */
export const ACCOUNT_DELETED_ROUTE = `#${HOME_PATH}?${NOTICE}=${ACCOUNT_DELETED}`;

/** Where the sign-out after a request refused for an account deleted since the sign-in comes back to. */
export const ACCOUNT_REMOVED_ROUTE = `#${HOME_PATH}?${NOTICE}=${ACCOUNT_REMOVED}`;
