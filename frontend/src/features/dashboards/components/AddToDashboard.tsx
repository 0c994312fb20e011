import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCreateDashboard } from '../api/createDashboard';
import { useDismissOnOutsidePress } from '../../../shell/useDismiss';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../shell/toast';
import { useAddWidget } from '../api/addWidget';
import { useDashboards } from '../api/getDashboards';
import { MAX_LABEL_LENGTH } from '../lib/labels';
import { nextPosition } from '../lib/layout';
import { MANAGEMENT_PATH, type Dashboard, type WidgetSpec } from '../types';

/** The same widget: the same type with the same settings (key order aside). */
function sameWidget(a: WidgetSpec, b: WidgetSpec): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)).map(([k, v]) => [k, canonical(v)]))
        : value;
  return a.component === b.component && JSON.stringify(canonical(a.config ?? {})) === JSON.stringify(canonical(b.config ?? {}));
}

/**
 * The widget action 'Add to dashboard': the user's dashboards by label ascending; choosing one adds
 * the widget below its others ('Widget successfully added to dashboard.'); a dashboard that already
 * holds the same widget says so and is not offered. A new dashboard can be named on the spot: it is
 * created with the widget on it (a taken name is said at the field). With no dashboards at all it says
 * 'No dashboards...' and its 'Create dashboard' button goes to the management route (spec §2). The popup closes
 * on Escape (focus back on its button), on a press outside it, and when focus leaves it (Tab).
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
  const createDashboard = useCreateDashboard();
  const [newLabel, setNewLabel] = useState('');
  const [labelError, setLabelError] = useState<string | null>(null);
  const nameId = useId();
  const alreadyId = useId();

  useDismissOnOutsidePress(root, open, () => setOpen(false));

  // Keyboard users land on the first choice as soon as the choices are there.
  const ready = open && (dashboards !== undefined || error !== undefined);
  // Near the bottom of the window the popup opens upwards, so it shows whole without scrolling the page.
  const [upwards, setUpwards] = useState(false);
  useLayoutEffect(() => {
    const popup = root.current?.querySelector<HTMLElement>('.add-to-dashboard-popup');
    const button = trigger.current?.getBoundingClientRect();
    if (!ready || !popup || !button) return;
    setUpwards(button.bottom + popup.offsetHeight > window.innerHeight && button.top > popup.offsetHeight);
  }, [ready, dashboards]);
  useEffect(() => {
    if (ready) root.current?.querySelector<HTMLElement>('.add-to-dashboard-popup button')?.focus({ preventScroll: true });
  }, [ready, upwards]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  const createWithWidget = async (event: FormEvent) => {
    event.preventDefault();
    if (!newLabel.trim()) {
      setLabelError(t('dashboards.validation.required'));
      return;
    }
    setBusy(true);
    try {
      const created = await createDashboard(newLabel);
      if (created) await add(created.id, { component: widget.component, config: widget.config, position: nextPosition([]) });
      toast.success(t('dashboards.addToDashboard.addedToNew', { label: created?.label ?? newLabel.trim() }));
      setNewLabel('');
      close();
    } catch (failure) {
      if (failure instanceof ApiError && (failure.status === 409 || failure.status === 400)) setLabelError(failure.message);
      else toast.error(failure);
    } finally {
      setBusy(false);
    }
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
      // Focus gone elsewhere on the page (Tab past the popup's last control, or to a control under it): the popup
      // closes, focus staying where it went. Focus lost to nothing (a choice disabled while it is added, another
      // window) keeps it open; a press outside closes it too (useDismissOnOutsidePress).
      onBlur={(e) => {
        if (open && e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <button
        type="button"
        ref={trigger}
        className="button"
        // A disclosure, not a menu (its panel holds buttons, links and a form, not menu items): "haspopup" would
        // announce a menu that arrow keys do not walk.
        aria-expanded={open}
        aria-controls={open ? popupId : undefined}
        onClick={() => setOpen((v) => !v)}
      >
        {t('dashboards.addToDashboard.button')}
      </button>
      {open && (
        <div id={popupId} className={`add-to-dashboard-popup${upwards ? ' add-to-dashboard-popup-up' : ''}`}>
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
              <button type="button" className="button button-primary" onClick={() => navigate(MANAGEMENT_PATH)}>
                {t('dashboards.addToDashboard.create')}
              </button>
            </div>
          ) : (
            <>
              <p className="add-to-dashboard-heading" aria-hidden="true">
                {listLabel}
              </p>
              <span id={alreadyId} hidden>
                {t('dashboards.addToDashboard.alreadyThere')}
              </span>
              <ul aria-label={listLabel}>
                {dashboards.map((dashboard) => {
                  const holds = (dashboard.widgets ?? []).some((w) => sameWidget(w, widget));
                  return (
                    <li key={dashboard.id}>
                      <button
                        type="button"
                        disabled={busy || holds}
                        aria-describedby={holds ? alreadyId : undefined}
                        onClick={() => void choose(dashboard)}
                      >
                        {dashboard.label}
                        {holds && (
                          <span className="muted small" aria-hidden="true">
                            {' '}
                            ({t('dashboards.addToDashboard.alreadyThere')})
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ul>
              <form className="add-to-dashboard-new" onSubmit={(e) => void createWithWidget(e)} noValidate>
                <label htmlFor={nameId}>{t('dashboards.addToDashboard.newName')}</label>
                <input
                  id={nameId}
                  value={newLabel}
                  maxLength={MAX_LABEL_LENGTH}
                  aria-invalid={labelError ? true : undefined}
                  aria-describedby={labelError ? `${nameId}-error` : undefined}
                  onChange={(e) => {
                    setNewLabel(e.target.value);
                    setLabelError(null);
                  }}
                />
                {labelError && (
                  <p id={`${nameId}-error`} className="field-error" role="alert">
                    {labelError}
                  </p>
                )}
                <button type="submit" className="button button-primary" disabled={busy}>
                  {t('dashboards.addToDashboard.create')}
                </button>
              </form>
            </>
          )}
        </div>
      )}
    </div>
  );
}
