/**
 * A latitude or longitude as typed. A decimal comma ("120,1551", as many locales write it) is refused, never
 * read as another number (a number field had turned it into 1201551); full-width digits and points (typed with a
 * Chinese input method: "１２０．１５５１") and a typographic minus are read as what they are.
 */
export type CoordinateReading = { value: number } | { problem: 'empty' | 'comma' | 'notANumber' };

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

export function readCoordinate(typed: string): CoordinateReading {
  const text = typed.normalize('NFKC').replace(/[\u2212\u2012\u2013]/g, '-').trim();
  if (text === '') return { problem: 'empty' };
  if (text.includes(',')) return { problem: 'comma' };
  if (!DECIMAL.test(text)) return { problem: 'notANumber' };
  return { value: Number(text) };
}

/** The typed text with its one decimal comma as a point ("120,1551" → "120.1551"), to show how to write it; null when that is not one number. */
export function withDecimalPoint(typed: string): string | null {
  const text = typed.normalize('NFKC').trim();
  if ((text.match(/,/g) ?? []).length !== 1) return null;
  const pointed = text.replace(',', '.');
  return 'value' in readCoordinate(pointed) ? pointed : null;
}
