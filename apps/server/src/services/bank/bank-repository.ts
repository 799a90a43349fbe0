import type { BankFilters as Query, BankPage, BankStatus } from '@ai-tutor/contract';
import { and, asc, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  exams,
  modules,
  questionReports,
  questions,
  questionStats,
  subjects,
  topics,
} from '../../db/schema.js';

const TEXT_SHOWN = 240;
const MAX_WORDS = 8;

/**
 * A search box's words as a PostgreSQL full-text query: every word must be there, each also as the
 * start of a longer one ('kirch' finds Kirchhoff). Only letters and digits reach the query, so nothing
 * typed can break its syntax. Null when nothing searchable was typed.
 */
export function searchQuery(search: string): string | null {
  const words =
    search
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_WORDS) ?? [];
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

const stats = (column: 'answers' | 'correct') =>
  sql`(select coalesce(sum(${sql.identifier(column)}), 0) from ${questionStats} where ${questionStats.questionId} = ${questions.id})`;
const answers = sql<number>`${stats('answers')}::int`;
const facility = sql<number | null>`(${stats('correct')}::float8 / nullif(${stats('answers')}, 0))`;
const openReports = sql<number>`(select count(*)::int from ${questionReports}
  where ${questionReports.questionId} = ${questions.id} and ${questionReports.status} = 'open')`;
/** Figures are `![alt](media:<sha256>)` in a text (docs/import-format.md). */
const hasFigure = sql<boolean>`(${questions.text} like '%](media:%' or ${questions.options}::text like '%](media:%')`;
const status = sql<BankStatus>`case when ${questions.droppedAt} is not null then 'dropped' else ${questions.status} end`;

const SORTS = { updated: questions.updatedAt, difficulty: facility, answers, reports: openReports } as const;

function filters(query: Query): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (query.search !== undefined) {
    const tsquery = searchQuery(query.search);
    where.push(tsquery ? sql`${questions.searchDocument} @@ to_tsquery('english', ${tsquery})` : sql`false`);
  }
  if (query.examSlug) where.push(eq(exams.slug, query.examSlug));
  if (query.moduleSlug) where.push(eq(modules.slug, query.moduleSlug));
  if (query.subjectSlug) where.push(eq(subjects.slug, query.subjectSlug));
  if (query.topicSlug) where.push(eq(topics.slug, query.topicSlug));
  if (query.type) where.push(eq(questions.type, query.type));
  if (query.status === 'dropped') where.push(isNotNull(questions.droppedAt));
  else if (query.status) where.push(and(isNull(questions.droppedAt), eq(questions.status, query.status)));
  if (query.hasFigure !== undefined) where.push(query.hasFigure ? hasFigure : sql`not ${hasFigure}`);
  if (query.hasReports !== undefined)
    where.push(query.hasReports ? sql`${openReports} > 0` : sql`${openReports} = 0`);
  return and(...where);
}

/** The question bank as the console lists it (docs/question-bank.md). */
export const bankRepository = {
  async page(db: DbOrTx, query: Query): Promise<BankPage> {
    const where = filters(query);
    const sortBy = SORTS[query.sort];
    const direction = query.order === 'asc' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: questions.id,
          text: sql<string>`left(${questions.text}, ${TEXT_SHOWN})`,
          exam: exams.name,
          module: modules.name,
          subject: subjects.name,
          topic: topics.name,
          type: questions.type,
          status,
          facility,
          answers,
          openReports,
          hasFigure,
          updatedAt: questions.updatedAt,
        })
        .from(questions)
        .innerJoin(subjects, eq(subjects.id, questions.subjectId))
        .innerJoin(modules, eq(modules.id, subjects.moduleId))
        .innerJoin(exams, eq(exams.id, modules.examId))
        .leftJoin(topics, eq(topics.id, questions.topicId))
        .where(where)
        .orderBy(sql`${direction(sortBy)} nulls last`, asc(questions.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db
        .select({ total: count() })
        .from(questions)
        .innerJoin(subjects, eq(subjects.id, questions.subjectId))
        .innerJoin(modules, eq(modules.id, subjects.moduleId))
        .innerJoin(exams, eq(exams.id, modules.examId))
        .leftJoin(topics, eq(topics.id, questions.topicId))
        .where(where),
    ]);
    return {
      total: total?.total ?? 0,
      rows: rows.map((row) => ({
        ...row,
        facility: row.facility === null ? null : Number(row.facility),
        updatedAt: new Date(row.updatedAt).toISOString(),
      })),
    };
  },
};
