import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shell/LazyView';

type ImportsPanelProps = { organizationId: string; projectId: string };

// The imports feature adds its panel to the project page when it exists; until then this tab says so.
// A glob (resolved when the app is built) finds the file without this feature depending on it.
const panels = import.meta.glob<{ default?: ComponentType<ImportsPanelProps>; ImportsPanel?: ComponentType<ImportsPanelProps> }>(
  '../../imports/components/ImportsPanel.tsx',
);
const loadPanel = Object.values(panels)[0];
const ImportsPanel = loadPanel
  ? lazy(async () => {
      const module = await loadPanel();
      const Panel = module.ImportsPanel ?? module.default;
      if (!Panel) throw new Error('ImportsPanel.tsx exports no ImportsPanel');
      return { default: Panel };
    })
  : null;

/** The project's imports: the imports feature's panel, or a note that imports are coming. */
export function ImportsTab({ organizationId, projectId }: ImportsPanelProps) {
  const { t } = useTranslation();
  if (!ImportsPanel) return <p>{t('projects.imports.coming')}</p>;
  return (
    <Suspense fallback={<Spinner />}>
      <ImportsPanel organizationId={organizationId} projectId={projectId} />
    </Suspense>
  );
}
