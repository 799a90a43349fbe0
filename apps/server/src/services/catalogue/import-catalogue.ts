import { and, eq } from 'drizzle-orm';
import { exams, modules, subjects, topics } from '../../db/schema.js';
import type { IssueList, ParsedExam, ParsedModule, ParsedSubject, Where } from '../../import/index.js';
import type { ImportRun, QuestionItem } from './import-run.js';
import { writeQuestions } from './import-questions.js';

/** Writes an exam file's catalogue (exam, modules, subjects, topics) upserted by slug, then its questions. */

/** Where each kind of child hangs: its table, the column naming its parent, and the parent's kind. */
const CHILDREN = {
  module: { table: modules, parentColumn: 'examId', parent: 'exam' },
  subject: { table: subjects, parentColumn: 'moduleId', parent: 'module' },
  topic: { table: topics, parentColumn: 'subjectId', parent: 'subject' },
} as const;

/** A child to write under `parentId` (`parentSlug` names the parent in messages). */
interface ChildSpec {
  parentId: string;
  parentSlug: string;
  values: Record<string, string | number | null>;
}

/** Insert or update a module, subject or topic by slug; a slug of another parent is an error. */
async function upsertChild(
  run: ImportRun,
  issues: IssueList,
  kind: keyof typeof CHILDREN,
  where: Where,
  spec: ChildSpec,
): Promise<string | null> {
  const child = CHILDREN[kind];
  const table = child.table as typeof topics;
  const parentColumn = (child.table as unknown as Record<string, typeof topics.subjectId>)[
    child.parentColumn
  ]!;
  const slug = String(spec.values.slug);
  const [existing] = (await run.tx.select().from(table).where(eq(table.slug, slug))) as unknown as Record<
    string,
    unknown
  >[];
  const plural = `${kind}s` as 'modules' | 'subjects' | 'topics';
  if (!existing) {
    const [row] = await run.tx
      .insert(table)
      .values({ ...spec.values, [child.parentColumn]: spec.parentId } as typeof topics.$inferInsert)
      .returning({ id: table.id });
    run.count(plural, 'created');
    return row!.id;
  }
  if (existing[child.parentColumn] !== spec.parentId) {
    issues.add(
      where,
      `the ${kind} slug "${slug}" already belongs to another ${child.parent} (slugs are unique across the catalogue); it cannot also be in ${child.parent} "${spec.parentSlug}"`,
    );
    return null;
  }
  const changes = Object.fromEntries(
    Object.entries(spec.values).filter(([key, value]) => existing[key] !== value),
  );
  if (Object.keys(changes).length) {
    await run.tx
      .update(table)
      .set(changes)
      .where(and(eq(table.id, existing.id as string), eq(parentColumn, spec.parentId)));
    run.count(plural, 'updated');
  } else run.count(plural, 'unchanged');
  return existing.id as string;
}

/** A module or a subject (a quiz of its own with a duration and a size), marked as touched by the run. */
async function upsertSized(
  run: ImportRun,
  issues: IssueList,
  kind: 'module' | 'subject',
  entry: ParsedModule | ParsedSubject,
  parent: { id: string; slug: string },
): Promise<string | null> {
  const id = await upsertChild(run, issues, kind, entry.where, {
    parentId: parent.id,
    parentSlug: parent.slug,
    values: {
      name: entry.name,
      slug: entry.slug,
      durationMinutes: entry.durationMinutes,
      questionCount: entry.questionCount,
      sortOrder: entry.sortOrder,
      ...(kind === 'module' ? { markingScheme: (entry as ParsedModule).markingScheme } : {}),
    },
  });
  if (id) run.touched[`${kind}s`].add(id);
  return id;
}

async function upsertExam(run: ImportRun, exam: ParsedExam): Promise<string> {
  const values = {
    name: exam.name,
    slug: exam.slug,
    description: exam.description,
    sortOrder: exam.sortOrder,
    markingScheme: exam.markingScheme,
    shuffleOptions: exam.shuffleOptions,
    languages: exam.languages,
    authoritativeLanguage: exam.authoritativeLanguage,
  };
  const [existing] = await run.tx.select().from(exams).where(eq(exams.slug, exam.slug));
  if (!existing) {
    const [row] = await run.tx.insert(exams).values(values).returning({ id: exams.id });
    run.count('exams', 'created');
    return row!.id;
  }
  const changed =
    existing.name !== values.name ||
    existing.description !== values.description ||
    existing.sortOrder !== values.sortOrder ||
    existing.markingScheme !== values.markingScheme ||
    existing.shuffleOptions !== values.shuffleOptions ||
    existing.languages.join(' ') !== values.languages.join(' ') ||
    existing.authoritativeLanguage !== values.authoritativeLanguage;
  if (changed) await run.tx.update(exams).set(values).where(eq(exams.id, existing.id));
  run.count('exams', changed ? 'updated' : 'unchanged');
  return existing.id;
}

/** The subject's topics, by slug to id (those whose slug belongs elsewhere are issues). */
async function writeTopics(run: ImportRun, issues: IssueList, subject: ParsedSubject, subjectId: string) {
  const topicIds = new Map<string, string>();
  for (const topic of subject.topics) {
    const topicId = await upsertChild(run, issues, 'topic', topic.where, {
      parentId: subjectId,
      parentSlug: subject.slug,
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
      run.touched.topics.add(topicId);
    }
  }
  return topicIds;
}

/** The subject's questions with their topic ids: a topic of the file, or one the subject already has. */
async function subjectQuestions(
  run: ImportRun,
  issues: IssueList,
  subject: ParsedSubject,
  subjectId: string,
  topicIds: Map<string, string>,
): Promise<QuestionItem[]> {
  const items: QuestionItem[] = [];
  for (const q of subject.questions) {
    let topicId: string | null = null;
    if (q.topic?.slug) {
      topicId = topicIds.get(q.topic.slug) ?? null;
      if (!topicId) {
        const [known] = await run.tx
          .select({ id: topics.id })
          .from(topics)
          .where(and(eq(topics.slug, q.topic.slug), eq(topics.subjectId, subjectId)));
        if (!known) {
          issues.add(q.topic.where, `"${q.topic.slug}" is not a topic of the subject "${subject.slug}"`);
          continue;
        }
        topicId = known.id;
      }
    }
    items.push({ q, topicId });
  }
  return items;
}

/** A subject of a module, its topics, then its questions. */
async function writeSubject(
  run: ImportRun,
  issues: IssueList,
  mod: ParsedModule,
  moduleId: string,
  subject: ParsedSubject,
) {
  const subjectId = await upsertSized(run, issues, 'subject', subject, { id: moduleId, slug: mod.slug });
  if (!subjectId) return;
  const topicIds = await writeTopics(run, issues, subject, subjectId);
  const entry = run.subjectCounts(subject.slug, subject.name);
  const items = await subjectQuestions(run, issues, subject, subjectId, topicIds);
  await writeQuestions(run, subjectId, entry, items);
}

export async function writeExam(run: ImportRun, issues: IssueList, exam: ParsedExam) {
  const examId = await upsertExam(run, exam);
  for (const mod of exam.modules) {
    const moduleId = await upsertSized(run, issues, 'module', mod, { id: examId, slug: exam.slug });
    if (!moduleId) continue;
    for (const subject of mod.subjects) await writeSubject(run, issues, mod, moduleId, subject);
  }
}
