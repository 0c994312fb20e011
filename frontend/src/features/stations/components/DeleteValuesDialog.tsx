import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SessionEndedError } from '../../../api/client';
import { dateRangeProblems } from '../../../lib/filterChecks';
import { DateRangeFields } from '../../../shell/DateRangeFields';
import { Dialog, type FocusAfter } from '../../../shell/Dialog';
import { SubmitButton } from '../../../shell/SubmitButton';
import { messageOf, toast } from '../../../shell/toast';
import { useFocusFirstInvalid } from '../../../shell/useFocusFirstInvalid';
import '../../../shell/workspace.css';

/** A period of days: YYYY-MM-DD, '' for an open end. */
export interface ValuesPeriod {
  from: string;
  to: string;
}

export interface DeleteValuesDialogProps {
  /** What the values are of, as the page names it: a parameter, or a logger series. */
  name: string;
  /** The station, as the page names it. */
  station: string;
  /** A logger series: without a period the whole series goes, and it leaves the list of series. */
  series?: boolean;
  /** The period filled in at first (the chart's dates); none: every value. */
  initial?: Partial<ValuesPeriod>;
  /** Deletes the period's values and reads again what showed them; answers how many went. */
  onDelete: (period: ValuesPeriod) => Promise<number>;
  onClose: () => void;
  /** Where focus goes on close when the button that opened the dialog left with the values (a series gone). */
  focusAfter?: FocusAfter;
}

type Warning = 'all' | 'wholeSeries' | 'between' | 'from' | 'to';

function warningOf({ from, to }: ValuesPeriod, series: boolean): Warning {
  if (from && to) return 'between';
  if (from) return 'from';
  if (to) return 'to';
  return series ? 'wholeSeries' : 'all';
}

/**
 * "Delete values…": a period (either end open; empty: every value, or the whole logger series), a warning that
 * names what goes and that it cannot be undone, and "Delete values". The count deleted is said in a toast and the
 * dialog closes; a refusal (a period holding too many values, no right to) is said in the dialog, under the period,
 * and the dialog stays. The shell's Dialog: focus goes to the first date, Escape closes, focus goes back after.
 */
export function DeleteValuesDialog({ name, station, series = false, initial, onDelete, onClose, focusAfter }: DeleteValuesDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [period, setPeriod] = useState<ValuesPeriod>({ from: initial?.from ?? '', to: initial?.to ?? '' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { form, focusFirstInvalid } = useFocusFirstInvalid();
  const warning = warningOf(period, series);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The fields say what is wrong with the dates (the start after the end); nothing is sent.
    if (Object.keys(dateRangeProblems(period.from, period.to)).length > 0) {
      focusFirstInvalid();
      return;
    }
    setFailure(undefined);
    setBusy(true);
    let deleted: number;
    try {
      deleted = await onDelete(period);
    } catch (error) {
      // A session that ended: the sign-in dialog says so; the dialog stays for another try once signed in.
      if (!(error instanceof SessionEndedError)) setFailure(messageOf(error));
      setBusy(false);
      return;
    }
    if (deleted > 0) toast.success(t('stations.deleteValues.deleted', { count: deleted }));
    else toast.info(t(period.from || period.to ? 'stations.deleteValues.noneInPeriod' : 'stations.deleteValues.none'));
    onClose();
  };

  return (
    <Dialog
      open
      title={t('stations.deleteValues.title', { name })}
      onClose={onClose}
      focusAfter={focusAfter}
      className="delete-values-dialog"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SubmitButton busy={busy} form={formId} className="button button-danger">
            {busy ? t('stations.deleteValues.deleting') : t('stations.deleteValues.confirm')}
          </SubmitButton>
        </>
      }
    >
      <form ref={form} id={formId} className="ws-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="alert alert-warning">
          {t(`stations.deleteValues.warning.${warning}`, { name, station, from: period.from, to: period.to })}
          {series && warning !== 'wholeSeries' && <> {t('stations.deleteValues.emptiedSeries')}</>} <strong>{t('stations.deleteValues.cannotUndo')}</strong>
        </p>
        <p className="ws-hint">{t(series ? 'stations.deleteValues.wholeSeriesHint' : 'stations.deleteValues.allHint')}</p>
        <DateRangeFields
          legend={t('stations.deleteValues.period')}
          fromLabel={t('stations.deleteValues.from')}
          toLabel={t('stations.deleteValues.to')}
          from={period.from}
          to={period.to}
          onChange={(end, value) => {
            setPeriod((current) => ({ ...current, [end]: value }));
            setFailure(undefined);
          }}
        />
        {failure && (
          <p role="alert" className="alert alert-error">
            {t('stations.deleteValues.failed', { message: failure })}
          </p>
        )}
      </form>
    </Dialog>
  );
}
