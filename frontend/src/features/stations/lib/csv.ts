/** CSV cells safe for spreadsheets: text that would run as a formula (= + - @ tab CR) gets an apostrophe. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: Iterable<unknown[]>): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** Offer a file for download (text or a data URL). */
export function download(filename: string, content: string, type = 'text/csv;charset=utf-8'): void {
  const isDataUrl = content.startsWith('data:');
  const url = isDataUrl ? content : URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  if (!isDataUrl) setTimeout(() => URL.revokeObjectURL(url), 0);
}
