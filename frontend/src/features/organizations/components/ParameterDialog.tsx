import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { changesFrom } from '../../../api/versions';
import { useChangedMeanwhile } from '../../../shell/ChangedMeanwhile';
import { useTextFields } from '../../../shell/useTextFields';
import { fieldNotes, FormDialog, TextField } from '../../../shell/FormDialog';
import { messageOf, toast } from '../../../shell/toast';
import {
  useParameterActions,
  useParameterGroups,
  useSampleFractions,
  useUnitCodes,
  type ParameterDetails,
  type ParameterFields,
} from '../api/parameters';
import { useAction } from '../lib/useAction';

type Field = keyof ParameterFields;
type Values = Record<Field, string>;
const OPTIONAL: Exclude<Field, 'label'>[] = ['unit', 'group', 'characteristicName', 'sampleFraction', 'description'];

/** The longest texts the server takes (chalicelib/parameters/service.py TEXT_LIMITS), checked before sending. */
export const PARAMETER_LIMITS: Record<Field, number> = {
  label: 100,
  unit: 40,
  group: 200,
  characteristicName: 200,
  sampleFraction: 100,
  description: 5000,
};

/** Characters as Python counts them (code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

/** What the server would refuse, or the form holds too long, checked before sending: a message key by field. */
export function parameterProblems(values: Values, withLabel: boolean): Partial<Record<Field, { key: 'labelRequired' | 'tooLong'; max: number }>> {
  const problems: Partial<Record<Field, { key: 'labelRequired' | 'tooLong'; max: number }>> = {};
  for (const field of [...(withLabel ? (['label'] as const) : []), ...OPTIONAL]) {
    const text = values[field].trim();
    if (field === 'label' && !text) problems.label = { key: 'labelRequired', max: PARAMETER_LIMITS.label };
    else if (length(text) > PARAMETER_LIMITS[field]) problems[field] = { key: 'tooLong', max: PARAMETER_LIMITS[field] };
  }
  return problems;
}

/** A unit compared as imports compare them (chalicelib/parameters/units.py loose): no spaces, any case. */
const loose = (unit: string) => unit.replace(/\s+/g, '').toLowerCase();

/** The server's refusal of a new parameter's label (the label is taken: 409; it is missing: 400), in either language. */
function refusedLabel(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 409 || (error.status === 400 && /^label is required|label。$/.test(error.message));
}

/** The server's refusal of the unit: not a unit imports take (400), or values are recorded in the old one (409). */
function refusedUnit(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (error.status === 400 && /^Unknown unit|^未知单位/.test(error.message)) || (error.status === 409 && /unit|单位/.test(error.message));
}

/**
 * Create one of the organization's own parameters, or edit one (its label is kept: the server refuses to change
 * it). What the server would refuse is said at the field before sending; a label another parameter has (the
 * server's 409, in the interface's language) is said at the label, which takes the focus (FormDialog). A new
 * parameter is added to the parameters the organization measures. The dialog closes once saved.
 */
export function ParameterDialog({
  organizationId,
  parameter,
  onClose,
}: {
  organizationId: string;
  /** The parameter to edit; null for a new one. */
  parameter: ParameterDetails | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const actions = useParameterActions(organizationId);
  const { busy, run } = useAction();
  const units = useUnitCodes().data;
  const fractions = useSampleFractions().data ?? [];
  const groups = useParameterGroups().data ?? [];
  // The parameter as the dialog shows it: as stored now, after someone else changed it meanwhile.
  const [seen, setSeen] = useState(parameter);
  const meanwhile = useChangedMeanwhile();
  const { values, setErrors, field, adopt } = useTextFields<Field>(
    {
      label: parameter?.label ?? '',
      unit: parameter?.unit ?? '',
      group: parameter?.group ?? '',
      characteristicName: parameter?.characteristicName ?? '',
      sampleFraction: parameter?.sampleFraction ?? '',
      description: parameter?.description ?? '',
    } satisfies Values,
    (name) => meanwhile.hint(name),
  );
  const atUnit = (error: unknown) => {
    if (!refusedUnit(error)) return false;
    setErrors({ unit: messageOf(error) });
    return true;
  };

  const submit = async () => {
    const problems = parameterProblems(values, !parameter);
    setErrors(
      Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, t(`organizations.parameters.${problem.key}`, { max: problem.max })])),
    );
    if (Object.keys(problems).length > 0) return;
    const text = (field: Field) => values[field].trim() || null;
    if (seen) {
      // Only the fields changed are sent, for the version shown (api/versions.ts); empty clears one.
      const given = Object.fromEntries(OPTIONAL.map((field) => [field, text(field)])) as Partial<ParameterDetails>;
      if (Object.keys(changesFrom(seen, given)).length === 0) {
        onClose();
        return;
      }
      const done = await run(
        () => actions.update(seen, given),
        t('organizations.parameters.updated', { name: seen.label }),
        (error) =>
          meanwhile.take<ParameterDetails>(error, seen, given, (current, theirs) => {
            adopt(theirs);
            setSeen(current);
          }) || atUnit(error),
      );
      if (done) onClose();
      return;
    }
    const fields = Object.fromEntries((Object.keys(values) as Field[]).map((field) => [field, text(field)])) as ParameterFields;
    const name = fields.label;
    const done = await run(
      async () => {
        const { listError } = await actions.create(fields);
        if (listError) toast.error(listError, t('organizations.parameters.createdNotChosen', { name }));
        else toast.success(t('organizations.parameters.created', { name }));
      },
      undefined,
      (error) => {
        if (atUnit(error)) return true;
        if (!refusedLabel(error)) return false;
        setErrors({ label: messageOf(error) });
        return true;
      },
    );
    if (done) onClose();
  };

  const unit = values.unit.trim();
  const unknownUnit = !!units && !!unit && !units.some((code) => loose(code.value) === loose(unit));
  const unitHint = [
    meanwhile.hint('unit'),
    unknownUnit ? t('organizations.parameters.unitUnknown') : t('organizations.parameters.unitHint'),
    parameter ? t('organizations.parameters.unitKeepsValues') : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <FormDialog
      title={parameter ? t('organizations.parameters.editTitle', { name: parameter.label }) : t('organizations.parameters.newTitle')}
      submitLabel={parameter ? t('common.save') : t('common.create')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {(formId) => (
        <>
          {meanwhile.notice}
          {!parameter && (
            <TextField id={`${formId}-label`} label={t('organizations.parameters.labelField')} required {...field('label')} hint={t('organizations.parameters.labelHint')} />
          )}
          <SuggestField
            id={`${formId}-unit`}
            label={t('organizations.parameters.unit')}
            options={(units ?? []).map((code) => ({ value: code.value, description: code.description }))}
            {...field('unit')}
            hint={unitHint}
          />
          <SuggestField id={`${formId}-group`} label={t('organizations.parameters.group')} options={groups.map((value) => ({ value }))} {...field('group')} />
          <TextField id={`${formId}-characteristic`} label={t('organizations.parameters.characteristicName')} {...field('characteristicName')} />
          <SuggestField
            id={`${formId}-fraction`}
            label={t('organizations.parameters.sampleFraction')}
            options={fractions.map((code) => ({ value: code.value }))}
            {...field('sampleFraction')}
          />
          <TextField id={`${formId}-description`} label={t('organizations.parameters.description')} multiline {...field('description')} />
        </>
      )}
    </FormDialog>
  );
}

/** A text field offering the reference list's values (a datalist): any other text may be typed too. */
function SuggestField({
  id,
  label,
  value,
  onChange,
  options,
  hint,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; description?: string }[];
  hint?: string;
  error?: string | null;
}) {
  const listId = `${id}-options`;
  const { describedBy, notes } = fieldNotes(id, hint, error);
  return (
    <div className="ws-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        list={listId}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.description}
          </option>
        ))}
      </datalist>
      {notes}
    </div>
  );
}
