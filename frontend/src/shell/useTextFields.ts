import { useState } from 'react';

/**
 * A form's text fields: their values, the errors said under them, and the props of each field's TextField
 * (typing into a field clears its error; `hint` is the line under it, such as the value someone else saved
 * meanwhile, ChangedMeanwhile.tsx).
 */
export function useTextFields<F extends string>(initial: Record<F, string>, hint: (name: F) => string | undefined) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  const field = (name: F) => ({
    value: values[name],
    error: errors[name],
    hint: hint(name),
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _, ...rest }) => rest as Partial<Record<F, string>>);
    },
  });

  /** Shows the values someone else saved meanwhile to the fields this form left alone (none: empty). */
  const adopt = (theirs: Partial<Record<F, unknown>>) =>
    setValues((shown) => ({
      ...shown,
      ...Object.fromEntries(Object.entries(theirs).map(([name, value]) => [name, value == null ? '' : String(value)])),
    }));

  return { values, errors, setErrors, field, adopt };
}
