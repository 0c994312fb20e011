import { CheckboxGroup } from '../../../shell/FormDialog';

export interface LimitedOption {
  value: string;
  label: string;
  description?: string;
  /** The signed-in user may not change this one (the server would refuse it): shown ticked or not, locked. */
  locked?: boolean;
}

/**
 * A choice of which the signed-in user may change only some options (what they hold themselves): those in one group,
 * the others after it in a locked group whose legend says why, as they are (a held one stays held). Without locked
 * options, one group as before. Locked boxes stay in the Tab order (aria-disabled), so a keyboard or screen-reader user
 * reaches them and hears why; `readOnly` locks every box, described by `describedBy` (the text saying why).
 */
export function LimitedCheckboxes({ legend, lockedLegend, options, chosen, onChange, readOnly, describedBy }: {
  legend: string;
  lockedLegend: string;
  options: LimitedOption[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
  readOnly?: boolean;
  describedBy?: string;
}) {
  const open = options.filter((option) => !option.locked);
  const locked = options.filter((option) => option.locked);
  return (
    <>
      {open.length > 0 && (
        <CheckboxGroup legend={legend} options={open} chosen={chosen} onChange={onChange} locked={readOnly} describedBy={readOnly ? describedBy : undefined} />
      )}
      {locked.length > 0 && <CheckboxGroup legend={lockedLegend} options={locked} chosen={chosen} onChange={onChange} locked />}
    </>
  );
}
