/**
 * What the map may be coloured by: a parameter's latest value at each station, or, for a parameter whose values
 * are of sample fractions (Dissolved and Total phosphorus: two analytes), one fraction's latest value. The key is
 * the server's (colorBy, `totals.fractions`): the parameter id for values without a fraction, `<id>#<fraction>`
 * for those of one.
 */

/** The colorBy key of a parameter's values of a fraction ('' or none: values without one). */
export function colorByKey(parameterId: string, fraction?: string): string {
  return fraction ? `${parameterId}#${fraction}` : parameterId;
}

/** A colorBy key's parameter and fraction ('' for none). */
export function parseColorBy(key: string): { parameterId: string; fraction: string } {
  const at = key.indexOf('#');
  return at < 0 ? { parameterId: key, fraction: '' } : { parameterId: key.slice(0, at), fraction: key.slice(at + 1) };
}

export interface ColorByNames {
  /** A parameter's name by its id. */
  parameter: (id: string) => string;
  /** A parameter's name with a fraction of its values ("Phosphorus (Dissolved)"). */
  withFraction: (name: string, fraction: string) => string;
}

/**
 * A key as the filter and the legend name it: the fraction is named where the parameter's latest values are of
 * more than one (`fractions`, per parameter: those of the stations shown, '' for values without one); values
 * without a fraction, and those of a parameter's only fraction, keep its name. While the fractions are not known,
 * a fraction is named.
 */
export function colorByName(key: string, fractions: ReadonlyMap<string, string[]> | undefined, names: ColorByNames): string {
  const { parameterId, fraction } = parseColorBy(key);
  const name = names.parameter(parameterId);
  if (!fraction) return name;
  const known = fractions?.get(parameterId);
  return known && known.length === 1 && known[0] === fraction ? name : names.withFraction(name, fraction);
}

/**
 * The filter's options: each parameter measured, or, for one whose latest values are of sample fractions, each of
 * its fractions; and the key chosen, even when the stations shown have no value of it. By name.
 */
export function colorByOptions(
  parameterIds: string[],
  fractions: ReadonlyMap<string, string[]> | undefined,
  chosen: string,
  names: ColorByNames,
): { id: string; name: string }[] {
  const keys = parameterIds.flatMap((id) => fractions?.get(id)?.map((fraction) => colorByKey(id, fraction)) ?? [id]);
  if (chosen && !keys.includes(chosen)) keys.push(chosen);
  return keys.map((id) => ({ id, name: colorByName(id, fractions, names) })).sort((a, b) => a.name.localeCompare(b.name));
}
