import { CheckboxGroup } from '../../../shell/FormDialog';

export interface LimitedOption {
  value: string;
  label: string;
  description?: string;
  /** The signed-in user may not change this one (the server would refuse it): shown ticked or not, disabled. */
  locked?: boolean;
}

/**
 * A choice of which the signed-in user may change only some options (what they hold themselves): those in one group,
 * the others after it in a disabled group whose legend says why, as they are (a held one stays held). Without locked
 * options, one group as before.
 */
export function LimitedCheckboxes({ legend, lockedLegend, options, chosen, onChange, disabled }: {
  legend: string;
  lockedLegend: string;
  options: LimitedOption[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
  disabled?: boolean;
}) {
  const open = options.filter((option) => !option.locked);
  const locked = options.filter((option) => option.locked);
  return (
    <>
      {open.length > 0 && <CheckboxGroup legend={legend} options={open} chosen={chosen} onChange={onChange} disabled={disabled} />}
      {locked.length > 0 && <CheckboxGroup legend={lockedLegend} options={locked} chosen={chosen} onChange={onChange} disabled />}
    </>
  );
}
