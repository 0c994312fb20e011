import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../shell/toast';
import { ACCOUNT_DELETED, ACCOUNT_REMOVED, NOTICE } from './accountDeletedRoute';
import { useSession } from './session';

export { ACCOUNT_DELETED_ROUTE } from './accountDeletedRoute';

/**
 * Back from that sign-out: "Your account has been deleted.", once (the address loses the notice). Only to a
 * visitor who is signed out, as they are then: a signed-in user following such a link is told nothing.
 */
export function useAccountDeletedNotice(): void {
  const { t } = useTranslation();
  const { status } = useSession();
  const [params, setParams] = useSearchParams();
  const notice = params.get(NOTICE);
  const noticed = notice === ACCOUNT_DELETED || notice === ACCOUNT_REMOVED;
  // Once, even where React runs an effect twice (development).
  const said = useRef(false);
  useEffect(() => {
    if (!noticed || status === 'checking') return;
    if (status === 'anonymous' && !said.current) {
      if (notice === ACCOUNT_DELETED) toast.success(t('auth.profile.deleted'));
      else toast.info(t('auth.profile.removed'));
    }
    said.current = true;
    setParams(
      (current) => {
        current.delete(NOTICE);
        return current;
      },
      { replace: true },
    );
  }, [noticed, notice, status, t, setParams]);
}
