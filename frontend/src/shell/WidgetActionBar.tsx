import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/session';
import { shell } from './registry';

/**
 * The widget actions of the registry (e.g. 'Add to dashboard') for a widget shown outside a
 * dashboard, such as the chart of the station page or the explorer's table. Nothing when the user has no action.
 */
export function WidgetActionBar({ widget }: { widget: { component: string; config: Record<string, unknown> } }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const actions = shell.widgetActionsFor(profile);
  if (actions.length === 0) return null;
  return (
    <div className="widget-action-bar" role="group" aria-label={t('shell.widgetActions')}>
      {actions.map(({ key, component: Action }) => (
        <Action key={key} widget={widget} />
      ))}
    </div>
  );
}
