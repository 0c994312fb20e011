import { useTranslation } from 'react-i18next';

/**
 * How many logger series a station has, as a table cell shows it: the count, or a dash ("None" to a screen reader)
 * for a station without any. The explorer's table and the dashboard's Stations widget say it alike.
 */
export function LoggerSeriesCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (count) return <>{count.toLocaleString()}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="visually-hidden">{t('explorer.table.noLoggerSeries')}</span>
    </>
  );
}
