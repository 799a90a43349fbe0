import type { QuestionKey } from '@ai-tutor/contract';
import { CsvError, parse } from 'csv-parse/sync';
import {
  emptyImport,
  ImportError,
  IssueList,
  type ParsedBank,
  type ParsedImport,
  type ParsedTranslation,
  type ParseOptions,
} from './types.js';
import { makeQuestion } from './question-rules.js';
import { answerLetters, columnOf, OPTION_LETTERS, translatedColumnOf, type Column } from './csv-columns.js';
import { finishQuestions, keepFirstOfRepeatedTexts } from './bank-rules.js';

/**
 * CSV (RFC 4180: quoted fields may hold commas, quotes as "" and line breaks) with the header
 * `subject,topic,text,option_a,…,option_e,answer,explanation`. The answer is the text of an option or
 * its letter; with no options it is the free-text / numeric answer. Other spreadsheets' names for the
 * columns are read too (csv-columns.ts).
 */

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
 * The text as the parser should see it (decode.ts has read UTF-16 and Latin-1 already). Line breaks
 * become \n everywhere, inside quoted fields too, so a file saved on Windows stores the same
 * questions as its Unix twin.
 */
function normalise(source: string): string {
  return source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

/** Which field holds which column, by language (`''`: the question's own). */
type Header = Map<string, Map<Column, number>>;

/** Which field holds which column; columns that are none of ours are warnings, not read. */
function readHeader(header: Row, result: ParsedImport, options: ParseOptions): Header {
  const issues = new IssueList();
  const index = new Map<Column, number>();
  const languages: Header = new Map([['', index]]);
  header.fields.forEach((cell, i) => {
    const name = cell.trim();
    if (!name) return;
    const column = columnOf(name);
    const translated = column ? null : translatedColumnOf(name);
    if (translated) {
      const own = languages.get(translated.lang) ?? new Map<Column, number>();
      languages.set(translated.lang, own);
      if (own.has(translated.column))
        issues.add(
          { line: header.line },
          `the column "${name}" is a second "${translated.column}" column in "${translated.lang}"`,
        );
      else own.set(translated.column, i);
    } else if (!column)
      result.warnings.push({
        where: { line: header.line },
        message: `the column "${name}" is not one this importer reads: its values are not imported`,
      });
    else if (index.has(column))
      issues.add({ line: header.line }, `the column "${name}" is a second "${column}" column`);
    else index.set(column, i);
  });
  for (const required of ['text', 'answer'] as const)
    if (!index.has(required)) issues.add({ line: header.line }, `the header has no "${required}" column`);
  if (!index.has('subject') && !options.subject)
    issues.add({ line: header.line }, 'the header has no "subject" column and no --subject was given');
  issues.throwIfAny(options.file);
  return languages;
}

/** A row's texts in each language its header names, when any of them is filled. */
function rowTranslations(header: Header, cell: (index: number | undefined) => string): ParsedTranslation[] {
  const out: ParsedTranslation[] = [];
  for (const [lang, columns] of header) {
    if (!lang) continue;
    const get = (name: Column) => cell(columns.get(name));
    const options = [...OPTION_LETTERS]
      .map((letter) => get(`option_${letter.toLowerCase()}`))
      .filter(Boolean);
    const text = get('text');
    const explanation = get('explanation') || null;
    if (text || options.length || explanation)
      out.push({ lang, text, options, explanation, hints: [], passage: null });
  }
  return out;
}

export function parseCsv(source: string, options: ParseOptions): ParsedImport {
  const text = normalise(source);
  const firstLine = text.split('\n', 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const rows = readCsv(text, delimiter, options.file);
  const header = rows.shift();
  if (!header) throw new ImportError(options.file, [{ where: { line: 1 }, message: 'the file is empty' }]);

  const result = emptyImport('csv');
  const languages = readHeader(header, result, options);
  const index = languages.get('')!;
  const issues = new IssueList();
  const banks = new Map<string, ParsedBank>();
  for (const row of rows) {
    const get = (name: Column) => {
      const i = index.get(name);
      return i === undefined ? '' : (row.fields[i] ?? '').trim();
    };
    if (row.fields.length > header.fields.length) {
      issues.add(
        { line: row.line },
        `${row.fields.length} fields but the header has ${header.fields.length}`,
      );
      continue;
    }
    const where = { line: row.line };
    const subject = get('subject') || options.subject || '';
    if (!subject) {
      issues.add(where, 'no subject: fill the subject column or pass --subject');
      continue;
    }
    const optionCells = [...OPTION_LETTERS].map((letter) => get(`option_${letter.toLowerCase()}`));
    const optionList = optionCells.filter(Boolean);
    let answer = get('answer');
    const letters = optionList.length && !optionList.includes(answer) ? answerLetters(answer) : null;
    let key: QuestionKey | undefined;
    if (letters) {
      // `A,E`: a multiple-answer question, each letter naming a right option.
      const empty = letters.filter((letter) => !optionCells[OPTION_LETTERS.indexOf(letter)]);
      if (empty.length) {
        issues.add(where, `the answer names option ${empty.join(', ')}, which is empty`);
        continue;
      }
      key = {
        type: 'multiple',
        answers: letters.map((letter) => optionCells[OPTION_LETTERS.indexOf(letter)]!),
      };
    } else if (optionList.length && !optionList.includes(answer) && /^[A-Ja-j]$/.test(answer)) {
      const letter = answer.toUpperCase();
      const cell = optionCells[OPTION_LETTERS.indexOf(letter)];
      if (!cell) {
        issues.add(where, `the answer ${letter} names option ${letter}, which is empty`);
        continue;
      }
      answer = cell;
    }
    const topic = get('topic');
    const question = makeQuestion(issues, where, {
      text: get('text'),
      options: optionList,
      ...(key ? { key } : { answer }),
      explanation: get('explanation') || null,
      topic: topic ? { where, slug: null, name: topic } : null,
      translations: rowTranslations(languages, (i) => (i === undefined ? '' : (row.fields[i] ?? '').trim())),
    });
    if (!question) continue;
    let bank = banks.get(subject);
    if (!bank) {
      bank = { where, subjectSlug: subject, questions: [] };
      banks.set(subject, bank);
    }
    bank.questions.push(question);
  }
  for (const bank of banks.values()) bank.questions = keepFirstOfRepeatedTexts(result, bank.questions);
  finishQuestions(issues, result, options);
  result.banks.push(...banks.values());
  return result;
}
