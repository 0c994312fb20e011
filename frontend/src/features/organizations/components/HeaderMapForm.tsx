import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { TextField } from '../../../shell/FormDialog';
import { Spinner } from '../../../shell/LazyView';
import { messageOf, toast } from '../../../shell/toast';
import { useHeaderMap, useImportFields, useSaveHeaderMap, type HeaderMap, type ImportField } from '../api/headerMap';
import '../organizations.css';

/** The target that makes a column hold one parameter's values instead of one of our fields. */
const PARAMETER = ':parameter';

interface Row {
  key: number;
  column: string;
  target: string;
  parameter: string;
  unit: string;
}
type RowErrors = Partial<Record<'column' | 'target' | 'parameter', string>>;

/** Column names compared as imports compare them: case, spaces and punctuation ignored. */
/** A column name as imports compare it (chalicelib/imports/formats.py normalized): letters and digits of any script. */
const normalized = (name: string) => name.toLocaleLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

let nextKey = 0;
const newRow = (): Row => ({ key: nextKey++, column: '', target: '', parameter: '', unit: '' });

function rowsOf(map: HeaderMap): Row[] {
  return Object.entries(map).map(([column, target]) =>
    typeof target === 'string'
      ? { ...newRow(), column, target }
      : { ...newRow(), column, target: PARAMETER, parameter: target.parameter, unit: target.unit ?? '' },
  );
}

function mapOf(rows: Row[]): HeaderMap {
  return Object.fromEntries(
    rows.map((row) => [
      row.column.trim(),
      row.target === PARAMETER ? { parameter: row.parameter.trim(), ...(row.unit.trim() ? { unit: row.unit.trim() } : {}) } : row.target,
    ]),
  );
}

/**
 * The organization's header map (Settings): which of our fields each of "their" column names holds, or
 * that a column holds one parameter's values. Its imports read files through it. Data contributors and
 * group administrators see and change it; errors are shown at the field they concern.
 */
export function HeaderMapForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const map = useHeaderMap(organizationId, true);
  const fields = useImportFields(true);
  const save = useSaveHeaderMap(organizationId);
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<number, RowErrors>>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (map.data) setRows(rowsOf(map.data));
  }, [map.data]);

  const problem = map.error ?? fields.error;
  if (problem) return <p className="alert alert-error" role="alert">{messageOf(problem)}</p>;
  if (!map.data || !fields.data) return <Spinner />;

  const change = (key: number, part: Partial<Row>) => {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...part } : row)));
    setErrors((current) => ({ ...current, [key]: {} }));
  };

  const check = (): Record<number, RowErrors> => {
    const found: Record<number, RowErrors> = {};
    const seen = new Set<string>();
    for (const row of rows) {
      const rowErrors: RowErrors = {};
      const name = normalized(row.column);
      if (!row.column.trim()) rowErrors.column = t('organizations.headerMap.columnRequired');
      else if (row.column.trim().length > 200) rowErrors.column = t('organizations.headerMap.columnTooLong');
      else if (seen.has(name)) rowErrors.column = t('organizations.headerMap.columnTwice');
      seen.add(name);
      if (!row.target) rowErrors.target = t('organizations.headerMap.targetRequired');
      else if (row.target === PARAMETER && !row.parameter.trim()) rowErrors.parameter = t('organizations.headerMap.parameterRequired');
      if (Object.keys(rowErrors).length) found[row.key] = rowErrors;
    }
    return found;
  };

  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const submit = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError();
      return;
    }
    setBusy(true);
    try {
      await save(map.data ?? {}, mapOf(rows));
      toast.success(t('organizations.headerMap.saved'));
    } catch (error) {
      // The server names the column it refuses ("Column 'Site': ..."): show its message at that row.
      const column = error instanceof ApiError ? /^Column '(.+?)':/.exec(error.message)?.[1] : undefined;
      const row = column !== undefined ? rows.find((r) => r.column.trim() === column) : undefined;
      if (row) {
        setErrors({ [row.key]: { target: messageOf(error) } });
        focusFirstError();
      } else toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="header-map-title">
      <h3 id="header-map-title">{t('organizations.headerMap.title')}</h3>
      <p className="muted">{t('organizations.headerMap.intro')}</p>
      <form
        ref={formRef}
        className="ws-form header-map"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) void submit();
        }}
      >
        {rows.length === 0 && <p>{t('organizations.headerMap.empty')}</p>}
        {rows.map((row, index) => (
          <HeaderMapRow
            key={row.key}
            row={row}
            number={index + 1}
            fields={fields.data!}
            errors={errors[row.key] ?? {}}
            onChange={(part) => change(row.key, part)}
            onRemove={() => setRows((current) => current.filter((r) => r.key !== row.key))}
          />
        ))}
        <div className="ws-actions">
          <button type="button" className="button" onClick={() => setRows((current) => [...current, newRow()])}>
            {t('organizations.headerMap.add')}
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            {t('organizations.headerMap.save')}
          </button>
        </div>
      </form>
    </section>
  );
}

function HeaderMapRow({
  row,
  number,
  fields,
  errors,
  onChange,
  onRemove,
}: {
  row: Row;
  number: number;
  fields: ImportField[];
  errors: RowErrors;
  onChange: (part: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const targetErrorId = `${id}-target-error`;
  return (
    <fieldset className="header-map-row">
      <legend>{t('organizations.headerMap.row', { number })}</legend>
      <TextField id={`${id}-column`} label={t('organizations.headerMap.column')} value={row.column} onChange={(column) => onChange({ column })} error={errors.column} />
      <div className="ws-field">
        <label htmlFor={`${id}-target`}>{t('organizations.headerMap.target')}</label>
        <select
          id={`${id}-target`}
          value={row.target}
          aria-invalid={errors.target ? true : undefined}
          aria-describedby={errors.target ? targetErrorId : undefined}
          onChange={(event) => onChange({ target: event.target.value })}
        >
          <option value="">{t('organizations.headerMap.chooseTarget')}</option>
          {fields.map((field) => (
            <option key={field.name} value={field.name}>
              {t(`organizations.importFields.${field.name}`, { defaultValue: field.label })}
            </option>
          ))}
          <option value={PARAMETER}>{t('organizations.headerMap.parameterValues')}</option>
        </select>
        {errors.target && (
          <p id={targetErrorId} className="field-error" role="alert">
            {errors.target}
          </p>
        )}
      </div>
      {row.target === PARAMETER && (
        <>
          <TextField id={`${id}-parameter`} label={t('organizations.headerMap.parameter')} value={row.parameter} onChange={(parameter) => onChange({ parameter })} error={errors.parameter} />
          <TextField id={`${id}-unit`} label={t('organizations.headerMap.unit')} value={row.unit} onChange={(unit) => onChange({ unit })} />
        </>
      )}
      <div className="header-map-remove">
        <button type="button" className="button" onClick={onRemove}>
          {t('organizations.headerMap.remove')}
        </button>
      </div>
    </fieldset>
  );
}
