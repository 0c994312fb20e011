import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../shell/documentTitle';
import { toast } from '../shell/toast';
import { HOME_PATH } from './paths';

function messageOf(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Shown when a route fails to load or render; the error's message also shows as an error toast. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const message = messageOf(error);
  useDocumentTitle(t('errors.route.title'));
  useEffect(() => {
    toast.error(message);
  }, [message]);
  return (
    <section className="page" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{t('errors.route.title')}</h1>
      <div className="alert alert-error">{message}</div>
      <p>
        <Link to={HOME_PATH}>{t('common.goHome')}</Link>
      </p>
    </section>
  );
}
