import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getApiBase } from '../../../api/client';
import { Loading } from '../../../shell/Loading';
import { OPENAPI_DOCUMENT_PATH } from '../paths';
import { renderSwaggerUi } from './swaggerUi';
import '../apiReference.css';

type Phase = 'loading' | 'ready' | 'failed';

/** The API reference: the API's own OpenAPI document drawn by Swagger UI (loaded with this page only). */
export function ApiReferencePage() {
  const { t, i18n } = useTranslation();
  const container = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const documentUrl = `${getApiBase().replace(/\/+$/, '')}${OPENAPI_DOCUMENT_PATH}`;
  const serversLabel = t('apiReference.servers');

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    let current = true;
    // Swagger UI's own router would read the SPA's hash route as an operation: no deep links. The domains
    // start folded: Swagger UI stops drawing a document this long when every operation is listed at once.
    // Swagger UI's texts stay English (lang="en" below); the name it lacks is in the interface's language.
    renderSwaggerUi({
      domNode: node, url: documentUrl, deepLinking: false, docExpansion: 'none',
      serversLabel: { text: serversLabel, lang: i18n.language },
    })
      .then(() => current && setPhase('ready'))
      .catch(() => current && setPhase('failed'));
    return () => {
      current = false;
      node.replaceChildren();
    };
  }, [documentUrl, serversLabel, i18n.language]);

  return (
    <section className="page api-reference" aria-labelledby="api-reference-title">
      <h1 id="api-reference-title">{t('apiReference.title')}</h1>
      <p>{t('apiReference.intro')}</p>
      <p>
        <a href={documentUrl} download="openapi.json">
          {t('apiReference.document')}
        </a>
      </p>
      {phase === 'loading' && <Loading />}
      {phase === 'failed' && (
        <div role="alert" className="alert alert-error">
          {t('apiReference.loadFailed')}
        </div>
      )}
      <div ref={container} className="api-reference-ui" lang="en" />
    </section>
  );
}

export default ApiReferencePage;
