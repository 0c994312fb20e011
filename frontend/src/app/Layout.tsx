import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../shell/LanguageSwitch';
import { HOME_PATH } from './paths';

/** The app layout: a header with the product name and the language switch, then the page. */
export function Layout() {
  const { t } = useTranslation();
  return (
    <div className="app">
      <header className="app-header">
        <Link to={HOME_PATH} className="brand">
          {t('app.name')}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
