import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams, type Params } from 'react-router';
import { useDocumentTitle } from '../shell/documentTitle';
import { LoadError } from '../shell/LoadError';
import { redirectToNotFound } from '../shell/navigation';
import { HOME_PATH } from './paths';

export interface ErrorPageProps {
  params?: Params;
  query?: Record<string, string>;
}

/** Passes the route's params and query to a page as props (spec: /403 and /404). */
export function withRouteProps(Page: React.ComponentType<ErrorPageProps>) {
  return function RoutePropsPage() {
    const params = useParams();
    const [search] = useSearchParams();
    return <Page params={params} query={Object.fromEntries(search)} />;
  };
}

/** /404: names the path that was not found (the `url` query parameter). */
export function NotFoundPage({ query }: ErrorPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.notFound.title'));
  const url = query?.url;
  return (
    <section className="page error-page" aria-labelledby="not-found-title">
      <p className="error-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">{t('errors.notFound.title')}</h1>
      {url && <p>{t('errors.notFound.message', { url })}</p>}
      <p>
        <Link to={HOME_PATH}>{t('common.goHome')}</Link>
      </p>
    </section>
  );
}

/** /403, and any page the user lacks the roles for. */
export function ForbiddenPage({ query }: ErrorPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.forbidden.title'));
  return (
    <section className="page error-page" aria-labelledby="forbidden-title">
      <p className="error-code" aria-hidden="true">
        403
      </p>
      <h1 id="forbidden-title">{t('errors.forbidden.title')}</h1>
      <p>{t('errors.forbidden.message')}</p>
      {query?.url && <p className="muted">{query.url}</p>}
      <p>
        <Link to={HOME_PATH}>{t('common.goHome')}</Link>
      </p>
    </section>
  );
}

/**
 * In place of a page that needs the signed-in user's profile, while it cannot be loaded (the server failed, is
 * unavailable or could not be reached): an outage, said as one, with "Try again"; never "Access denied".
 */
export function ServerUnreachablePage({ error, onRetry }: { error: unknown; onRetry: () => unknown }) {
  const { t } = useTranslation();
  useDocumentTitle(t('errors.unreachable.title'));
  return (
    <section className="page" aria-labelledby="unreachable-title">
      <h1 id="unreachable-title">{t('errors.unreachable.title')}</h1>
      <p>{t('errors.unreachable.message')}</p>
      <LoadError error={error} onRetry={onRetry} />
    </section>
  );
}

/** Every unknown path: redirect to the route named NOTFOUND with url = the current full path. */
export function RedirectToNotFound() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => redirectToNotFound(navigate, location), [navigate, location]);
  return null;
}
