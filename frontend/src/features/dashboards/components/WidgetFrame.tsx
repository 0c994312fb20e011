import { Component, Suspense, useId, type ErrorInfo, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../auth/session';
import { Loading } from '../../../shell/Loading';
import { shell } from '../../../shell/registry';
import type { DashboardWidget } from '../types';

/** A widget that throws while rendering shows a message instead of taking the dashboard down. */
class WidgetErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A dashboard widget failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface WidgetFrameProps {
  widget: DashboardWidget;
  /** What the widget is called on its dashboard (numbered when its kind is there twice); default: its kind. */
  title?: string;
  /** Keyboard arrangement on the free layout (absent where widgets are stacked). */
  onArrangeKey?: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onRemove: () => void;
  /** Change the widget's content after it was added (notes); absent for widgets without it. */
  onEdit?: () => void;
}

/**
 * A widget on a dashboard: its title (the drag handle; it names the widget's region, so each widget on a page
 * needs a title of its own), the widget actions of the registry (by priority), a remove button, and the widget
 * itself (its type from the registry).
 */
export function WidgetFrame({ widget, title: givenTitle, onArrangeKey, onRemove, onEdit }: WidgetFrameProps) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const titleId = useId();
  const hintId = useId();
  const type = shell.widgetType(widget.component);
  const title = givenTitle ?? (type ? t(type.title as never) : widget.component);
  const actions = shell.widgetActionsFor(profile);
  const Render = type?.render;

  return (
    <section className="widget-frame" aria-labelledby={titleId} data-widget={widget.component}>
      <header className="widget-header widget-drag-handle">
        <h2 id={titleId} className="widget-title">
          {title}
        </h2>
        <div className="widget-tools">
          {onArrangeKey && (
            <>
              <button
                type="button"
                className="icon-button widget-arrange"
                aria-label={t('dashboards.widget.arrange', { title })}
                aria-describedby={hintId}
                title={t('dashboards.widget.arrangeHint')}
                onKeyDown={onArrangeKey}
              >
                <span aria-hidden="true">✥</span>
              </button>
              <span id={hintId} className="visually-hidden">
                {t('dashboards.widget.arrangeHint')}
              </span>
            </>
          )}
          {actions.map(({ key, component: Action }) => (
            <Action key={key} widget={{ component: widget.component, config: widget.config }} />
          ))}
          {onEdit && (
            <button type="button" className="icon-button" aria-label={t('dashboards.widget.edit', { title })} title={t('dashboards.widget.edit', { title })} onClick={onEdit}>
              <span aria-hidden="true">✎</span>
            </button>
          )}
          <button type="button" className="icon-button" aria-label={t('dashboards.widget.remove', { title })} title={t('dashboards.widget.remove', { title })} onClick={onRemove}>
            <span aria-hidden="true">✕</span>
          </button>
        </div>
      </header>
      <div className="widget-body">
        {Render ? (
          <WidgetErrorBoundary fallback={<p role="alert" className="field-error">{t('dashboards.widget.failed')}</p>}>
            <Suspense fallback={<Loading />}>
              <Render config={widget.config ?? {}} title={title} />
            </Suspense>
          </WidgetErrorBoundary>
        ) : (
          <p className="muted">{t('dashboards.widget.unknown', { component: widget.component })}</p>
        )}
      </div>
    </section>
  );
}
