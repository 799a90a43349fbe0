import { TextDecoder } from 'node:util';
import type { ImportIssue } from './types.js';

/**
 * The bytes of a file as text. Files come from Moodle exports, Excel and old editors: UTF-8 (with or
 * without a byte-order mark), UTF-16 ("Unicode Text", with a byte-order mark or without one), and
 * Latin-1 / Windows-1252. An XML file says its encoding in its declaration and is read with it. Text
 * that is not valid UTF-8 is never stored with U+FFFD in it: it is read as Windows-1252 (a superset
 * of Latin-1 that every byte decodes in) with a warning saying so.
 */

export interface DecodedText {
  text: string;
  warnings: ImportIssue[];
}

const XML_DECLARATION = /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

/** UTF-16 without a byte-order mark: ASCII text has a zero in every other byte. */
function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = Math.min(bytes.length - (bytes.length % 2), 2000);
  if (sample < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = sample / 2;
  if (oddZeros > pairs * 0.4 && evenZeros < pairs * 0.05) return 'utf-16le';
  if (evenZeros > pairs * 0.4 && oddZeros < pairs * 0.05) return 'utf-16be';
  return null;
}

/**
 * Windows-1252's letters at 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ). Node 20's
 * TextDecoder reads those bytes as Latin-1's control characters, which is what Word's curly quotes
 * in an old file would become.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function windows1252(bytes: Uint8Array): string {
  return new TextDecoder('windows-1252')
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label, { fatal: true });
  } catch {
    return null;
  }
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const warnings: ImportIssue[] = [];
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes), warnings };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes), warnings };
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), warnings };

  // The declaration is ASCII in every encoding an XML file may be read with here.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200)).replace(/^\uFEFF|^ï»¿/, '');
  const declared = XML_DECLARATION.exec(head)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    const decoder = decoderFor(declared);
    // ISO-8859-1 is read as Windows-1252 too (as browsers do): every Latin-1 letter is the same.
    if (decoder?.encoding === 'windows-1252') return { text: windows1252(bytes), warnings };
    if (!decoder)
      warnings.push({
        where: { line: 1 },
        message: `the XML declaration names the encoding "${declared}", which is not known: the file is read as UTF-8`,
      });
    else {
      try {
        return { text: decoder.decode(bytes), warnings };
      } catch {
        warnings.push({
          where: { line: 1 },
          message: `the file is not valid ${declared} as its XML declaration says`,
        });
      }
    }
  }
  try {
    // `decode` drops a UTF-8 byte-order mark.
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), warnings };
  } catch {
    warnings.push({
      where: {},
      message:
        'the file is not UTF-8: it was read as Windows-1252 (Latin-1); check accented letters and symbols, or save it as UTF-8',
    });
    return { text: windows1252(bytes), warnings };
  }
}
