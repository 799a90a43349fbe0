import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseAiken } from './aiken.js';
import { decodeText } from './decode.js';
import { parseCsv } from './csv.js';
import { parseGift } from './gift.js';
import { parseJsonOrYaml } from './json-yaml.js';
import { parseMoodleXml } from './moodle-xml.js';
import { addTextWarnings } from './text-checks.js';
import {
  IMPORT_FORMATS,
  ImportError,
  type ImportFormat,
  type ParsedImport,
  type ParseOptions,
} from './types.js';

export * from './types.js';
export * from './question-rules.js';

const BY_EXTENSION: Record<string, ImportFormat> = {
  '.json': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.gift': 'gift',
  '.xml': 'moodle-xml',
  '.aiken': 'aiken',
  '.csv': 'csv',
};

/**
 * The format of a file: from `--format`, else its extension; a `.txt` file (Moodle exports GIFT and
 * Aiken as .txt) is GIFT when it has an answer block `{…}`, Aiken when it has `ANSWER:` lines.
 */
export function detectFormat(file: string, text: string, explicit?: string): ImportFormat {
  if (explicit) {
    if ((IMPORT_FORMATS as readonly string[]).includes(explicit)) return explicit as ImportFormat;
    throw new ImportError(basename(file), [
      { where: {}, message: `unknown format "${explicit}" (one of ${IMPORT_FORMATS.join(', ')})` },
    ]);
  }
  const ext = extname(file).toLowerCase();
  const known = BY_EXTENSION[ext];
  if (known) return known;
  if (ext === '.txt') {
    if (/^\s*ANSWER\s*:\s*[A-Z]\s*$/m.test(text) && !/\{[^}]*\}/.test(text)) return 'aiken';
    if (/\{[\s\S]*\}/.test(text)) return 'gift';
  }
  throw new ImportError(basename(file), [
    {
      where: {},
      message: `cannot tell the format from "${ext || 'no extension'}": use .json, .yaml, .gift, .xml, .aiken or .csv, or --format`,
    },
  ]);
}

export function parseImport(text: string, format: ImportFormat, options: ParseOptions): ParsedImport {
  const parsed = parseFormat(text, format, options);
  addTextWarnings(parsed);
  return parsed;
}

function parseFormat(text: string, format: ImportFormat, options: ParseOptions): ParsedImport {
  switch (format) {
    case 'json':
    case 'yaml':
      return parseJsonOrYaml(text, options, format);
    case 'gift':
      return parseGift(text, options);
    case 'moodle-xml':
      return parseMoodleXml(text, options);
    case 'aiken':
      return parseAiken(text, options);
    case 'csv':
      return parseCsv(text, options);
  }
}

export interface ParseFileOptions {
  subject?: string | undefined;
  format?: string | undefined;
  skipInvalid?: boolean;
}

/** Reads and parses a file; the messages name it by its base name. */
export async function parseImportFile(path: string, options: ParseFileOptions = {}): Promise<ParsedImport> {
  const file = basename(path);
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new ImportError(file, [
      {
        where: {},
        message: code === 'ENOENT' ? 'no such file' : `cannot read the file (${code ?? 'error'})`,
      },
    ]);
  }
  return parseImportBytes(path, bytes, options);
}

/**
 * Parses a file's bytes: the command line's files and the console's uploads
 * (docs/decisions/0026-imports-in-the-browser.md) take this one way, so both read every format alike.
 */
export function parseImportBytes(
  path: string,
  bytes: Uint8Array,
  options: ParseFileOptions = {},
): ParsedImport {
  const file = basename(path);
  const { text, warnings } = decodeText(bytes);
  const format = detectFormat(path, text, options.format);
  const parsed = parseImport(text, format, {
    file,
    subject: options.subject,
    skipInvalid: options.skipInvalid ?? false,
  });
  parsed.warnings.unshift(...warnings);
  return parsed;
}
