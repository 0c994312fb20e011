import { useTranslation } from 'react-i18next';
import type { InfoPageKey } from '../menu';

/** An informational page of the data section: its title and, for now, a placeholder text. */
export function InfoPage({ page }: { page: InfoPageKey }) {
  const { t } = useTranslation();
  return (
    <section className="page info-page" aria-labelledby={`info-${page}`}>
      <h1 id={`info-${page}`}>{t(`pages.${page}.title`)}</h1>
      <p>{t('pages.placeholder')}</p>
    </section>
  );
}

export default InfoPage;
