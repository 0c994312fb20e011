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
