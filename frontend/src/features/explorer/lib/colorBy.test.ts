import { describe, expect, it } from 'vitest';
import { colorByKey, colorByName, colorByOptions, parseColorBy } from './colorBy';

const names = {
  parameter: (id: string) => ({ 'p-p': 'Phosphorus', 'p-ph': 'pH', 'p-n': 'Nitrate' })[id] ?? id,
  withFraction: (name: string, fraction: string) => `${name} (${fraction})`,
};

describe('colour by a sample fraction', () => {
  it("keys a fraction's latest values as the server does, and reads the key back", () => {
    expect(colorByKey('p-p', 'Total')).toBe('p-p#Total');
    expect(colorByKey('p-p', '')).toBe('p-p');
    expect(parseColorBy('p-p#Total Recoverable')).toEqual({ parameterId: 'p-p', fraction: 'Total Recoverable' });
    expect(parseColorBy('p-p')).toEqual({ parameterId: 'p-p', fraction: '' });
  });

  it("offers each fraction of a parameter apart, named with it; values without a fraction, or of a parameter's only one, keep its name", () => {
    const fractions = new Map([['p-p', ['', 'Dissolved', 'Total']], ['p-n', ['Dissolved']]]);
    expect(colorByOptions(['p-ph', 'p-p', 'p-n'], fractions, '', names)).toEqual([
      { id: 'p-n#Dissolved', name: 'Nitrate' },
      { id: 'p-ph', name: 'pH' },
      { id: 'p-p', name: 'Phosphorus' },
      { id: 'p-p#Dissolved', name: 'Phosphorus (Dissolved)' },
      { id: 'p-p#Total', name: 'Phosphorus (Total)' },
    ]);
    expect(colorByName('p-p#Total', fractions, names)).toBe('Phosphorus (Total)');
    expect(colorByName('p-n#Dissolved', fractions, names)).toBe('Nitrate');
  });

  it('keeps the key chosen among the options, named with its fraction while the fractions are not known', () => {
    expect(colorByOptions(['p-ph'], undefined, 'p-p#Total', names)).toEqual([
      { id: 'p-ph', name: 'pH' },
      { id: 'p-p#Total', name: 'Phosphorus (Total)' },
    ]);
  });
});
