import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangedMeanwhileError, same } from '../api/versions';

/**
 * What a form shows when its save met a change someone else saved meanwhile to the same fields
 * (api/versions.ts): a notice above the fields, and under each such field the value it has now. The form
 * then edits the item as it is now: the fields only the other person changed take their values (a second save
 * must not put the old ones back), the fields both changed keep this person's, so saving again replaces theirs.
 */
export function useChangedMeanwhile() {
  const { t } = useTranslation();
  const [clashes, setClashes] = useState<Record<string, unknown>>({});

  /**
   * Takes the refusal when it is a ChangedMeanwhileError (answers true). `onCurrent` gets the item as stored now
   * and the fields the other person changed that this form left as they were (`seen`: the item as the form showed
   * it; `values`: the form's values as it sent them), with their new values, for the form to show.
   */
  const take = <T extends object>(
    error: unknown,
    seen: T,
    values: Partial<T>,
    onCurrent: (current: T, theirs: Partial<T>) => void,
  ): boolean => {
    if (!(error instanceof ChangedMeanwhileError)) return false;
    const current = error.current as Record<string, unknown>;
    const before = seen as Record<string, unknown>;
    setClashes(Object.fromEntries(error.fields.map((name) => [name, current[name]])));
    const theirs = Object.fromEntries(
      Object.entries(values)
        .filter(([name, value]) => !same(current[name], before[name]) && same(value, before[name]))
        .map(([name]) => [name, current[name]]),
    ) as Partial<T>;
    onCurrent(error.current as T, theirs);
    return true;
  };

  /** The line under a field both changed: their value, as the field shows values. */
  const hint = (field: string, shown: (value: unknown) => string = (value) => String(value)): string | undefined => {
    if (!(field in clashes)) return undefined;
    const value = clashes[field];
    const text = value === null || value === undefined || value === '' ? t('common.changedMeanwhile.empty') : shown(value);
    return t('common.changedMeanwhile.field', { value: text });
  };

  const notice: ReactNode =
    Object.keys(clashes).length > 0 ? (
      <p className="alert alert-warning" role="alert">
        {t('common.changedMeanwhile.notice')}
      </p>
    ) : null;

  return { take, hint, notice };
}
