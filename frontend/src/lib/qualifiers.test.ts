import { describe, expect, it } from 'vitest';
import { problemQualifiers } from './qualifiers';

describe('logger qualifiers that mark a problem', () => {
  it('an approval status alone (A approved, P provisional) marks none', () => {
    expect(['A', 'P', ' A ', '', undefined, null].map(problemQualifiers)).toEqual(['', '', '', '', '', '']);
  });

  it('keeps the codes that do, as written: estimated, equipment, ice, backwater, and codes not known here', () => {
    expect(problemQualifiers('P,e')).toBe('e');
    expect(problemQualifiers('A Ice')).toBe('Ice');
    expect(problemQualifiers('["P", "Eqp"]')).toBe('Eqp');
    expect(problemQualifiers('Bkw')).toBe('Bkw');
    expect(problemQualifiers('P;<;X9')).toBe('<, X9');
  });
});
