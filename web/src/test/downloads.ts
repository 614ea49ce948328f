import { vi } from 'vitest';

/** Captures what the page hands to the browser to save: jsdom has neither object URLs nor downloads. */
export const captureDownloads = () => {
  const blobs = new Map<string, Blob>();
  const saved: { fileName: string; blob: Blob | undefined }[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ fileName: this.download, blob: blobs.get(this.getAttribute('href') ?? '') });
  });
  return saved;
};

// jsdom's Blob has no text(): read it the way a page would.
export const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
