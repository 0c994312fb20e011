/** Offer a file for download (text, or a data URL such as a chart's PNG). */
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

const BOM = '\ufeff';

/**
 * Save CSV text as a file, UTF-8 with a byte-order mark, so that Excel reads it as UTF-8 (Chinese reasons,
 * "Lake – “North” basin café"). The server sends its files with the mark, but decoding the answer as text
 * drops it: it is put back (never twice).
 */
export function saveCsv(filename: string, text: string): void {
  download(filename, text.startsWith(BOM) ? text : BOM + text);
}
