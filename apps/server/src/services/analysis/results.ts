import { analysisMessages } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import type { PaperSubject } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { bankQuestions, completedSessions } from './takers.js';

/**
 * A live test's results as the exports lay them out: every taker ranked among all takers (competition
 * rank, NTA's percentile, as the ranking computes them), with marks per subject and counts. A teacher
 * gets only their batches' learners, and a test none of them took is outside their reach (404).
 */

export interface ResultRow {
  rank: number;
  percentile: number;
  name: string;
  email: string;
  /** The learner's batches (a teacher: those of theirs). */
  batches: string[];
  score: number;
  subjectMarks: number[];
  correct: number;
  incorrect: number;
  unattempted: number;
  seconds: number;
}

export interface TestResults {
  id: string;
  name: string;
  maxScore: number;
  subjects: string[];
  rows: ResultRow[];
}

/** `teacherId`: limit to the batches this teacher is assigned to. */
export async function testResults(db: DbOrTx, testId: string, teacherId?: string): Promise<TestResults> {
  const [test] = (
    await db.execute(sql`
      SELECT id, name, total_marks, paper::text AS paper FROM scheduled_tests WHERE id = ${testId}::uuid`)
  ).rows as { id: string; name: string; total_marks: number; paper: string }[];
  if (!test) throw notFound(analysisMessages.testNotFound);
  const paper = JSON.parse(test.paper) as PaperSubject[];
  const sessions = await completedSessions(db, sql`a.scheduled_test_id = ${testId}::uuid`);
  const userIds = [...new Set(sessions.map((s) => s.userId))];
  const people = userIds.length
    ? ((
        await db.execute(sql`
          SELECT u.id, u.name, u.email,
            coalesce(array_to_json(array_agg(b.name ORDER BY b.name) FILTER (WHERE b.id IS NOT NULL))::text, '[]') AS batches
          FROM users u
          LEFT JOIN batch_members m ON m.user_id = u.id
          LEFT JOIN batches b ON b.id = m.batch_id
            ${teacherId ? sql`AND EXISTS (SELECT 1 FROM batch_teachers bt WHERE bt.batch_id = b.id AND bt.user_id = ${teacherId}::uuid)` : sql``}
          WHERE u.id IN (${sql.join(
            userIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
          GROUP BY u.id`)
      ).rows as { id: string; name: string; email: string; batches: string }[])
    : [];
  const person = new Map(people.map((p) => [p.id, { ...p, batches: JSON.parse(p.batches) as string[] }]));
  const bank = await bankQuestions(
    db,
    paper.flatMap((p) => p.questionIds),
  );
  const subjectIndex = new Map(paper.map((p, i) => [p.subjectId, i]));
  const sorted = [...sessions].sort((a, b) => b.score - a.score);
  const rows: ResultRow[] = [];
  let rank = 0;
  sorted.forEach((s, i) => {
    // Competition ranking: ties share the first place of their run (1, 1, 3).
    if (i === 0 || s.score !== sorted[i - 1]!.score) rank = i + 1;
    const who = person.get(s.userId);
    if (!who || (teacherId && who.batches.length === 0)) return;
    const subjectMarks = paper.map(() => 0);
    let correct = 0;
    let incorrect = 0;
    let unattempted = 0;
    s.questionIds.forEach((qid, pos) => {
      const mark = s.scores[pos] ?? null;
      const at = subjectIndex.get(bank.get(qid)?.subjectId ?? '');
      if (at !== undefined && mark !== null) subjectMarks[at]! += mark;
      if (mark === null) unattempted += 1;
      else if (mark > 0) correct += 1;
      else incorrect += 1;
    });
    rows.push({
      rank,
      percentile: (100 * (sorted.length - rank + 1)) / sorted.length,
      name: who.name,
      email: who.email,
      batches: who.batches,
      score: s.score,
      subjectMarks,
      correct,
      incorrect,
      unattempted,
      seconds: Math.max(0, Math.round((s.endMs - s.startMs) / 1000)),
    });
  });
  if (teacherId && rows.length === 0) throw notFound(analysisMessages.testNotFound);
  const names = paper.map(
    (p) => [...bank.values()].find((q) => q.subjectId === p.subjectId)?.subjectName ?? '',
  );
  return { id: test.id, name: test.name, maxScore: Number(test.total_marks), subjects: names, rows };
}
