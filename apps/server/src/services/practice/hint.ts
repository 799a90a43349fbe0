import {
  HINT_LABELS,
  keyText,
  normalizeAnswer,
  practiceMessages,
  type HintData,
  type HintLevel,
  type QuestionKey,
} from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { prompts } from '../ai/prompts.js';
import { AiError, type AiProvider } from '../ai/provider.js';
import { practicePosition } from './check.js';
import { correctOptionsOf } from './feedback.js';

/**
 * `POST /v1/evaluations/:id/hint` (docs/product.md#hints): levels 1 nudge, 2 concept, 3 first step, 4 worked
 * solution, one at a time (level n once n − 1 was given; any level given may be asked again), only in
 * practice and review sessions. The AI tutor writes them from the stored solution (prompt `hint-v1`);
 * a level 1–3 hint that gives the key away is asked for once more, then replaced by the fallback.
 * Without a provider (or when it fails) the fallback is built from the stored solution and says so.
 */

export const FALLBACK_VERSION = 'fallback@1';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** `needle` as a whole word or phrase of `haystack` (both normalised: case, spaces). */
const mentions = (haystack: string, needle: string) =>
  needle.length > 0 &&
  new RegExp(`(^|[^\\p{L}\\p{N}])${escape(needle)}($|[^\\p{L}\\p{N}])`, 'u').test(haystack);

/** Whether a text gives the key away: a right option's text, the numerical value, an accepted answer. */
export function revealsKey(text: string, key: QuestionKey): boolean {
  const said = normalizeAnswer(text);
  switch (key.type) {
    case 'single':
    case 'multiple':
      return correctOptionsOf(key).some((option) => mentions(said, normalizeAnswer(option)));
    case 'numerical': {
      const eps = 1e-9 * Math.max(1, Math.abs(key.min), Math.abs(key.max));
      return (said.match(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g) ?? [])
        .map(Number)
        .some((n) => n >= key.min - eps && n <= key.max + eps);
    }
    case 'text':
      return key.answers.some((a) => !a.includes('*') && mentions(said, normalizeAnswer(a)));
  }
}

const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The deterministic hint: level n of 1–3 is the first n thirds of the stored solution's sentences that
 * do not give the key away (its last sentence, the conclusion, never); level 4 is the whole solution.
 */
export function fallbackHint(level: HintLevel, key: QuestionKey, explanation: string | null): string {
  const stored = explanation?.trim() || null;
  if (level === 4) return stored ?? practiceMessages.hintKeyOnly(keyText(key));
  const safe = stored
    ? sentencesOf(stored)
        .slice(0, -1)
        .filter((s) => !revealsKey(s, key))
    : [];
  if (safe.length === 0) return practiceMessages.hintGeneric[level];
  return safe.slice(0, Math.max(1, Math.ceil((safe.length * level) / 3))).join(' ');
}

/** The AI tutor's hint; a level 1–3 one that gives the key away is asked for once more, then null. */
async function aiHint(ai: AiProvider, key: QuestionKey, input: Parameters<typeof prompts.hint.user>[0]) {
  for (let attempt = 0; attempt < 2; attempt++) {
    const { hint } = await ai.run(prompts.hint, input);
    if (input.level === 4 || !revealsKey(hint, key)) return hint;
  }
  return null;
}

export async function giveHint(
  db: Db,
  ai: AiProvider,
  userId: string,
  evaluationId: string,
  level: HintLevel,
): Promise<HintData> {
  const { sessionId, position, row } = await practicePosition(
    db,
    userId,
    evaluationId,
    practiceMessages.hintTimed,
  );
  const given = Number(row.hints_given ?? 0);
  if (level > given + 1) throw conflict(practiceMessages.hintSkipped(level));
  const key = JSON.parse(row.key_json) as QuestionKey;

  let text: string | null = null;
  if (ai.enabled) {
    try {
      text = await aiHint(ai, key, {
        question: row.question_text,
        options: JSON.parse(row.options_json ?? '[]') as string[],
        level,
        correctAnswer: keyText(key),
        referenceSolution: row.explanation?.trim() || null,
      });
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
    }
  }

  // Counted only if still in order (two tabs asking at once cannot skip a level).
  const counted = await db.execute(sql`
    UPDATE assessments SET hints_given[${position + 1}::int] =
      greatest(coalesce(hints_given[${position + 1}::int], 0), ${level}::int)
    WHERE id = ${sessionId} AND user_id = ${userId}
      AND coalesce(hints_given[${position + 1}::int], 0) >= ${level - 1}::int
    RETURNING id`);
  if (counted.rows.length === 0) throw conflict(practiceMessages.hintSkipped(level));

  const label = HINT_LABELS[level];
  if (text !== null)
    return { level, label, text, source: 'ai', promptVersion: prompts.hint.version, notice: null };
  return {
    level,
    label,
    text: fallbackHint(level, key, row.explanation),
    source: 'fallback',
    promptVersion: FALLBACK_VERSION,
    notice: practiceMessages.hintFallback,
  };
}
