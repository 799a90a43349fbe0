import {
  currentScheme,
  DEFAULT_MARKING_SCHEME,
  fullMarks,
  schemeById,
  type QuestionType,
  type ExamDetail,
  type ExamsList,
  type PerformanceRecord,
} from '@ai-tutor/contract';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { assessments, exams, modules, performanceRecords, subjects, topics } from '../../db/schema.js';
import { offeredLanguages } from './translations.js';

/** How many of the latest attempts the exam page's score trend shows. */
export const TREND_LENGTH = 10;

/**
 * Percentages of the learner's completed mock tests (by module) and subject quizzes (by subject),
 * oldest first, the last TREND_LENGTH of each: the small score trend on the exam page. A mock test is
 * (and a topic quiz) also a point of each subject it answered a question of, with that subject's share
 * of the marks, as the subject's record counts it (quiz/records.ts), so a card's trend and attempts agree.
 */
async function recentPercentages(db: DbOrTx, userId: string): Promise<Map<string, number[]>> {
  const rows = await db
    .select({
      quizType: assessments.quizType,
      moduleId: assessments.moduleId,
      subjectId: assessments.subjectId,
      score: assessments.score,
      totalMarks: assessments.totalMarks,
      scheme: assessments.markingScheme,
      scores: assessments.scores,
      subjectParts: sql<{ subject: string; type: QuestionType }[] | null>`(SELECT json_agg(
        json_build_object('subject', q.subject_id, 'type', q.type) ORDER BY s.pos)
        FROM unnest(${assessments.questionIds}) WITH ORDINALITY AS s(id, pos) JOIN questions q ON q.id = s.id
        WHERE ${assessments.quizType} <> 'subject')`,
    })
    .from(assessments)
    .where(
      and(
        eq(assessments.userId, userId),
        eq(assessments.sessionCompleted, true),
        eq(assessments.mode, 'timed'),
        inArray(assessments.quizType, ['module', 'subject', 'topic']),
      ),
    )
    .orderBy(asc(assessments.endTime), asc(assessments.createdAt));
  const trends = new Map<string, number[]>();
  const add = (key: string, score: number, marks: number) => {
    const percentage = marks > 0 ? Math.round((score / marks) * 1000) / 10 : 0;
    trends.set(key, [...(trends.get(key) ?? []), percentage].slice(-TREND_LENGTH));
  };
  for (const row of rows) {
    if (row.quizType === 'subject') {
      add(`subject:${row.subjectId}`, row.score ?? 0, row.totalMarks);
      continue;
    }
    if (row.quizType === 'module') add(`exam_module:${row.moduleId}`, row.score ?? 0, row.totalMarks);
    const bySubject = new Map<string, { score: number; marks: number; answered: boolean }>();
    (row.subjectParts ?? []).forEach((part, i) => {
      const mark = row.scores?.[i] ?? null;
      const share = bySubject.get(part.subject) ?? { score: 0, marks: 0, answered: false };
      share.score += mark ?? 0;
      share.marks += fullMarks(schemeById(row.scheme), part.type);
      share.answered ||= mark !== null;
      bySubject.set(part.subject, share);
    });
    for (const [subject, share] of bySubject) {
      if (share.answered) add(`subject:${subject}`, share.score, share.marks);
    }
  }
  return trends;
}

/** Read side of the catalogue: exams with their modules, subjects and topics (never questions). */

type ExamRow = typeof exams.$inferSelect;

async function withTrees(db: DbOrTx, rows: ExamRow[]): Promise<ExamDetail[]> {
  if (!rows.length) return [];
  const moduleRows = await db
    .select()
    .from(modules)
    .where(
      inArray(
        modules.examId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(modules.sortOrder), asc(modules.name));
  const subjectRows = moduleRows.length
    ? await db
        .select()
        .from(subjects)
        .where(
          inArray(
            subjects.moduleId,
            moduleRows.map((m) => m.id),
          ),
        )
        .orderBy(asc(subjects.sortOrder), asc(subjects.name))
    : [];
  const topicRows = subjectRows.length
    ? await db
        .select()
        .from(topics)
        .where(
          inArray(
            topics.subjectId,
            subjectRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(topics.sortOrder), asc(topics.name))
    : [];

  return rows.map((exam) => ({
    name: exam.name,
    slug: exam.slug,
    description: exam.description,
    modules: moduleRows
      .filter((m) => m.examId === exam.id)
      .map((m) => ({
        _id: m.id,
        name: m.name,
        slug: m.slug,
        durationMinutes: m.durationMinutes,
        questionCount: m.questionCount,
        // What a new mock test of this module is marked by (the module's, else the exam's): the
        // instructions screen names it.
        markingScheme: schemeSummary(m.markingScheme ?? exam.markingScheme ?? DEFAULT_MARKING_SCHEME),
        // Its instructions screen asks for the default language (docs/languages.md).
        ...(exam.languages.length > 1 ? { languages: offeredLanguages(exam) } : {}),
        subjects: subjectRows
          .filter((s) => s.moduleId === m.id)
          .map((s) => ({
            _id: s.id,
            name: s.name,
            slug: s.slug,
            durationMinutes: s.durationMinutes,
            questionCount: s.questionCount,
            topics: topicRows
              .filter((t) => t.subjectId === s.id)
              .map((t) => ({
                _id: t.id,
                name: t.name,
                slug: t.slug,
                durationMinutes: t.durationMinutes,
                questionCount: t.questionCount,
              })),
          })),
      })),
  }));
}

export async function listExams(db: DbOrTx, page: number, limit: number): Promise<ExamsList> {
  const [total] = await db.select({ n: count() }).from(exams);
  const rows = await db
    .select()
    .from(exams)
    .orderBy(asc(exams.sortOrder), asc(exams.name), asc(exams.slug))
    .limit(limit)
    .offset((page - 1) * limit);
  return { exams: await withTrees(db, rows), total: Number(total?.n ?? 0), page, limit };
}

export async function findExam(db: DbOrTx, slug: string): Promise<ExamDetail | null> {
  const rows = await db.select().from(exams).where(eq(exams.slug, slug));
  const [detail] = await withTrees(db, rows);
  return detail ?? null;
}

/**
 * The signed-in learner's performance records, each naming its module, subject or topic. The average
 * is the mean of the attempts' percentages. Records of entities since removed are left out.
 */
export async function userRecords(db: DbOrTx, userId: string): Promise<PerformanceRecord[]> {
  const records = await db
    .select()
    .from(performanceRecords)
    .where(eq(performanceRecords.userId, userId))
    .orderBy(desc(performanceRecords.updatedAt));
  const ids = (type: string) => records.filter((r) => r.entityType === type).map((r) => r.entityId);
  const refs = async (table: typeof modules | typeof subjects | typeof topics, list: string[]) => {
    if (!list.length) return new Map<string, { id: string; name: string; slug: string }>();
    const t = table as typeof topics;
    const rows = await db.select({ id: t.id, name: t.name, slug: t.slug }).from(t).where(inArray(t.id, list));
    return new Map(rows.map((r) => [r.id, r]));
  };
  const [moduleRefs, subjectRefs, topicRefs, trends] = await Promise.all([
    refs(modules, ids('exam_module')),
    refs(subjects, ids('subject')),
    refs(topics, ids('topic')),
    recentPercentages(db, userId),
  ]);

  return records.flatMap((r) => {
    const ref =
      r.entityType === 'exam_module'
        ? moduleRefs.get(r.entityId)
        : r.entityType === 'subject'
          ? subjectRefs.get(r.entityId)
          : topicRefs.get(r.entityId);
    if (!ref) return [];
    return [
      {
        examModule: r.entityType === 'exam_module' ? ref : null,
        subject: r.entityType === 'subject' ? ref : null,
        topic: r.entityType === 'topic' ? ref : null,
        averageScore: r.attempts > 0 ? r.percentageSum / r.attempts : 0,
        attempt: r.attempts,
        lastAttemptScore: r.lastAttemptScore,
        totalScore: r.totalScore,
        totalMarks: r.totalMarks,
        highestScore: r.highestScore,
        recentPercentages: trends.get(`${r.entityType}:${r.entityId}`) ?? [],
      },
    ];
  });
}

function schemeSummary(name: Parameters<typeof currentScheme>[0]) {
  const scheme = currentScheme(name);
  return { id: scheme.id, name: scheme.name, label: scheme.label };
}
