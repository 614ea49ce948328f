/** Starts the browser's download of a file from its short-lived link (an export, a run's payment file). */
export function downloadFrom(url: string, fileName: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
