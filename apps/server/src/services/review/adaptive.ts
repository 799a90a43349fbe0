import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { interleave, USABLE_QUESTION } from './due.js';
import { difficultyOf, itemPCorrect, statsOf, topicMasteries } from './mastery.js';

/**
 * The adaptive draw (docs/product.md#mastery-and-adaptive-sessions, decision 0011): the learner's weakest topics of a subject, module
 * or exam, and in each the questions whose difficulty is nearest the learner's level there.
 *
 * - Weakness: mastery shrunk towards WEAK_PRIOR by PRIOR_ANSWERS imagined answers, so a topic with few
 *   answers counts as weak-ish (45) rather than as whatever two answers said.
 * - Level: aim at questions the learner gets right TARGET_SUCCESS of the time, b* = θ − logit(0.7).
 * - Questions met in the last RECENT_DAYS come after all others; questions in the learner's running
 *   sessions and dropped ones are never drawn.
 * - The weakest WEAK_TOPICS topics take turns; when they run dry the next weakest fill in.
 */

export interface AdaptiveScope {
  examId: string;
  moduleId?: string;
  subjectId?: string;
}

const WEAK_PRIOR = 45;
const PRIOR_ANSWERS = 5;
const TARGET_SUCCESS = 0.7;
const RECENT_DAYS = 3;
const WEAK_TOPICS = 3;
const NO_TOPIC = 'none';

interface Candidate {
  id: string;
  topic_id: string | null;
  stat_answers: number;
  stat_correct: number;
  seen_recently: boolean;
}

export async function adaptiveQuestionIds(
  db: DbOrTx,
  userId: string,
  scope: AdaptiveScope,
  count: number,
): Promise<string[]> {
  if (count <= 0) return [];
  const inScope = scope.subjectId
    ? sql`q.subject_id = ${scope.subjectId}`
    : scope.moduleId
      ? sql`sub.module_id = ${scope.moduleId}`
      : sql`m.exam_id = ${scope.examId}`;
  const result = await db.execute(sql`
    WITH seen AS (
      SELECT question_id, max(answered_at) AS last_seen FROM question_attempts
      WHERE user_id = ${userId} GROUP BY question_id
    ), running AS (
      SELECT DISTINCT unnest(question_ids) AS question_id FROM assessments
      WHERE user_id = ${userId} AND NOT session_completed
    )
    SELECT q.id, q.topic_id, coalesce(s.answers, 0) AS stat_answers, coalesce(s.correct, 0) AS stat_correct,
      coalesce(seen.last_seen > now() - make_interval(days => ${RECENT_DAYS}), false) AS seen_recently
    FROM questions q
    JOIN subjects sub ON sub.id = q.subject_id
    JOIN modules m ON m.id = sub.module_id
    LEFT JOIN LATERAL ${statsOf(sql`q.id`)} s ON true
    LEFT JOIN seen ON seen.question_id = q.id
    WHERE ${inScope} AND ${USABLE_QUESTION}
      AND NOT EXISTS (SELECT 1 FROM running r WHERE r.question_id = q.id)
    ORDER BY random()`);
  const candidates = result.rows as unknown as Candidate[];

  const masteries = new Map((await topicMasteries(db, userId)).map((m) => [m.topic.id, m]));
  const weakness = (topicId: string) => {
    const m = masteries.get(topicId);
    const n = m?.answers ?? 0;
    return ((m?.mastery ?? 0) * n + WEAK_PRIOR * PRIOR_ANSWERS) / (n + PRIOR_ANSWERS);
  };
  const target = (topicId: string) =>
    (masteries.get(topicId)?.theta ?? 0) - Math.log(TARGET_SUCCESS / (1 - TARGET_SUCCESS));

  const byTopic = new Map<string, { question: Candidate; distance: number }[]>();
  for (const q of candidates) {
    const topic = q.topic_id ?? NO_TOPIC;
    const difficulty = difficultyOf(itemPCorrect(Number(q.stat_answers), Number(q.stat_correct)));
    const list = byTopic.get(topic) ?? [];
    list.push({ question: q, distance: Math.abs(difficulty - target(topic)) });
    byTopic.set(topic, list);
  }
  // Questions without a topic say nothing about weakness: they come last.
  const topicsByWeakness = [...byTopic.keys()].sort(
    (a, b) => (a === NO_TOPIC ? 1 : 0) - (b === NO_TOPIC ? 1 : 0) || weakness(a) - weakness(b),
  );
  const ordered = topicsByWeakness.map((topic) =>
    (byTopic.get(topic) ?? [])
      .sort(
        (a, b) =>
          Number(a.question.seen_recently) - Number(b.question.seen_recently) || a.distance - b.distance,
      )
      .map((c) => ({ id: c.question.id, topic })),
  );
  const weakest = ordered.slice(0, WEAK_TOPICS).flat();
  const drawn = interleave(weakest, (c) => c.topic, count);
  if (drawn.length < count)
    drawn.push(...interleave(ordered.slice(WEAK_TOPICS).flat(), (c) => c.topic, count - drawn.length));
  return drawn.map((c) => c.id);
}
