import { createHash } from 'node:crypto';
import type { MarkingSchemeName, QuestionKey, QuestionType } from '@ai-tutor/contract';

/**
 * What every parser produces: a catalogue tree (our JSON/YAML format) and/or banks of questions for
 * subjects that already exist (GIFT, Moodle XML, Aiken, CSV). Parsers only read text; the import
 * service resolves slugs against the database and writes everything in one transaction.
 */
export type ImportFormat = 'json' | 'yaml' | 'gift' | 'moodle-xml' | 'aiken' | 'csv';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['json', 'yaml', 'gift', 'moodle-xml', 'aiken', 'csv'];

/** Where something is in the source: a line (1-based) and, for XML, the element. */
export interface Where {
  line?: number;
  element?: string;
}

export interface ImportIssue {
  where: Where;
  message: string;
}

/** A topic named by a question: by slug (our format), or by name / slug-or-name (banks). */
export interface TopicRef {
  where: Where;
  slug: string | null;
  name: string | null;
}

/**
 * A question's texts in another language (docs/decisions/0027-questions-in-two-languages.md): options in the original's
 * order; an explanation, hints or passage left out fall back to the original's.
 */
export interface ParsedTranslation {
  /** A canonical BCP 47 tag. */
  lang: string;
  text: string;
  options: string[];
  explanation: string | null;
  hints: string[];
  passage: string | null;
}

export interface ParsedQuestion {
  where: Where;
  /** How it is answered (docs/product.md#question-types): one option, several, a number, or text. */
  type: QuestionType;
  text: string;
  /** Empty for a numerical or free-text question. */
  options: string[];
  /** What is right, by type (contract questions.ts). */
  key: QuestionKey;
  /** The key as one line of text (keyText): what the result shows and the AI tutor reads. */
  answer: string;
  /** A comprehension passage this question shares with others, or null. */
  passage: string | null;
  explanation: string | null;
  /** Hints the author wrote, levels 1–3 in order (only our format carries them; others: empty). */
  hints: string[];
  topic: TopicRef | null;
  /** Only our own format says; otherwise new questions are active and existing ones keep theirs. */
  status: 'active' | 'draft' | null;
  /** Its texts in other languages, checked against it (question-rules.ts). */
  translations: ParsedTranslation[];
}

export interface ParsedTopic {
  where: Where;
  name: string;
  slug: string;
  durationMinutes: number | null;
  questionCount: number | null;
  sortOrder: number;
}

export interface ParsedSubject {
  where: Where;
  name: string;
  slug: string;
  durationMinutes: number;
  questionCount: number;
  sortOrder: number;
  topics: ParsedTopic[];
  questions: ParsedQuestion[];
}

export interface ParsedModule {
  where: Where;
  name: string;
  slug: string;
  durationMinutes: number;
  questionCount: number;
  sortOrder: number;
  /** Overrides the exam's; null: the exam's. */
  markingScheme: MarkingSchemeName | null;
  subjects: ParsedSubject[];
}

export interface ParsedExam {
  where: Where;
  name: string;
  slug: string;
  description: string | null;
  sortOrder: number;
  /** docs/product.md#question-types; null: `spec`. */
  markingScheme: MarkingSchemeName | null;
  /** false: every taker sees the options in the paper's order (docs/import-format.md). */
  shuffleOptions: boolean;
  /** The languages its papers are in, the questions' own first; and the one that counts. */
  languages: string[];
  authoritativeLanguage: string;
  modules: ParsedModule[];
}

/** Questions for a subject that must already exist (named by its slug). */
export interface ParsedBank {
  where: Where;
  subjectSlug: string;
  questions: ParsedQuestion[];
}

/** A figure a file carries (Moodle XML's embedded files, our format's data URIs). */
export interface ParsedMedia {
  sha256: string;
  contentType: string;
  bytes: Buffer;
}

export interface ParsedImport {
  format: ImportFormat;
  /** Figures by SHA-256; texts refer to them as `![alt](media:<sha256>)`. */
  media: Map<string, ParsedMedia>;
  exams: ParsedExam[];
  banks: ParsedBank[];
  /** Questions the format can express but we cannot serve: reported, not imported. */
  skipped: ImportIssue[];
  /** Imported, with something the bank cannot keep (a numeric tolerance, extra accepted answers). */
  warnings: ImportIssue[];
}

export interface ParseOptions {
  /** The file name, for messages. */
  file: string;
  /** `--subject SLUG`: where GIFT, Moodle XML and Aiken questions go (CSV: when a row names none). */
  subject?: string | undefined;
  /** `--skip-invalid`: a question with errors is listed as skipped instead of failing the file. */
  skipInvalid?: boolean;
}

export function formatWhere(file: string, where: Where): string {
  const line = where.line !== undefined ? `${file}:${where.line}` : file;
  return where.element ? `${line} ${where.element}` : line;
}

/** A file that cannot be imported: every issue found, each with its place. Nothing was written. */
export class ImportError extends Error {
  override name = 'ImportError';
  constructor(
    readonly file: string,
    readonly issues: ImportIssue[],
  ) {
    super(
      [
        `${file}: ${issues.length} error${issues.length === 1 ? '' : 's'}; nothing was imported.`,
        ...issues.map((issue) => `  ${formatWhere(file, issue.where)}: ${issue.message}`),
      ].join('\n'),
    );
  }
}

/** Collects issues while parsing; throws them all at once. */
export class IssueList {
  readonly items: ImportIssue[] = [];
  add(where: Where, message: string) {
    this.items.push({ where, message });
  }
  throwIfAny(file: string) {
    if (this.items.length) throw new ImportError(file, this.items);
  }
}

/** `Laws of Motion` → `laws-of-motion`. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
}

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A question is the same question when its subject and text are the same (sha256 of the text). */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function emptyImport(format: ImportFormat): ParsedImport {
  return { format, media: new Map(), exams: [], banks: [], skipped: [], warnings: [] };
}

/** 1-based line of a character offset. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Needed by the formats that put questions into one subject. */
export function requireSubject(options: ParseOptions, formatName: string): string {
  if (!options.subject)
    throw new ImportError(options.file, [
      { where: {}, message: `${formatName} files need --subject SLUG to say which subject they fill` },
    ]);
  return options.subject;
}
