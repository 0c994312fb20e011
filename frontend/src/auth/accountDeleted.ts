import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { HOME_PATH } from '../shell/navigation';
import { toast } from '../shell/toast';
import { useSession } from './session';

const NOTICE = 'notice';
const ACCOUNT_DELETED = 'account-deleted';

/**
 * Where the sign-out after deleting the own account comes back to (the provider's redirect reloads the app):
 * the home page, told to say that the account was deleted.
 */
export const ACCOUNT_DELETED_ROUTE = `#${HOME_PATH}?${NOTICE}=${ACCOUNT_DELETED}`;

/**
 * Back from that sign-out: "Your account has been deleted.", once (the address loses the notice). Only to a
 * visitor who is signed out, as they are then: a signed-in user following such a link is told nothing.
 */
export function useAccountDeletedNotice(): void {
  const { t } = useTranslation();
  const { status } = useSession();
  const [params, setParams] = useSearchParams();
  const noticed = params.get(NOTICE) === ACCOUNT_DELETED;
  // Once, even where React runs an effect twice (development).
  const said = useRef(false);
  useEffect(() => {
    if (!noticed || status === 'checking') return;
    if (status === 'anonymous' && !said.current) toast.success(t('auth.profile.deleted'));
    said.current = true;
    setParams(
      (current) => {
        current.delete(NOTICE);
        return current;
      },
      { replace: true },
    );
  }, [noticed, status, t, setParams]);
}
