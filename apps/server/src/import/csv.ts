import { CsvError, parse } from 'csv-parse/sync';
import {
  checkDuplicateTexts,
  emptyImport,
  ImportError,
  IssueList,
  makeQuestion,
  type ParsedBank,
  type ParsedImport,
  type ParseOptions,
} from './types.js';

/**
 * CSV (RFC 4180: quoted fields may hold commas, quotes as "" and line breaks) with the header
 * `subject,topic,text,option_a,option_b,option_c,option_d,option_e,answer,explanation`. The answer is
 * the text of an option or its letter (A–E); with no options it is the free-text / numeric answer.
 */
const OPTION_COLUMNS = ['option_a', 'option_b', 'option_c', 'option_d', 'option_e'] as const;
const KNOWN = new Set(['subject', 'topic', 'text', ...OPTION_COLUMNS, 'answer', 'explanation']);

interface Row {
  line: number;
  fields: string[];
}

/** What csv-parse's codes mean to someone fixing the file by hand. */
const CSV_PROBLEMS: Partial<Record<string, string>> = {
  INVALID_OPENING_QUOTE: 'a quote inside an unquoted field: quote the whole field and write "" for "',
  CSV_INVALID_CLOSING_QUOTE: 'text after a closing quote: quote the whole field and write "" for "',
};

/**
 * Splits CSV into records (csv-parse), remembering the line each record starts on. Fields may be
 * padded with spaces around their quotes; records may have fewer or more fields than the header
 * (the caller says which); blank lines are skipped.
 */
function readCsv(source: string, delimiter: string, file: string): Row[] {
  const rows: Row[] = [];
  let lastLine = 0;
  try {
    parse(source, {
      delimiter,
      trim: true,
      relax_column_count: true,
      skip_empty_lines: true,
      on_record: (fields: string[], { lines }) => {
        lastLine = lines;
        // `lines` is where the record ends; only quoted fields can hold line breaks.
        const spanned = fields.reduce((n, f) => n + (f.match(/\n/g)?.length ?? 0), 0);
        if (fields.some((f) => f.trim() !== '')) rows.push({ line: lines - spanned, fields });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
      // The quote opens on the first line of the record after the last complete one.
      const lines = source.split('\n');
      let open = lastLine;
      while (open < lines.length - 1 && lines[open]!.trim() === '') open++;
      throw new ImportError(file, [{ where: { line: open + 1 }, message: 'a quoted field is never closed' }]);
    }
    const line = typeof error.lines === 'number' ? error.lines : undefined;
    throw new ImportError(file, [
      { where: line ? { line } : {}, message: CSV_PROBLEMS[error.code] ?? `not valid CSV: ${error.message}` },
    ]);
  }
  return rows;
}

/**
 * The text as the parser should see it. A UTF-16 file read as UTF-8 starts with two replacement
 * characters (its byte-order mark) and has a NUL in every ASCII character: refused with what to do,
 * rather than a puzzling quote error further on. Line breaks become \n everywhere, inside quoted
 * fields too, so a file saved on Windows stores the same questions as its Unix twin.
 */
function normalise(source: string, file: string): string {
  if (source.startsWith('\uFFFD\uFFFD') || source.includes('\0'))
    throw new ImportError(file, [
      {
        where: {},
        message: 'the file is not UTF-8 text (UTF-16?): save it as "CSV UTF-8" and import it again',
      },
    ]);
  return source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

export function parseCsv(source: string, options: ParseOptions): ParsedImport {
  const text = normalise(source, options.file);
  const firstLine = text.split('\n', 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const rows = readCsv(text, delimiter, options.file);
  const header = rows.shift();
  if (!header) throw new ImportError(options.file, [{ where: { line: 1 }, message: 'the file is empty' }]);

  const issues = new IssueList();
  const columns = header.fields.map((f) => f.trim().toLowerCase());
  const index = new Map<string, number>();
  columns.forEach((name, i) => {
    if (!KNOWN.has(name)) issues.add({ line: header.line }, `unknown column "${header.fields[i]?.trim()}"`);
    else if (index.has(name)) issues.add({ line: header.line }, `the column "${name}" appears twice`);
    else index.set(name, i);
  });
  for (const required of ['text', 'answer'])
    if (!index.has(required)) issues.add({ line: header.line }, `the header has no "${required}" column`);
  if (!index.has('subject') && !options.subject)
    issues.add({ line: header.line }, 'the header has no "subject" column and no --subject was given');
  issues.throwIfAny(options.file);

  const result = emptyImport('csv');
  const banks = new Map<string, ParsedBank>();
  for (const row of rows) {
    const get = (name: string) => {
      const i = index.get(name);
      return i === undefined ? '' : (row.fields[i] ?? '').trim();
    };
    if (row.fields.length > columns.length) {
      issues.add({ line: row.line }, `${row.fields.length} fields but the header has ${columns.length}`);
      continue;
    }
    const where = { line: row.line };
    const subject = get('subject') || options.subject || '';
    if (!subject) {
      issues.add(where, 'no subject: fill the subject column or pass --subject');
      continue;
    }
    const optionCells = OPTION_COLUMNS.map((name) => get(name));
    const optionList = optionCells.filter(Boolean);
    let answer = get('answer');
    if (optionList.length && !optionList.includes(answer) && /^[A-Ea-e]$/.test(answer)) {
      const letter = answer.toUpperCase();
      const cell = optionCells['ABCDE'.indexOf(letter)];
      if (!cell) {
        issues.add(where, `the answer ${letter} names option_${letter.toLowerCase()}, which is empty`);
        continue;
      }
      answer = cell;
    }
    const topic = get('topic');
    const question = makeQuestion(issues, where, {
      text: get('text'),
      options: optionList,
      answer,
      explanation: get('explanation') || null,
      topic: topic ? { where, slug: null, name: topic } : null,
    });
    if (!question) continue;
    let bank = banks.get(subject);
    if (!bank) {
      bank = { where, subjectSlug: subject, questions: [] };
      banks.set(subject, bank);
    }
    bank.questions.push(question);
  }
  for (const bank of banks.values()) checkDuplicateTexts(issues, bank.questions);
  issues.throwIfAny(options.file);
  result.banks.push(...banks.values());
  return result;
}
