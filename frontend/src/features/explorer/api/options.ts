/** Shared reading of the option lists the filter panel offers: every list becomes `{id, name}`. */
export interface Option {
  id: string;
  name: string;
}

type Row = Record<string, unknown>;

/** A collection answer is a list, or a page `{data: [...]}`. */
export function rowsOf(body: unknown): Row[] {
  if (Array.isArray(body)) return body as Row[];
  if (body && typeof body === 'object' && Array.isArray((body as Row).data)) return (body as { data: Row[] }).data;
  return [];
}

export function toOptions(body: unknown, idKeys: string[], nameKeys: string[]): Option[] {
  const out: Option[] = [];
  const seen = new Set<string>();
  for (const row of rowsOf(body)) {
    const id = idKeys.map((k) => row[k]).find((v) => v !== undefined && v !== null && v !== '');
    const name = nameKeys.map((k) => row[k]).find((v) => typeof v === 'string' && v !== '');
    if (id === undefined || seen.has(String(id))) continue;
    seen.add(String(id));
    out.push({ id: String(id), name: String(name ?? id) });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
