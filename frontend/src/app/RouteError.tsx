import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_PATH } from './paths';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Shown when a route fails to load or render (a toast takes this over with the fuller shell). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <section className="page" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{t('errors.route.title')}</h1>
      <div role="alert" className="alert alert-error">
        {messageOf(error)}
      </div>
      <p>
        <Link to={HOME_PATH}>{t('common.goHome')}</Link>
      </p>
    </section>
  );
}
