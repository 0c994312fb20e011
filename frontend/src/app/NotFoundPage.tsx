import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from './paths';

/** /404 and every unknown path. /404?url=... names the path that was not found. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const [search] = useSearchParams();
  const url = search.get('url') ?? `${location.pathname}${location.search}`;
  return (
    <section className="page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('errors.notFound.title')}</h1>
      <p>{t('errors.notFound.message', { url })}</p>
      <p>
        <Link to={HOME_PATH}>{t('common.goHome')}</Link>
      </p>
    </section>
  );
}
