import { and, eq, inArray, sql } from 'drizzle-orm';
import { modules, questions, subjects, topics } from '../../db/schema.js';
import type { ImportRun } from './import-run.js';

/** Active questions per subject or topic id. */
async function available(
  run: ImportRun,
  column: typeof questions.subjectId | typeof questions.topicId,
  ids: string[],
) {
  return new Map(
    (
      await run.tx
        .select({ id: column, n: sql<number>`count(*)::int` })
        .from(questions)
        .where(and(inArray(column, ids), eq(questions.status, 'approved')))
        .groupBy(column)
    ).map((r) => [r.id, Number(r.n)]),
  );
}

/** Active questions per module id, over its subjects. */
async function availablePerModule(run: ImportRun, moduleIds: string[]) {
  return new Map(
    (
      await run.tx
        .select({ id: subjects.moduleId, n: sql<number>`count(${questions.id})::int` })
        .from(subjects)
        .leftJoin(questions, and(eq(questions.subjectId, subjects.id), eq(questions.status, 'approved')))
        .where(inArray(subjects.moduleId, moduleIds))
        .groupBy(subjects.moduleId)
    ).map((r) => [r.id, Number(r.n)]),
  );
}

/** Notes the quiz sizes, of what the run wrote into, that ask for more active questions than the bank holds. */
export async function checkQuizSizes(run: ImportRun) {
  const shortfall = (kind: string, slug: string, quiz: string, asked: number, have: number) => {
    if (have < asked)
      run.summary.notes.push(
        `${kind} "${slug}": its ${quiz} asks for ${asked} questions, the bank has ${have}`,
      );
  };
  const subjectIds = [...run.touched.subjects];
  if (subjectIds.length) {
    const rows = await run.tx.select().from(subjects).where(inArray(subjects.id, subjectIds));
    const have = await available(run, questions.subjectId, subjectIds);
    for (const s of rows) shortfall('subject', s.slug, 'quiz', s.questionCount, have.get(s.id) ?? 0);
  }
  const moduleIds = [...run.touched.modules];
  if (moduleIds.length) {
    const rows = await run.tx
      .select({ id: modules.id, slug: modules.slug, questionCount: modules.questionCount })
      .from(modules)
      .where(inArray(modules.id, moduleIds));
    const have = await availablePerModule(run, moduleIds);
    for (const m of rows) shortfall('module', m.slug, 'mock test', m.questionCount, have.get(m.id) ?? 0);
  }
  const topicIds = [...run.touched.topics];
  if (topicIds.length) {
    const rows = await run.tx.select().from(topics).where(inArray(topics.id, topicIds));
    const have = await available(run, questions.topicId, topicIds);
    for (const t of rows) shortfall('topic', t.slug, 'quiz', t.questionCount, have.get(t.id) ?? 0);
  }
}
