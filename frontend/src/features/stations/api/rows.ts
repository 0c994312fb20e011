type Row = Record<string, unknown>;

/** A collection answer is a list, or a page `{data: [...]}` / `{items: [...]}`. */
export function rowsOf(body: unknown): Row[] {
  if (Array.isArray(body)) return body as Row[];
  if (body && typeof body === 'object') {
    const b = body as Row;
    for (const key of ['data', 'items', 'values', 'results']) if (Array.isArray(b[key])) return b[key] as Row[];
  }
  return [];
}

export const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const dateOnly = (v: unknown): string => {
  const s = text(v);
  return /^\d{4}-\d\d-\d\d/.test(s) ? s.slice(0, 10) : s;
};
