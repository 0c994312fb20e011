import { useEffect, useState } from 'react';
import { toast } from '../../../shell/toast';
import { useDialogSave } from './useDialogSave';

interface Held<T> {
  data?: T[];
  mutate: () => Promise<unknown>;
}

/**
 * A dialog's editable set of assigned keys (a user's roles, a role's permissions): it starts as what
 * is held, and saving replaces that set at once, then toasts and closes (or toasts the error and stays).
 */
export function useAssignment<T>(
  held: Held<T>,
  keyOf: (item: T) => string,
  save: (keys: string[]) => Promise<unknown>,
  savedMessage: string,
  onClose: () => void,
) {
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const { busy, save: run } = useDialogSave(onClose);

  useEffect(() => {
    if (held.data && chosen === null) setChosen(new Set(held.data.map(keyOf)));
  }, [held.data, chosen, keyOf]);

  const submit = async () => {
    if (!chosen) return;
    await run(async () => {
      await save([...chosen]);
      await held.mutate();
      toast.success(savedMessage);
    });
  };

  return { chosen, setChosen, busy, submit };
}
