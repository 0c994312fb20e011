import { useEffect, useId, useRef, useState } from 'react';
import { useDismissOnOutsidePress } from '../../../shell/useDismiss';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../../shell/toast';
import { useAddWidget } from '../api/addWidget';
import { useDashboards } from '../api/getDashboards';
import { nextPosition } from '../lib/layout';
import { MANAGEMENT_PATH, type Dashboard, type WidgetSpec } from '../types';

/**
 * The widget action 'Add to dashboard': the user's dashboards by label ascending; choosing one adds
 * the widget below its others ('Widget successfully added to dashboard.'). With no dashboards:
 * 'No dashboards...' and 'Create dashboard', which goes to the management page.
 */
export function AddToDashboard({ widget }: { widget: WidgetSpec }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddWidget();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const { data: dashboards, error, isLoading } = useDashboards(open);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const popupId = useId();
  const listLabel = t('dashboards.addToDashboard.choose');

  useDismissOnOutsidePress(root, open, () => setOpen(false));

  // Keyboard users land on the first choice as soon as the choices are there.
  const ready = open && (dashboards !== undefined || error !== undefined);
  useEffect(() => {
    if (ready) root.current?.querySelector<HTMLElement>('.add-to-dashboard-popup button')?.focus();
  }, [ready]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const choose = async (dashboard: Dashboard) => {
    setBusy(true);
    try {
      await add(dashboard.id, { component: widget.component, config: widget.config, position: nextPosition(dashboard.widgets ?? []) });
      toast.success(t('dashboards.addToDashboard.added'));
      close();
    } catch (failure) {
      toast.error(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="add-to-dashboard"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close();
        }
      }}
    >
      <button
        type="button"
        ref={trigger}
        className="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        {t('dashboards.addToDashboard.button')}
      </button>
      {open && (
        <div id={popupId} className="add-to-dashboard-popup">
          {error ? (
            <p role="alert" className="field-error">
              {t('dashboards.addToDashboard.failed', { message: error instanceof Error ? error.message : String(error) })}
            </p>
          ) : isLoading || !dashboards ? (
            <p role="status" className="muted">
              {t('common.loading')}
            </p>
          ) : dashboards.length === 0 ? (
            <div className="add-to-dashboard-empty">
              <p>{t('dashboards.addToDashboard.none')}</p>
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  setOpen(false);
                  void navigate(MANAGEMENT_PATH);
                }}
              >
                {t('dashboards.addToDashboard.create')}
              </button>
            </div>
          ) : (
            <>
              <p className="add-to-dashboard-heading" aria-hidden="true">
                {listLabel}
              </p>
              <ul aria-label={listLabel}>
                {dashboards.map((dashboard) => (
                  <li key={dashboard.id}>
                    <button type="button" disabled={busy} onClick={() => void choose(dashboard)}>
                      {dashboard.label}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
