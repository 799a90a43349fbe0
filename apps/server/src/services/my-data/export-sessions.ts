import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  answerSheets,
  assessments,
  passages,
  questions,
  questionVersions,
  scheduledTests,
  sessionCorrections,
} from '../../db/schema.js';
import { parseAnswer } from '../quiz/answer-sheets.js';

/** Sessions read per query: a learner's 5,000 answers are ~70 mock tests, two queries of them. */
export const SESSIONS_PER_READ = 50;

type SessionRow = Awaited<ReturnType<typeof readSessions>>[number];

function readSessions(db: DbOrTx, userId: string, after: { createdAt: Date; id: string } | null) {
  return db
    .select({
      id: assessments.id,
      slug: assessments.slug,
      createdAt: assessments.createdAt,
      quizType: assessments.quizType,
      mode: assessments.mode,
      timed: assessments.timed,
      sessionName: assessments.sessionName,
      examId: assessments.examId,
      moduleId: assessments.moduleId,
      subjectId: assessments.subjectId,
      topicId: assessments.topicId,
      markingScheme: assessments.markingScheme,
      totalQuestions: assessments.totalQuestions,
      totalMarks: assessments.totalMarks,
      totalTimeMinutes: assessments.totalTime,
      startTime: assessments.startTime,
      deadline: assessments.deadline,
      endTime: assessments.endTime,
      completed: assessments.sessionCompleted,
      score: assessments.score,
      scores: assessments.scores,
      liveTestId: assessments.scheduledTestId,
      liveTestRankedAt: scheduledTests.rankedAt,
      questionIds: assessments.questionIds,
      questionVersions: assessments.questionVersions,
      confidence: assessments.confidence,
      hintsGiven: assessments.hintsGiven,
      checkTries: assessments.checkTries,
      gradingNotes: assessments.gradingNotes,
      aiExplanations: assessments.aiExplanations,
      types: answerSheets.questionTypes,
      options: answerSheets.options,
      answers: answerSheets.answers,
      marked: answerSheets.marked,
      timeSpent: answerSheets.timeSpent,
      visited: answerSheets.visited,
    })
    .from(assessments)
    .innerJoin(answerSheets, eq(answerSheets.assessmentId, assessments.id))
    .leftJoin(scheduledTests, eq(scheduledTests.id, assessments.scheduledTestId))
    .where(
      and(
        eq(assessments.userId, userId),
        after
          ? or(
              gt(assessments.createdAt, after.createdAt),
              and(eq(assessments.createdAt, after.createdAt), gt(assessments.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(assessments.createdAt), asc(assessments.id))
    .limit(SESSIONS_PER_READ);
}

/**
 * The questions' texts as each session was given them (docs/decisions/0028-question-versions.md), by
 * `id@version`; `id@` is the current text (a session that holds no version).
 */
async function questionTexts(db: DbOrTx, ids: string[]) {
  const texts = new Map<string, { text: string; passage: string | null }>();
  if (!ids.length) return texts;
  const [rows, older] = await Promise.all([
    db
      .select({ id: questions.id, version: questions.version, text: questions.text, passage: passages.text })
      .from(questions)
      .leftJoin(passages, eq(passages.id, questions.passageId))
      .where(inArray(questions.id, ids)),
    db
      .select({
        id: questionVersions.questionId,
        version: questionVersions.version,
        text: questionVersions.text,
        passage: passages.text,
      })
      .from(questionVersions)
      .leftJoin(passages, eq(passages.id, questionVersions.passageId))
      .where(inArray(questionVersions.questionId, ids)),
  ]);
  for (const r of older) texts.set(`${r.id}@${r.version}`, { text: r.text, passage: r.passage });
  for (const r of rows) {
    texts.set(`${r.id}@${r.version}`, { text: r.text, passage: r.passage });
    texts.set(`${r.id}@`, { text: r.text, passage: r.passage });
  }
  return texts;
}

async function correctionsOf(db: DbOrTx, sessionIds: string[]) {
  const rows = sessionIds.length
    ? await db
        .select({
          assessmentId: sessionCorrections.assessmentId,
          position: sessionCorrections.position,
          scoreBefore: sessionCorrections.scoreBefore,
          scoreAfter: sessionCorrections.scoreAfter,
          at: sessionCorrections.createdAt,
        })
        .from(sessionCorrections)
        .where(inArray(sessionCorrections.assessmentId, sessionIds))
    : [];
  const bySession = new Map<string, Omit<(typeof rows)[number], 'assessmentId'>[]>();
  for (const { assessmentId, ...rest } of rows) {
    bySession.set(assessmentId, [...(bySession.get(assessmentId) ?? []), rest]);
  }
  return bySession;
}

/**
 * One session as the export writes it: the questions as the learner was given them (text, passage,
 * options in the session's order; never the key), the answers, marks, times and flags. A live test's
 * marks are left out until it is ranked, as its result is (docs/live-tests.md).
 */
function sessionView(
  s: SessionRow,
  texts: Awaited<ReturnType<typeof questionTexts>>,
  corrections: Awaited<ReturnType<typeof correctionsOf>>,
) {
  const hidden = s.liveTestId !== null && s.liveTestRankedAt === null;
  return {
    id: s.slug,
    kind: s.quizType,
    mode: s.mode,
    timed: s.timed,
    name: s.sessionName,
    examId: s.examId,
    moduleId: s.moduleId,
    subjectId: s.subjectId,
    topicId: s.topicId,
    liveTestId: s.liveTestId,
    markingScheme: s.markingScheme,
    startedAt: s.startTime,
    deadline: s.deadline,
    endedAt: s.endTime,
    completed: s.completed,
    lengthMinutes: s.totalTimeMinutes,
    totalQuestions: s.totalQuestions,
    totalMarks: s.totalMarks,
    score: hidden ? null : s.score,
    resultsHiddenUntilRanked: hidden,
    corrections: corrections.get(s.id) ?? [],
    questions: s.questionIds.map((questionId, i) => {
      const given = texts.get(`${questionId}@${s.questionVersions[i] ?? ''}`) ?? texts.get(`${questionId}@`);
      return {
        position: i + 1,
        questionId,
        type: s.types[i],
        text: given?.text ?? null,
        passage: given?.passage ?? null,
        options: s.options[i] ?? [],
        answer: parseAnswer(s.answers[i]),
        markedForReview: s.marked[i] ?? false,
        opened: s.visited?.[i] ?? null,
        timeSpentSeconds: s.timeSpent[i] ?? 0,
        marks: hidden ? null : (s.scores?.[i] ?? null),
        confidence: s.confidence?.[i] ?? null,
        hintsTaken: s.hintsGiven?.[i] ?? null,
        checks: s.checkTries?.[String(i)] ?? null,
        gradingNote: hidden ? null : (s.gradingNotes?.[String(i)] ?? null),
        aiExplanation: s.aiExplanations?.[String(i)] ?? null,
      };
    }),
  };
}

/** The learner's sessions, oldest first, a read at a time: one JSON text per session. */
export async function* sessionsJson(db: DbOrTx, userId: string): AsyncGenerator<string> {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows = await readSessions(db, userId, after);
    if (!rows.length) return;
    const [texts, corrections] = await Promise.all([
      questionTexts(db, [...new Set(rows.flatMap((r) => r.questionIds))]),
      correctionsOf(
        db,
        rows.map((r) => r.id),
      ),
    ]);
    for (const row of rows) yield JSON.stringify(sessionView(row, texts, corrections));
    if (rows.length < SESSIONS_PER_READ) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** How many of the learner's answers (positions answered) there are, for the summary. */
export const answersCount = sql<number>`coalesce(sum((SELECT count(*) FROM unnest(${answerSheets.answers}) a WHERE a IS NOT NULL)), 0)::int`;
