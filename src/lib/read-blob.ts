/**
 * Reading a Blob's contents: its bytes, its text or a data: URL. Blob's own readers where the engine
 * has them, else FileReader (older engines, and jsdom in tests).
 */

function readWithFileReader<T>(read: (reader: FileReader) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    read(reader);
  });
}

export function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === "function") return blob.arrayBuffer();
  return readWithFileReader((reader) => reader.readAsArrayBuffer(blob));
}

export function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === "function") return blob.text();
  return readWithFileReader((reader) => reader.readAsText(blob));
}

/** The Blob as a data: URL (`data:<type>;base64,...`). */
export function blobDataUrl(blob: Blob): Promise<string> {
  return readWithFileReader((reader) => reader.readAsDataURL(blob));
}
