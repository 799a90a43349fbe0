import type { TopicMastery } from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/**
 * Mastery per topic and item difficulty (docs/product.md#mastery-and-adaptive-sessions, decision 0011).
 *
 * Item difficulty: the share of all learners' answers that were right, smoothed towards one half by
 * one right and one wrong imagined answer, p = (correct + 1) / (answers + 2); on the logit scale
 * b = ln((1 − p) / p) (0 for an average item, positive for a hard one).
 *
 * Mastery (Elo, as in adaptive practice systems): a learner's ability θ in a topic starts at 0 and each
 * answer, oldest first, moves it by K × (result − expected), expected = σ(θ − b), result 1 right,
 * ½ partly right, 0 wrong; K = max(0.3, 1.5 / √(n + 1)) for the n-th answer, so the first answers move
 * it quickly and later ones keep weighing more than old ones. Mastery = 100 × σ(θ − b̄), b̄ the mean
 * difficulty of the questions answered: the chance of getting a typical question of the topic right.
 * Left-blank answers say nothing about it and are not counted. The latest MASTERY_WINDOW answers per
 * topic are used: older ones have no weight left.
 */

export const MASTERY_WINDOW = 200;
/** question_stats rows per question (record-answers.ts says why); readers sum them. */
export const STATS_SHARDS = 16;

/** A question's counts over its shards, for a LEFT JOIN LATERAL … ON true as `s`. */
export const statsOf = (questionId: SQL) =>
  sql`(SELECT coalesce(sum(answers), 0)::int AS answers, coalesce(sum(correct), 0)::int AS correct
    FROM question_stats WHERE question_id = ${questionId})`;

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Smoothed p-correct of a question from all learners' answers. */
export function itemPCorrect(answers: number, correct: number): number {
  return (correct + 1) / (answers + 2);
}
/** Difficulty on the logit scale from p-correct. */
export const difficultyOf = (p: number) => Math.log((1 - p) / p);

export interface RatedAnswer {
  /** 1 right, 0.5 partly, 0 wrong. */
  result: number;
  /** The question's difficulty (logit). */
  difficulty: number;
}

export interface MasteryEstimate {
  theta: number;
  mastery: number;
  answers: number;
}

/** The Elo estimate from answers oldest first. */
export function estimateMastery(answers: RatedAnswer[]): MasteryEstimate {
  let theta = 0;
  answers.forEach((a, n) => {
    const k = Math.max(0.3, 1.5 / Math.sqrt(n + 1));
    theta += k * (a.result - sigmoid(theta - a.difficulty));
  });
  const meanDifficulty = answers.length
    ? answers.reduce((total, a) => total + a.difficulty, 0) / answers.length
    : 0;
  return { theta, mastery: Math.round(100 * sigmoid(theta - meanDifficulty)), answers: answers.length };
}

const RESULT = { correct: 1, partial: 0.5, incorrect: 0 } as Record<string, number>;

interface MasteryRow {
  topic_id: string;
  topic_name: string;
  topic_slug: string;
  subject_id: string;
  subject_name: string;
  subject_slug: string;
  outcome: string;
  stat_answers: number;
  stat_correct: number;
  total: number;
}

export interface TopicMasteryEstimate extends TopicMastery {
  theta: number;
}

/** The learner's mastery of every topic they have answered, catalogue order. */
export async function topicMasteries(db: DbOrTx, userId: string): Promise<TopicMasteryEstimate[]> {
  const result = await db.execute(sql`
    SELECT t.id AS topic_id, t.name AS topic_name, t.slug AS topic_slug, sub.id AS subject_id,
      sub.name AS subject_name, sub.slug AS subject_slug, qa.outcome, qa.total::int AS total,
      coalesce(s.answers, 0) AS stat_answers, coalesce(s.correct, 0) AS stat_correct
    FROM (
      SELECT topic_id, question_id, outcome, answered_at, assessment_id, position,
        row_number() OVER (PARTITION BY topic_id ORDER BY answered_at DESC, assessment_id DESC, position DESC) AS rn,
        count(*) OVER (PARTITION BY topic_id) AS total
      FROM question_attempts
      WHERE user_id = ${userId} AND topic_id IS NOT NULL AND outcome <> 'unattempted'
    ) qa
    JOIN topics t ON t.id = qa.topic_id
    JOIN subjects sub ON sub.id = t.subject_id
    LEFT JOIN LATERAL ${statsOf(sql`qa.question_id`)} s ON true
    WHERE qa.rn <= ${MASTERY_WINDOW}
    ORDER BY sub.sort_order, sub.name, t.sort_order, t.name, t.id, qa.answered_at, qa.assessment_id, qa.position`);
  const byTopic = new Map<string, { row: MasteryRow; answers: RatedAnswer[] }>();
  for (const row of result.rows as unknown as MasteryRow[]) {
    const entry = byTopic.get(row.topic_id) ?? { row, answers: [] };
    entry.answers.push({
      result: RESULT[row.outcome] ?? 0,
      difficulty: difficultyOf(itemPCorrect(Number(row.stat_answers), Number(row.stat_correct))),
    });
    byTopic.set(row.topic_id, entry);
  }
  return [...byTopic.values()].map(({ row, answers }) => {
    const estimate = estimateMastery(answers);
    return {
      topic: { id: row.topic_id, name: row.topic_name, slug: row.topic_slug },
      subject: { id: row.subject_id, name: row.subject_name, slug: row.subject_slug },
      mastery: estimate.mastery,
      answers: Number(row.total),
      theta: estimate.theta,
    };
  });
}

/** Mastery as GET /v1/user-records gives it. */
export async function masteryOf(db: DbOrTx, userId: string): Promise<TopicMastery[]> {
  return (await topicMasteries(db, userId)).map(({ theta: _theta, ...m }) => m);
}
