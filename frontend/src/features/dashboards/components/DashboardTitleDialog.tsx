import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { Dialog } from '../../../shell/Dialog';
import { toast } from '../../../shell/toast';
import { useCreateDashboard } from '../api/createDashboard';
import { useDashboards } from '../api/getDashboards';
import { useRenameDashboard } from '../api/renameDashboard';
import { labelProblem, MAX_LABEL_LENGTH, type LabelProblem } from '../lib/labels';
import type { Dashboard } from '../types';
import { Layer } from './Layer';

interface TitleDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  initial?: string;
  /** The dashboard being renamed: its own label is not a duplicate. */
  except?: string;
  onSubmit: (label: string) => Promise<void>;
  onClose: () => void;
}

/**
 * One field 'Dashboard title' with the rules of spec section 5: required (checked on blur), unique
 * among the user's labels (checked on change and on blur). Enter submits; closing clears the form.
 */
function TitleDialog({ open, title, submitLabel, initial = '', except, onSubmit, onClose }: TitleDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const inputId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { data: dashboards = [] } = useDashboards(open);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState(open);

  // Each opening starts from the initial value.
  if (open !== shownFor) {
    setShownFor(open);
    if (open) {
      setValue(initial);
      setError(null);
    }
  }

  const message = (problem: LabelProblem | null) =>
    problem === null
      ? null
      : problem.kind === 'required'
        ? t('dashboards.validation.required')
        : t('dashboards.validation.duplicate', { label: problem.label });

  const close = () => {
    setValue('');
    setError(null);
    setBusy(false);
    onClose();
  };

  const onChange = (next: string) => {
    setValue(next);
    const problem = labelProblem(next, dashboards, except);
    setError(problem?.kind === 'duplicate' ? message(problem) : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const problem = labelProblem(value, dashboards, except);
    if (problem) {
      setError(message(problem));
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(value.trim());
      close();
    } catch (failure) {
      setBusy(false);
      // The server's own words for a refused title (e.g. taken meanwhile in another tab).
      if (failure instanceof ApiError && failure.status !== undefined && failure.status < 500) {
        setError(failure.message);
        input.current?.focus();
      } else {
        toast.error(failure);
      }
    }
  };

  if (!open) return null;
  return (
    <Layer>
      <Dialog
        open={open}
        title={title}
        onClose={close}
        className="dashboard-dialog"
        footer={
          <>
            <button type="button" className="button" onClick={close}>
              {t('dashboards.create.cancel')}
            </button>
            <button type="submit" form={formId} className="button button-primary" disabled={busy}>
              {submitLabel}
            </button>
          </>
        }
      >
        <form id={formId} onSubmit={submit} noValidate>
          <div className="dashboard-field">
            <label htmlFor={inputId}>{t('dashboards.create.field')}</label>
            <input
              id={inputId}
              ref={input}
              type="text"
              value={value}
              maxLength={MAX_LABEL_LENGTH}
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => onChange(e.target.value)}
              onBlur={() => setError(message(labelProblem(value, dashboards, except)))}
            />
            {error && (
              <p id={errorId} className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
        </form>
      </Dialog>
    </Layer>
  );
}

/** 'Create new dashboard': on success the toast 'Added dashboard: {label}.' and `onCreated`. */
export function CreateDashboardDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: (dashboard: Dashboard) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateDashboard();
  return (
    <TitleDialog
      open={open}
      title={t('dashboards.create.title')}
      submitLabel={t('dashboards.create.submit')}
      onClose={onClose}
      onSubmit={async (label) => {
        const dashboard = await create(label);
        toast.success(t('dashboards.create.added', { label: dashboard?.label ?? label }));
        if (dashboard) onCreated?.(dashboard);
      }}
    />
  );
}

/** 'Rename dashboard': the same field and rules; its own current label is allowed. */
export function RenameDashboardDialog({ dashboard, onClose }: { dashboard: Dashboard | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rename = useRenameDashboard();
  return (
    <TitleDialog
      open={dashboard !== null}
      title={t('dashboards.rename.title', { label: dashboard?.label ?? '' })}
      submitLabel={t('dashboards.rename.submit')}
      initial={dashboard?.label ?? ''}
      except={dashboard?.id}
      onClose={onClose}
      onSubmit={async (label) => {
        if (!dashboard) return;
        const renamed = await rename(dashboard.id, label);
        toast.success(t('dashboards.rename.renamed', { label: renamed?.label ?? label }));
      }}
    />
  );
}
