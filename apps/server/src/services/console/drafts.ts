import type { DraftsPage } from '@ai-tutor/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { questions, subjects, topics } from '../../db/schema.js';

/**
 * The draft questions awaiting review (AI-made or imported as drafts), oldest first, for the console's
 * drafts screen; approving and rejecting are the CLI's (services/ai/question-review.ts), audited.
 */
export async function draftsPage(
  db: DbOrTx,
  query: { page: number; limit: number; subjectSlug?: string | undefined },
): Promise<DraftsPage> {
  const where = and(
    eq(questions.status, 'draft'),
    query.subjectSlug ? eq(subjects.slug, query.subjectSlug) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: questions.id,
        text: questions.text,
        options: questions.options,
        answer: questions.answer,
        explanation: questions.explanation,
        subject: subjects.name,
        topic: topics.name,
        source: questions.source,
        createdAt: questions.createdAt,
      })
      .from(questions)
      .innerJoin(subjects, eq(subjects.id, questions.subjectId))
      .leftJoin(topics, eq(topics.id, questions.topicId))
      .where(where)
      .orderBy(asc(questions.createdAt), asc(questions.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: count() })
      .from(questions)
      .innerJoin(subjects, eq(subjects.id, questions.subjectId))
      .where(where),
  ]);
  return {
    total: total?.total ?? 0,
    rows: rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
