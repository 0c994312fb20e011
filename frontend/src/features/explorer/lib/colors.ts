/** Colours of the map's points: one per station type (typeColors), and a value ramp. */
export const TYPE_PALETTE = [
  '#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e',
  '#17becf', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22',
] as const;
export const OTHER_COLOR = '#555555';
export const VALUE_RAMP = ['#2c7bb6', '#abd9e9', '#ffffbf', '#fdae61', '#d7191c'] as const;
/** Stations without a value of the parameter the map is coloured by. */
export const NO_VALUE_COLOR = '#a3a3a3';

/** The value ramp as a CSS gradient, low values on the left (the legend's bar). */
export function rampGradient(): string {
  return `linear-gradient(to right, ${VALUE_RAMP.join(', ')})`;
}

/** The interpolation stops of the ramp over [min, max] (a single value: the ramp's middle colour). */
export function rampStops([min, max]: [number, number]): (number | string)[] {
  if (!(max > min)) return [min, VALUE_RAMP[Math.floor(VALUE_RAMP.length / 2)]];
  return VALUE_RAMP.flatMap((color, k) => [min + ((max - min) * k) / (VALUE_RAMP.length - 1), color]);
}

/** A value as the legend shows it: up to 6 significant digits, grouped as the language groups them. */
export function formatValue(value: number, language?: string): string {
  return new Intl.NumberFormat(language, { maximumSignificantDigits: 6 }).format(value);
}

export interface TypeLegendEntry {
  type: string;
  color: string;
  count: number;
}

/** The built-in station types (stable keys of the station-types list), in the order of their colours. */
export const BUILT_IN_TYPES = ['surface-water', 'lake', 'groundwater', 'estuary', 'other'] as const;

/**
 * Each station type's colour, fixed by the type itself, not by how common it is in a result: a type keeps its
 * colour from view to view and filter to filter. The built-in types first, then the station-types list's
 * others by key; past the palette, and for a type the list does not know, OTHER_COLOR.
 */
export function typeColors(knownTypes: readonly string[] = []): Map<string, string> {
  const builtIn: readonly string[] = BUILT_IN_TYPES;
  const others = [...new Set(knownTypes)].filter((type) => !builtIn.includes(type)).sort();
  return new Map([...builtIn, ...others].slice(0, TYPE_PALETTE.length).map((type, k) => [type, TYPE_PALETTE[k]]));
}

/** Station types of a result with their colour (`colors`, typeColors) and number of stations, most common first. */
export function typeLegend(types: readonly string[], colors: Map<string, string> = typeColors()): TypeLegendEntry[] {
  const counts = new Map<string, number>();
  for (const type of types) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([type, count]) => ({ type, count, color: colors.get(type) ?? OTHER_COLOR }));
}

export function valueRange(values: readonly (number | null)[] | undefined): [number, number] | null {
  if (!values) return null;
  let min = Infinity;
  let max = -Infinity;
  for (const v of values) {
    if (v === null) continue;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return Number.isFinite(min) ? [min, max] : null;
}
