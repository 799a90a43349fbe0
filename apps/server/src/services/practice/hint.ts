import {
  HINT_LABELS,
  keyText,
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
import { ladderHint, LADDER_VERSION, translatedRung, type LadderQuestion } from './hint-ladder.js';
import { questionInOtherLanguages, shownInLanguage } from './question-languages.js';
import { relabelOptions } from '../quiz/option-letters.js';
import { revealsKey } from './key-leaks.js';
import { givenQuestion } from '../quiz/given-question.js';

/**
 * `POST /v1/evaluations/:id/hint` (docs/product.md#hints): levels 1 nudge, 2 concept, 3 first step, 4 worked
 * solution, one at a time (level n once n − 1 was given; any level given may be asked again), only in
 * practice and review sessions. A level the question's author wrote is always theirs. Otherwise the AI
 * tutor, when configured, writes it from the stored solution (prompt `hint-v1`; a level 1–3 hint that
 * gives the key away is asked for once more); without it, or when it fails, the built-in ladder
 * (hint-ladder.ts) answers. Every hint says its source.
 */

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
  const bank = JSON.parse(row.bank_options_json) as string[];
  const shown = JSON.parse(row.options_json ?? '[]') as string[];
  // The worked solution names options by the letters this taker saw, as the result does.
  const explanation = relabelOptions(row.explanation, bank, shown);
  const question = await ladderQuestion(
    db,
    row.question_id,
    row.question_version,
    row.question_text,
    key,
    explanation,
  );
  const authored = level < 4 ? question.hints[level - 1] : undefined;

  let text: string | null = null;
  if (ai.enabled && authored === undefined) {
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
  const rung = ladderHint(level, question);
  // The same rung in the exam's other languages (docs/languages.md), from each translation's texts.
  const translations: Record<string, string> = {};
  for (const t of await questionInOtherLanguages(db, row.question_id, row.exam_id)) {
    const text = translatedRung(level, rung, {
      ...question,
      text: t.text,
      translatedKey: translatedKey(key, bank, t.options),
      explanation: relabelOptions(t.explanation, bank, shown) ?? question.explanation,
      hints: t.hints.length ? t.hints : question.hints,
    });
    if (text !== null) translations[t.lang] = text;
  }
  return {
    level,
    label,
    text: rung.text,
    source: rung.source,
    promptVersion: LADDER_VERSION,
    notice: ai.enabled && rung.source !== 'authored' ? practiceMessages.hintAiUnavailable : null,
    ...(Object.keys(translations).length ? { translations } : {}),
  };
}

/** An option key as a translation's options say it (the same places in the bank's order). */
function translatedKey(key: QuestionKey, bank: string[], options: string[]): QuestionKey {
  const say = (option: string) => shownInLanguage(options, bank, [option])[0]!;
  if (key.type === 'single') return { ...key, answer: say(key.answer) };
  if (key.type === 'multiple') return { ...key, answers: key.answers.map(say) };
  return key;
}

/** What the ladder reads beyond the position: the authored hints and the topic's and subject's names. */
async function ladderQuestion(
  db: Db,
  questionId: string,
  /** The version the session holds: its authored hints are the ones the learner's question had. */
  version: number,
  text: string,
  key: QuestionKey,
  explanation: string | null,
): Promise<LadderQuestion> {
  const result = await db.execute(sql`
    SELECT q.hints, t.name AS topic_name, s.name AS subject_name
    FROM (SELECT 1) one ${givenQuestion(sql`${questionId}::uuid`, sql`${version}::int`)}
    JOIN subjects s ON s.id = q.subject_id LEFT JOIN topics t ON t.id = q.topic_id`);
  const found = result.rows[0] as
    { hints: string[] | string | null; topic_name: string | null; subject_name: string } | undefined;
  const hints = typeof found?.hints === 'string' ? (JSON.parse(found.hints) as string[]) : found?.hints;
  return {
    text,
    key,
    explanation,
    hints: hints ?? [],
    topicName: found?.topic_name ?? null,
    subjectName: found?.subject_name ?? '',
  };
}
