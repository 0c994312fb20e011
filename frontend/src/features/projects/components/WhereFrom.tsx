import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { projectPath } from '../paths';

/**
 * Where an empty tab's things come from (stations, parameters, activities): a sentence, the ways there (`links`),
 * and for those who may import, the project's Imports tab. A reader is told who adds them.
 */
export function WhereFrom(props: {
  organizationId: string;
  projectId: string;
  canEdit: boolean;
  /** The sentence for those who may add (canEdit), and for readers. */
  text: string;
  readerText: string;
  links?: ReactNode[];
}) {
  const { t } = useTranslation();
  const { organizationId, projectId, canEdit, text, readerText, links = [] } = props;
  const all = [...links, ...(canEdit ? [<Link to={projectPath(organizationId, projectId, 'imports')}>{t('projects.importData')}</Link>] : [])];
  return (
    <>
      <p className="muted">{canEdit ? text : readerText}</p>
      {all.length > 0 && (
        <ul>
          {all.map((link, n) => (
            <li key={n}>{link}</li>
          ))}
        </ul>
      )}
    </>
  );
}
