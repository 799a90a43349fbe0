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

/** Splits CSV into records, remembering the line each record starts on. */
export function readCsv(source: string, delimiter: string, file: string): Row[] {
  const rows: Row[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let quoteLine = 1;
  let fieldStarted = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      continue;
    }
    if (c === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
      quoteLine = line;
    } else if (c === delimiter) {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && source[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields });
      fields = [];
      field = '';
      fieldStarted = false;
      line++;
      rowLine = line;
    } else {
      if (c === '"')
        throw new ImportError(file, [
          {
            where: { line },
            message: 'a quote inside an unquoted field: quote the whole field and write "" for "',
          },
        ]);
      field += c;
      if (c !== ' ' && c !== '\t') fieldStarted = true;
    }
  }
  if (quoted)
    throw new ImportError(file, [{ where: { line: quoteLine }, message: 'a quoted field is never closed' }]);
  fields.push(field);
  if (fields.some((f) => f.trim() !== '')) rows.push({ line: rowLine, fields });
  return rows;
}

export function parseCsv(source: string, options: ParseOptions): ParsedImport {
  const text = source.replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
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
