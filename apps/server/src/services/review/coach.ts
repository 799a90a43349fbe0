import {
  COACH_GUESS_OPTIONS,
  COACH_MIN_ANSWERS,
  schemeById,
  type CoachAdvice,
  type CoachData,
  type CoachTopic,
  type ResultEvaluation,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * The negative-marking coach on a timed session's result (docs/product.md#result-screen): where the marks went, and
 * per topic whether attempting pays under the session's scheme given the learner's own accuracy there:
 * expected marks per attempt = p × (marks for right) + (1 − p) × (marks for wrong), p = right answers /
 * answers over the learner's history in the topic (this session included). Skipping is worth 0, so
 * attempting pays when that is above 0. With fewer than COACH_MIN_ANSWERS answers it says so.
 */

const round2 = (n: number) => Math.round(n * 100) / 100;

export function expectedPerAttempt(accuracy: number, marksRight: number, marksWrong: number): number {
  return round2(accuracy * marksRight + (1 - accuracy) * marksWrong);
}

export function adviceFor(expected: number | null, historyAnswers: number): CoachAdvice {
  if (expected === null || historyAnswers < COACH_MIN_ANSWERS) return 'not enough data';
  return expected > 0 ? 'attempt' : 'skip';
}

async function historyByTopic(
  db: DbOrTx,
  userId: string,
  topicIds: string[],
): Promise<Map<string, { answers: number; correct: number }>> {
  if (topicIds.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT topic_id, count(*)::int AS answers, count(*) FILTER (WHERE outcome = 'correct')::int AS correct
    FROM question_attempts
    WHERE user_id = ${userId} AND outcome <> 'unattempted'
      AND topic_id IN (${sql.join(
        topicIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    GROUP BY topic_id`);
  return new Map(
    (result.rows as unknown as { topic_id: string; answers: number; correct: number }[]).map((r) => [
      r.topic_id,
      { answers: Number(r.answers), correct: Number(r.correct) },
    ]),
  );
}

/** The coach for a completed session's evaluations (as the result shows them). */
export async function coachFor(
  db: DbOrTx,
  userId: string,
  schemeId: string,
  evaluations: ResultEvaluation[],
): Promise<CoachData> {
  const scheme = schemeById(schemeId);
  const groups = new Map<string, ResultEvaluation[]>();
  for (const e of evaluations) {
    const key = e.topic?.id ?? '';
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const history = await historyByTopic(
    db,
    userId,
    [...groups.keys()].filter((id) => id !== ''),
  );
  const topics = [...groups.values()].map((items): CoachTopic => {
    const topic = items[0]?.topic ?? null;
    const unattempted = items.filter((e) => e.outcome === 'Not Attempted').length;
    const correct = items.filter((e) => e.outcome === 'Correct').length;
    const attempted = items.length - unattempted;
    const marksRight = round2(
      items.reduce((t, e) => t + scheme.marks[e.baseQuestion.questionType].correct, 0) / items.length,
    );
    const marksWrong = round2(
      items.reduce((t, e) => t + scheme.marks[e.baseQuestion.questionType].wrong, 0) / items.length,
    );
    const past = topic ? history.get(topic.id) : undefined;
    const accuracy = past && past.answers > 0 ? round2(past.correct / past.answers) : null;
    const expected = accuracy === null ? null : expectedPerAttempt(accuracy, marksRight, marksWrong);
    return {
      topic: topic ? { id: topic.id, name: topic.name } : null,
      attempted,
      correct,
      wrong: attempted - correct,
      unattempted,
      accuracy,
      historyAnswers: past?.answers ?? 0,
      marksRight,
      marksWrong,
      expectedPerAttempt: expected,
      advice: adviceFor(expected, past?.answers ?? 0),
    };
  });
  const single = scheme.marks.single;
  return {
    marksLostToWrong: round2(-evaluations.reduce((t, e) => t + Math.min(0, e.score ?? 0), 0)),
    marksLeftUnattempted: round2(
      evaluations.filter((e) => e.outcome === 'Not Attempted').reduce((t, e) => t + e.maxScore, 0),
    ),
    blindGuess: {
      options: COACH_GUESS_OPTIONS,
      marksRight: single.correct,
      marksWrong: single.wrong,
      expected: expectedPerAttempt(1 / COACH_GUESS_OPTIONS, single.correct, single.wrong),
    },
    minAnswers: COACH_MIN_ANSWERS,
    topics,
  };
}
