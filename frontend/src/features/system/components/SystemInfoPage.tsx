import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { Loading } from '../../../shell/Loading';
import { useSystemInfo } from '../api/systemInfo';

/** The deployment stages named in the interface's languages (system.stages). */
const KNOWN_STAGES = ['local', 'dev', 'test', 'staging', 'prod'] as const;
const isKnownStage = (stage: string): stage is (typeof KNOWN_STAGES)[number] => (KNOWN_STAGES as readonly string[]).includes(stage);

/** The home page: what the product is for, the way into the data, and which installation this is. */
export function SystemInfoPage() {
  const { t, i18n } = useTranslation();
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

  /** The stage by name (local: "Local", "本地"); a stage not known by name, as it is. */
  const stageName = (stage: string) => {
    const key = stage.trim().toLowerCase();
    return isKnownStage(key) ? t(`system.stages.${key}`) : stage;
  };
  const notRecorded = <span className="muted">{t('system.info.notRecorded')}</span>;
  return (
    <section className="page system-info" aria-labelledby="system-info-title">
      <h1 id="system-info-title">{data.name}</h1>
      <p className="home-tagline">{t('system.home.tagline')}</p>
      <p className="home-actions">
        <Link className="button button-primary" to="/sts/overview">
          {t('system.home.explore')}
        </Link>
        <Link className="button" to="/sts/mission">
          {t('system.home.learnMore')}
        </Link>
      </p>
      <h2 className="home-installation">{t('system.info.title')}</h2>
      <dl aria-label={t('system.info.label')} className="facts">
        <dt>{t('system.info.version')}</dt>
        <dd>{data.version || notRecorded}</dd>
        <dt>{t('system.info.stage')}</dt>
        <dd>{data.stage ? stageName(data.stage) : notRecorded}</dd>
        <dt>{t('system.info.buildTime')}</dt>
        {/* In the interface's date and time (a time that cannot be read, as it came). */}
        <dd>{data.buildTime ? <time dateTime={data.buildTime}>{formatDateTime(data.buildTime, i18n.language) || data.buildTime}</time> : notRecorded}</dd>
      </dl>
    </section>
  );
}

export default SystemInfoPage;
