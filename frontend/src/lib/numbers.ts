/**
 * Measured values as the interface writes them, one way in each language: with their significant digits (a
 * phosphorus result of 0.000123456789 mg/L is "0.000123457", never "0"), grouped as the language groups them
 * ("12,345.7"). The chart's tooltips and the tables beside it write them alike.
 */

/** Significant digits a value keeps (more than a laboratory reports; fewer than a float's noise). */
export const SIGNIFICANT_DIGITS = 6;

const valueFormats = new Map<string, Intl.NumberFormat>();

/**
 * A measured value in the interface language: up to SIGNIFICANT_DIGITS significant digits, and every digit of its
 * whole part (1234567.89 is "1,234,568", not "1,234,570"); '' for a value that is no number.
 */
export function formatValue(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  let format = valueFormats.get(language);
  if (!format) {
    // roundingPriority (ES2023) keeps whichever of the two roundings is more precise: the significant digits of a
    // small value, the whole part of a large one. A browser without it rounds to the significant digits alone.
    const options = { maximumSignificantDigits: SIGNIFICANT_DIGITS, maximumFractionDigits: 0, roundingPriority: 'morePrecision' };
    format = new Intl.NumberFormat(language, options as Intl.NumberFormatOptions);
    if (format.resolvedOptions().maximumSignificantDigits === undefined) {
      format = new Intl.NumberFormat(language, { maximumSignificantDigits: SIGNIFICANT_DIGITS });
    }
    valueFormats.set(language, format);
  }
  return format.format(value);
}

/**
 * A value axis's tick in the interface language: as many decimals as the step between ticks needs, and no more
 * (ticks 0.0001 apart read "0.0001", "0.0002"; 2,000 apart "2,000"), so that the ticks of tiny values stay apart
 * and readable. `step`: the distance between two ticks (0 or unknown: the value's own significant digits).
 */
export function formatTick(value: number, step: number, language: string): string {
  if (!Number.isFinite(value)) return '';
  if (!(step > 0) || !Number.isFinite(step)) return formatValue(value, language);
  // The step's last decimal (0.00025 → 5 decimals), to at most 20 (Intl's limit).
  const decimals = Math.min(20, Math.max(0, decimalsOf(step)));
  const rounded = Number(value.toFixed(decimals));
  return new Intl.NumberFormat(language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(rounded === 0 ? 0 : rounded);
}

/** How many decimals a step such as 0.00025 or 2000 is written with (its float noise aside). */
function decimalsOf(step: number): number {
  for (let decimals = 0; decimals <= 20; decimals++) {
    const scaled = step * 10 ** decimals;
    if (Math.round(scaled) !== 0 && Math.abs(scaled - Math.round(scaled)) < 1e-6 * scaled) return decimals;
  }
  return 20;
}
