import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_FILES, IMPORT_MAX_TOTAL_BYTES } from '@ai-tutor/contract';

/** The file types the import reads (docs/import-format.md), for the file chooser. */
export const IMPORT_ACCEPT = '.json,.yaml,.yml,.gift,.xml,.aiken,.csv,.txt';

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** What keeps the chosen files from being sent, in words; null when they may be. */
export function filesProblem(files: File[]): string | null {
  if (files.length > IMPORT_MAX_FILES) return `At most ${IMPORT_MAX_FILES} files at a time.`;
  const big = files.find((file) => file.size > IMPORT_MAX_FILE_BYTES);
  if (big) return `${big.name} is larger than ${megabytes(IMPORT_MAX_FILE_BYTES)}.`;
  if (files.reduce((n, file) => n + file.size, 0) > IMPORT_MAX_TOTAL_BYTES)
    return `The files together are larger than ${megabytes(IMPORT_MAX_TOTAL_BYTES)}.`;
  const names = new Set<string>();
  for (const file of files) {
    if (names.has(file.name)) return `Two files are called ${file.name}: rename one.`;
    names.add(file.name);
  }
  return null;
}

/** A file's bytes in base64, as the server takes them (any text encoding arrives unchanged). */
export function fileAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error(`${file.name} could not be read`));
    reader.readAsDataURL(file);
  });
}

export const sizeText = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} kB` : megabytes(bytes);
