/** Reads a file the user picked with the FileReader method `read` starts; rejects when it cannot. */
const readPicked = (file: File, read: (reader: FileReader) => void): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error(`Cannot read ${file.name}`));
    read(reader);
  });

export const readAsText = (file: File): Promise<string> =>
  readPicked(file, (reader) => reader.readAsText(file));

export const readAsDataUrl = (file: File): Promise<string> =>
  readPicked(file, (reader) => reader.readAsDataURL(file));
