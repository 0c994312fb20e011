import { useTranslation } from 'react-i18next';
import { ImportTemplate } from './ImportTemplate';
import { ProjectFileImport } from './ProjectFileImport';

const FORMATS = ['auto', 'wqp-result', 'wqx3-result', 'wqp-station', 'template'] as const;

export interface ImportsPanelProps {
  organizationId: string;
  projectId: string;
}

/**
 * A project's Imports tab: files of samples and stations (Water Quality Portal / WQX, the template) through
 * import-data; for those who may import, the template to fill in above the form.
 */
export function ImportsPanel({ organizationId, projectId }: ImportsPanelProps) {
  const { t } = useTranslation();
  return (
    <ProjectFileImport
      organizationId={organizationId}
      projectId={projectId}
      title={t('imports.title')}
      target={{
        endpoint: 'import-data',
        accept: '.csv,.txt,.tsv,.zip,.gz',
        formats: FORMATS.map((value) => ({ value, label: t(`imports.formats.${value}`) })),
        dropHint: t('imports.drop'),
        timeZones: true,
      }}
      help={<ImportTemplate />}
    />
  );
}

export default ImportsPanel;
