/**
 * Which of a logger value's qualifiers (the `q` of GET /wapi/ts/data, as USGS instantaneous values give them:
 * "A", "P", "P,e", "A Ice") say something is wrong with the value, so the chart draws it flagged.
 *
 * USGS gives every value its approval status: A (approved for publication) or P (provisional, not yet reviewed).
 * Neither marks a problem: almost every value has one, and flagging them drew a whole approved series as flagged
 * triangles. The other codes do: e (estimated), < and > (the true value is below or above it), R (revised), Eqp
 * (equipment malfunction), Ice (ice affected), Bkw (backwater), Fld (flood damage), Mnt (maintenance), Dis, Rat,
 * Tst, ZFl... and any code not known here, which is shown rather than hidden.
 */

/** Approval statuses: what a value's review has reached, not a problem with it. */
const STATUSES = new Set(['A', 'P']);

/** The qualifier's codes that mark a problem, as written ("P,e" → "e"); '' when it marks none. */
export function problemQualifiers(qualifier: string | null | undefined): string {
  if (!qualifier) return '';
  const codes = qualifier.split(/[\s,;[\]"']+/).filter(Boolean);
  return codes.filter((code) => !STATUSES.has(code)).join(', ');
}
