/** Has the browser save a text under a file name (a link with the download attribute). */
export function saveTextFile(fileName: string, text: string, type: 'application/json' | 'text/csv'): void {
  // A CSV opens in a spreadsheet with its accents read as UTF-8 when it begins with a byte-order mark.
  const url = URL.createObjectURL(new Blob([type === 'text/csv' ? `\uFEFF${text}` : text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Has the browser save a JSON document under a file name. */
export function saveJsonFile(fileName: string, content: unknown): void {
  saveTextFile(fileName, `${JSON.stringify(content, null, 2)}\n`, 'application/json');
}
