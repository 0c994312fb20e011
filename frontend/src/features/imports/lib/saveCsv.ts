const BOM = '\ufeff';

/**
 * Save CSV text as a file, UTF-8 with a byte-order mark, so that Excel reads it as UTF-8 (Chinese reasons, "–",
 * "café"). The server sends its files with the mark, but decoding the answer as text drops it: it is put back.
 */
export function saveCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text.startsWith(BOM) ? text : BOM + text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
