import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createHashRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { setApiBase } from '../api/client';
import { initI18n } from '../i18n';
import { loadConfig } from './config';
import { AppProviders } from './providers';
import { routes } from './routes';
import './styles.css';

/** Read the runtime configuration and the language first, then render. */
async function start(): Promise<void> {
  const [config] = await Promise.all([loadConfig(), initI18n()]);
  setApiBase(config.apiBase);

  const router = createHashRouter(routes);
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
