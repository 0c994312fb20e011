import { useTranslation } from 'react-i18next';
import { Loading } from '../../../shell/Loading';
import { useSystemInfo } from '../api/systemInfo';

/** The home page for now: which API this is (name, version, stage, build time). */
export function SystemInfoPage() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useSystemInfo();

  if (error) {
    return (
      <div role="alert" className="alert alert-error">
        {error instanceof Error ? error.message : String(error)}
      </div>
    );
  }
  if (isLoading || !data) {
    return <Loading />;
  }

  const notRecorded = <span className="muted">{t('system.info.notRecorded')}</span>;
  return (
    <section className="page system-info" aria-labelledby="system-info-title">
      <h1 id="system-info-title">{data.name}</h1>
      <dl aria-label={t('system.info.label')} className="facts">
        <dt>{t('system.info.version')}</dt>
        <dd>{data.version || notRecorded}</dd>
        <dt>{t('system.info.stage')}</dt>
        <dd>{data.stage || notRecorded}</dd>
        <dt>{t('system.info.buildTime')}</dt>
        <dd>{data.buildTime ? <time dateTime={data.buildTime}>{data.buildTime}</time> : notRecorded}</dd>
      </dl>
    </section>
  );
}

export default SystemInfoPage;
