import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { exams, modules, questions, subjects, topics } from '../../db/schema.js';
import {
  ImportError,
  IssueList,
  parseImportFile,
  slugify,
  textHash,
  type ImportIssue,
  type ParsedExam,
  type ParsedImport,
  type ParsedQuestion,
  type TopicRef,
  type Where,
} from '../../import/index.js';

/**
 * Writes parsed imports to the bank. Catalogue entries are upserted by slug; a question is the same
 * question when its subject and text are the same. Everything happens in one transaction: a file with
 * any error leaves the bank as it was.
 */

export type QuestionSource = 'seed' | 'import' | 'ai';

export interface Counts {
  created: number;
  updated: number;
  unchanged: number;
}

export interface SubjectCounts extends Counts {
  slug: string;
  name: string;
  skipped: number;
}

export interface FileIssue extends ImportIssue {
  file: string;
}

export interface ImportSummary {
  files: string[];
  catalogue: { exams: Counts; modules: Counts; subjects: Counts; topics: Counts };
  /** Questions per subject. */
  subjects: SubjectCounts[];
  skipped: FileIssue[];
  warnings: FileIssue[];
  /** Quiz sizes the bank cannot fill yet (a subject asking for more questions than it holds). */
  notes: string[];
  dryRun: boolean;
}

export interface ImportOptions {
  source?: QuestionSource;
  /** Called as questions are written: done of total. */
  onProgress?: (done: number, total: number) => void;
  /** Checks everything against the bank, then rolls back. */
  dryRun?: boolean;
}

const counts = (): Counts => ({ created: 0, updated: 0, unchanged: 0 });

export function emptySummary(): ImportSummary {
  return {
    files: [],
    catalogue: { exams: counts(), modules: counts(), subjects: counts(), topics: counts() },
    subjects: [],
    skipped: [],
    warnings: [],
    notes: [],
    dryRun: false,
  };
}

export function questionTotal(parsed: ParsedImport): number {
  return (
    parsed.exams.reduce(
      (n, e) =>
        n + e.modules.reduce((m, mod) => m + mod.subjects.reduce((s, sub) => s + sub.questions.length, 0), 0),
      0,
    ) + parsed.banks.reduce((n, b) => n + b.questions.length, 0)
  );
}

class DryRunRollback extends Error {
  constructor(readonly summary: ImportSummary) {
    super('dry run');
  }
}

const CHUNK = 200;
const chunks = <T>(items: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const sameOptions = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** One import run: several files (the seed) share the transaction, the counters and the progress. */
class Importer {
  readonly summary = emptySummary();
  private readonly touched = {
    modules: new Set<string>(),
    subjects: new Set<string>(),
    topics: new Set<string>(),
  };
  private done = 0;

  constructor(
    private readonly tx: Tx,
    private readonly options: ImportOptions,
    private readonly total: number,
  ) {}

  private subjectCounts(slug: string, name: string): SubjectCounts {
    let entry = this.summary.subjects.find((s) => s.slug === slug);
    if (!entry) {
      entry = { slug, name, ...counts(), skipped: 0 };
      this.summary.subjects.push(entry);
    }
    return entry;
  }

  async apply(file: string, parsed: ParsedImport): Promise<void> {
    const issues = new IssueList();
    this.summary.files.push(file);
    for (const exam of parsed.exams) await this.exam(issues, exam);
    for (const bank of parsed.banks) {
      const [subject] = await this.tx.select().from(subjects).where(eq(subjects.slug, bank.subjectSlug));
      if (!subject) {
        const known = await this.tx
          .select({ slug: subjects.slug })
          .from(subjects)
          .orderBy(subjects.slug)
          .limit(30);
        issues.add(
          bank.where,
          `no subject has the slug "${bank.subjectSlug}"` +
            (known.length
              ? ` (subjects: ${known.map((s) => s.slug).join(', ')})`
              : ' (the catalogue is empty)'),
        );
        continue;
      }
      const entry = this.subjectCounts(subject.slug, subject.name);
      if (parsed.banks.length === 1) entry.skipped += parsed.skipped.length;
      const resolve = this.topicResolver(subject);
      const items: { q: ParsedQuestion; topicId: string | null }[] = [];
      for (const q of bank.questions) items.push({ q, topicId: q.topic ? await resolve(q.topic) : null });
      await this.questions(subject.id, entry, items);
      this.touched.subjects.add(subject.id);
    }
    issues.throwIfAny(file);
    for (const skipped of parsed.skipped) this.summary.skipped.push({ file, ...skipped });
    for (const warning of parsed.warnings) this.summary.warnings.push({ file, ...warning });
  }

  private count(kind: keyof ImportSummary['catalogue'], outcome: keyof Counts) {
    this.summary.catalogue[kind][outcome]++;
  }

  private async exam(issues: IssueList, exam: ParsedExam) {
    const values = {
      name: exam.name,
      slug: exam.slug,
      description: exam.description,
      sortOrder: exam.sortOrder,
    };
    const [existing] = await this.tx.select().from(exams).where(eq(exams.slug, exam.slug));
    let examId: string;
    if (!existing) {
      const [row] = await this.tx.insert(exams).values(values).returning({ id: exams.id });
      examId = row!.id;
      this.count('exams', 'created');
    } else {
      examId = existing.id;
      const changed =
        existing.name !== values.name ||
        existing.description !== values.description ||
        existing.sortOrder !== values.sortOrder;
      if (changed) await this.tx.update(exams).set(values).where(eq(exams.id, examId));
      this.count('exams', changed ? 'updated' : 'unchanged');
    }

    for (const mod of exam.modules) {
      const moduleId = await this.upsertChild(issues, 'module', mod.where, {
        table: modules,
        parentColumn: 'examId',
        parentId: examId,
        parentLabel: `exam "${exam.slug}"`,
        values: {
          name: mod.name,
          slug: mod.slug,
          durationMinutes: mod.durationMinutes,
          questionCount: mod.questionCount,
          sortOrder: mod.sortOrder,
        },
      });
      if (!moduleId) continue;
      this.touched.modules.add(moduleId);
      for (const subject of mod.subjects) {
        const subjectId = await this.upsertChild(issues, 'subject', subject.where, {
          table: subjects,
          parentColumn: 'moduleId',
          parentId: moduleId,
          parentLabel: `module "${mod.slug}"`,
          values: {
            name: subject.name,
            slug: subject.slug,
            durationMinutes: subject.durationMinutes,
            questionCount: subject.questionCount,
            sortOrder: subject.sortOrder,
          },
        });
        if (!subjectId) continue;
        this.touched.subjects.add(subjectId);
        const topicIds = new Map<string, string>();
        for (const topic of subject.topics) {
          const topicId = await this.upsertChild(issues, 'topic', topic.where, {
            table: topics,
            parentColumn: 'subjectId',
            parentId: subjectId,
            parentLabel: `subject "${subject.slug}"`,
            values: {
              name: topic.name,
              slug: topic.slug,
              sortOrder: topic.sortOrder,
              ...(topic.durationMinutes !== null ? { durationMinutes: topic.durationMinutes } : {}),
              ...(topic.questionCount !== null ? { questionCount: topic.questionCount } : {}),
            },
          });
          if (topicId) {
            topicIds.set(topic.slug, topicId);
            this.touched.topics.add(topicId);
          }
        }
        const entry = this.subjectCounts(subject.slug, subject.name);
        const items: { q: ParsedQuestion; topicId: string | null }[] = [];
        for (const q of subject.questions) {
          let topicId: string | null = null;
          if (q.topic?.slug) {
            topicId = topicIds.get(q.topic.slug) ?? null;
            if (!topicId) {
              const [known] = await this.tx
                .select({ id: topics.id })
                .from(topics)
                .where(and(eq(topics.slug, q.topic.slug), eq(topics.subjectId, subjectId)));
              if (!known) {
                issues.add(
                  q.topic.where,
                  `"${q.topic.slug}" is not a topic of the subject "${subject.slug}"`,
                );
                continue;
              }
              topicId = known.id;
            }
          }
          items.push({ q, topicId });
        }
        await this.questions(subjectId, entry, items);
      }
    }
  }

  /** Insert or update a module, subject or topic by slug; a slug of another parent is an error. */
  private async upsertChild(
    issues: IssueList,
    kind: 'module' | 'subject' | 'topic',
    where: Where,
    spec: {
      table: typeof modules | typeof subjects | typeof topics;
      parentColumn: 'examId' | 'moduleId' | 'subjectId';
      parentId: string;
      parentLabel: string;
      values: Record<string, string | number>;
    },
  ): Promise<string | null> {
    const table = spec.table as typeof topics;
    const parentColumn = (spec.table as unknown as Record<string, typeof topics.subjectId>)[
      spec.parentColumn
    ]!;
    const slug = String(spec.values.slug);
    const [existing] = (await this.tx.select().from(table).where(eq(table.slug, slug))) as unknown as Record<
      string,
      unknown
    >[];
    const plural = `${kind}s` as 'modules' | 'subjects' | 'topics';
    if (!existing) {
      const [row] = await this.tx
        .insert(table)
        .values({ ...spec.values, [spec.parentColumn]: spec.parentId } as typeof topics.$inferInsert)
        .returning({ id: table.id });
      this.count(plural, 'created');
      return row!.id;
    }
    if (existing[spec.parentColumn] !== spec.parentId) {
      issues.add(
        where,
        `the ${kind} slug "${slug}" already belongs to another ${
          kind === 'module' ? 'exam' : kind === 'subject' ? 'module' : 'subject'
        } (slugs are unique across the catalogue); it cannot also be in ${spec.parentLabel}`,
      );
      return null;
    }
    const changes = Object.fromEntries(
      Object.entries(spec.values).filter(([key, value]) => existing[key] !== value),
    );
    if (Object.keys(changes).length) {
      await this.tx
        .update(table)
        .set(changes)
        .where(and(eq(table.id, existing.id as string), eq(parentColumn, spec.parentId)));
      this.count(plural, 'updated');
    } else this.count(plural, 'unchanged');
    return existing.id as string;
  }

  /** Topics named by a bank file: found by slug or name within the subject, created when missing. */
  private topicResolver(subject: { id: string; slug: string }) {
    const cache = new Map<string, string>();
    return async (ref: TopicRef): Promise<string> => {
      const label = (ref.name ?? ref.slug ?? '').trim();
      const key = label.toLowerCase();
      const cached = cache.get(key);
      if (cached) return cached;
      const own = await this.tx.select().from(topics).where(eq(topics.subjectId, subject.id));
      const found =
        own.find((t) => t.slug === label) ??
        own.find((t) => t.name.toLowerCase() === key) ??
        own.find((t) => t.slug === slugify(label));
      if (found) {
        cache.set(key, found.id);
        return found.id;
      }
      // Topic slugs are unique across the catalogue: a taken one gets the subject's slug in front.
      const base = slugify(label) || 'topic';
      const candidates = [base, `${subject.slug}-${base}`];
      for (let n = 2; n < 100; n++) candidates.push(`${subject.slug}-${base}-${n}`);
      const taken = new Set(
        (
          await this.tx.select({ slug: topics.slug }).from(topics).where(inArray(topics.slug, candidates))
        ).map((t) => t.slug),
      );
      const slug = candidates.find((c) => !taken.has(c))!;
      const [row] = await this.tx
        .insert(topics)
        .values({ subjectId: subject.id, name: label, slug, sortOrder: own.length })
        .returning({ id: topics.id });
      this.count('topics', 'created');
      this.touched.topics.add(row!.id);
      cache.set(key, row!.id);
      return row!.id;
    };
  }

  private async questions(
    subjectId: string,
    entry: SubjectCounts,
    items: { q: ParsedQuestion; topicId: string | null }[],
  ) {
    const source = this.options.source ?? 'import';
    for (const part of chunks(items)) {
      const hashes = part.map((item) => textHash(item.q.text));
      const existing = new Map(
        (
          await this.tx
            .select()
            .from(questions)
            .where(and(eq(questions.subjectId, subjectId), inArray(questions.textHash, hashes)))
        ).map((row) => [row.textHash, row]),
      );
      const inserts: (typeof questions.$inferInsert)[] = [];
      for (const [i, { q, topicId }] of part.entries()) {
        const hash = hashes[i]!;
        if (topicId) this.touched.topics.add(topicId);
        const row = existing.get(hash);
        if (!row) {
          inserts.push({
            subjectId,
            topicId,
            text: q.text,
            textHash: hash,
            options: q.options,
            answer: q.answer,
            explanation: q.explanation,
            source,
            status: q.status ?? 'active',
          });
          entry.created++;
          continue;
        }
        const next = {
          topicId: topicId ?? row.topicId,
          options: q.options,
          answer: q.answer,
          explanation: q.explanation,
          status: q.status ?? row.status,
        };
        const changed =
          next.topicId !== row.topicId ||
          !sameOptions(next.options, row.options) ||
          next.answer !== row.answer ||
          next.explanation !== row.explanation ||
          next.status !== row.status;
        if (changed) {
          await this.tx
            .update(questions)
            .set({ ...next, updatedAt: new Date() })
            .where(eq(questions.id, row.id));
          entry.updated++;
        } else entry.unchanged++;
      }
      if (inserts.length) await this.tx.insert(questions).values(inserts);
      this.done += part.length;
      this.options.onProgress?.(this.done, this.total);
    }
  }

  /** Quiz sizes that ask for more active questions than the bank holds. */
  async checkSizes() {
    const available = async (column: typeof questions.subjectId | typeof questions.topicId, ids: string[]) =>
      new Map(
        (
          await this.tx
            .select({ id: column, n: sql<number>`count(*)::int` })
            .from(questions)
            .where(and(inArray(column, ids), eq(questions.status, 'active')))
            .groupBy(column)
        ).map((r) => [r.id, Number(r.n)]),
      );
    const shortfall = (kind: string, slug: string, quiz: string, asked: number, have: number) => {
      if (have < asked)
        this.summary.notes.push(
          `${kind} "${slug}": its ${quiz} asks for ${asked} questions, the bank has ${have}`,
        );
    };
    const subjectIds = [...this.touched.subjects];
    if (subjectIds.length) {
      const rows = await this.tx.select().from(subjects).where(inArray(subjects.id, subjectIds));
      const have = await available(questions.subjectId, subjectIds);
      for (const s of rows) shortfall('subject', s.slug, 'quiz', s.questionCount, have.get(s.id) ?? 0);
    }
    const moduleIds = [...this.touched.modules];
    if (moduleIds.length) {
      const rows = await this.tx
        .select({ id: modules.id, slug: modules.slug, questionCount: modules.questionCount })
        .from(modules)
        .where(inArray(modules.id, moduleIds));
      const have = new Map(
        (
          await this.tx
            .select({ id: subjects.moduleId, n: sql<number>`count(${questions.id})::int` })
            .from(subjects)
            .leftJoin(questions, and(eq(questions.subjectId, subjects.id), eq(questions.status, 'active')))
            .where(inArray(subjects.moduleId, moduleIds))
            .groupBy(subjects.moduleId)
        ).map((r) => [r.id, Number(r.n)]),
      );
      for (const m of rows) shortfall('module', m.slug, 'mock test', m.questionCount, have.get(m.id) ?? 0);
    }
    const topicIds = [...this.touched.topics];
    if (topicIds.length) {
      const rows = await this.tx.select().from(topics).where(inArray(topics.id, topicIds));
      const have = await available(questions.topicId, topicIds);
      for (const t of rows) shortfall('topic', t.slug, 'quiz', t.questionCount, have.get(t.id) ?? 0);
    }
  }
}

/** A unique-key clash with a concurrent writer becomes a message an operator can act on. */
function explainDatabaseError(file: string, error: unknown): never {
  if (error instanceof ImportError || error instanceof DryRunRollback) throw error;
  const code =
    (error as { code?: string; cause?: { code?: string } }).code ??
    (error as { cause?: { code?: string } }).cause?.code;
  if (code === '23505')
    throw new ImportError(file, [
      {
        where: {},
        message: 'the catalogue changed while importing (another import at the same time?); try again',
      },
    ]);
  throw error;
}

/** Applies parsed files inside `tx` (the caller owns the transaction). */
export async function applyImports(
  tx: Tx,
  files: { file: string; parsed: ParsedImport }[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const total = files.reduce((n, f) => n + questionTotal(f.parsed), 0);
  const importer = new Importer(tx, options, total);
  for (const { file, parsed } of files) await importer.apply(file, parsed);
  await importer.checkSizes();
  return importer.summary;
}

/** Parsed files, all or nothing, in one transaction. */
export async function importParsed(
  db: Db,
  files: { file: string; parsed: ParsedImport }[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  try {
    return await db.transaction(async (tx) => {
      const result = await applyImports(tx, files, options);
      if (options.dryRun) throw new DryRunRollback(result);
      return result;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return { ...error.summary, dryRun: true };
    return explainDatabaseError(files.map((f) => f.file).join(', '), error);
  }
}

/** `npm run cli -- import FILE [--subject SLUG]`: reads, checks and writes one file. */
export async function importFile(
  db: Db,
  path: string,
  options: ImportOptions & { subject?: string | undefined; format?: string | undefined } = {},
): Promise<ImportSummary> {
  const parsed = await parseImportFile(path, { subject: options.subject, format: options.format });
  const file = path.split(/[\\/]/).pop() ?? path;
  return importParsed(db, [{ file, parsed }], options);
}

function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '),
  );
}

/** What the CLI prints at the end: questions per subject, catalogue changes, skips and warnings. */
export function formatSummary(summary: ImportSummary): string {
  const out: string[] = [];
  const files = summary.files.join(', ');
  out.push(summary.dryRun ? `Dry run of ${files}: nothing was written.` : `Imported ${files}.`);
  const c = summary.catalogue;
  const kinds = (['exams', 'modules', 'subjects', 'topics'] as const).filter(
    (k) => c[k].created + c[k].updated + c[k].unchanged > 0,
  );
  if (kinds.length) {
    out.push('', 'Catalogue:');
    out.push(
      ...table([
        ['', 'created', 'updated', 'unchanged'],
        ...kinds.map((k) => [k, String(c[k].created), String(c[k].updated), String(c[k].unchanged)]),
      ]).map((l) => `  ${l}`),
    );
  }
  if (summary.subjects.length) {
    const total = summary.subjects.reduce(
      (t, s) => ({
        created: t.created + s.created,
        updated: t.updated + s.updated,
        unchanged: t.unchanged + s.unchanged,
        skipped: t.skipped + s.skipped,
      }),
      { created: 0, updated: 0, unchanged: 0, skipped: 0 },
    );
    out.push('', 'Questions:');
    out.push(
      ...table([
        ['subject', 'created', 'updated', 'unchanged', 'skipped'],
        ...summary.subjects.map((s) => [
          s.slug,
          String(s.created),
          String(s.updated),
          String(s.unchanged),
          String(s.skipped),
        ]),
        [
          'total',
          String(total.created),
          String(total.updated),
          String(total.unchanged),
          String(total.skipped),
        ],
      ]).map((l) => `  ${l}`),
    );
  }
  const where = (i: FileIssue) =>
    `${i.file}${i.where.line !== undefined ? `:${i.where.line}` : ''}${i.where.element ? ` ${i.where.element}` : ''}`;
  if (summary.skipped.length) {
    out.push('', `Skipped (${summary.skipped.length}, not imported):`);
    out.push(...summary.skipped.map((i) => `  ${where(i)}: ${i.message}`));
  }
  if (summary.warnings.length) {
    out.push('', `Warnings (${summary.warnings.length}):`);
    out.push(...summary.warnings.map((i) => `  ${where(i)}: ${i.message}`));
  }
  if (summary.notes.length) {
    out.push('', 'Notes:');
    out.push(...summary.notes.map((n) => `  ${n}`));
  }
  return out.join('\n');
}
