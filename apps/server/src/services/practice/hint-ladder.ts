import {
  keyText,
  practiceMessages,
  type HintLevel,
  type HintSource,
  type QuestionKey,
} from '@ai-tutor/contract';
import { revealsKey } from './key-leaks.js';

/**
 * The hint ladder without an AI tutor (docs/decisions/0016-honest-tutor-and-real-mistakes.md). Levels 1–3 are, in order, the
 * question's authored hints, then the steps of its stored solution one at a time; a question without
 * authored hints starts with a nudge built from its own text (what is asked) and its topic. Level 4 is
 * the worked solution. No step that gives the key away is used (nor the solution's last sentence, its
 * conclusion); missing rungs are general advice. Each rung says where it came from.
 */

export const LADDER_VERSION = 'ladder@2';

export interface LadderQuestion {
  text: string;
  key: QuestionKey;
  /** The key as a translation's options say it (a step in that language must not say it either). */
  translatedKey?: QuestionKey;
  explanation: string | null;
  hints: string[];
  topicName: string | null;
  subjectName: string;
}

export interface Rung {
  text: string;
  source: HintSource;
}

/**
 * Sentences, split after . ! ? (not inside a decimal), after the Devanagari danda (।) and at line
 * breaks; $…$ maths kept whole.
 */
export const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?])\s+(?=[A-Z$\\(])|(?<=[।॥])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** The steps of a solution that may be shown before the answer: never its conclusion, never the key. */
export function solutionSteps(explanation: string | null, ...keys: QuestionKey[]): string[] {
  const stored = explanation?.trim();
  if (!stored) return [];
  return sentencesOf(stored)
    .slice(0, -1)
    .filter((step) => !keys.some((key) => revealsKey(step, key)));
}

/** What is asked: the question's last sentence (its stem), when it does not itself say the key. */
function nudge(q: LadderQuestion): Rung {
  const topic = q.topicName ?? q.subjectName;
  const sentences = sentencesOf(q.text.replace(/\s*\(Enter a number\.?\)\s*$/i, ''));
  const asked = sentences.at(-1)?.replace(/[\s:]+$/, '');
  const text =
    asked && asked.length <= 400 && !revealsKey(asked, q.key)
      ? practiceMessages.hintNudge(`“${/[.?!]$/.test(asked) ? asked : `${asked} …`}”`, topic)
      : practiceMessages.hintNudgeNoQuote(topic);
  return { text, source: 'question' };
}

/** Levels 1–3 in order (exactly three rungs). */
export function ladderOf(q: LadderQuestion): Rung[] {
  const authored: Rung[] = q.hints.map((text) => ({ text, source: 'authored' }));
  const keys = q.translatedKey ? [q.key, q.translatedKey] : [q.key];
  const steps: Rung[] = solutionSteps(q.explanation, ...keys).map((text) => ({ text, source: 'solution' }));
  const rungs = [...(authored.length ? authored : [nudge(q)]), ...steps].slice(0, 3);
  for (let level = rungs.length + 1; level <= 3; level++)
    rungs.push({ text: practiceMessages.hintGeneric[level as 1 | 2 | 3], source: 'generic' });
  return rungs;
}

export function ladderHint(level: HintLevel, q: LadderQuestion): Rung {
  if (level === 4) {
    const stored = q.explanation?.trim();
    return stored
      ? { text: stored, source: 'solution' }
      : { text: practiceMessages.hintKeyOnly(keyText(q.key)), source: 'generic' };
  }
  return ladderOf(q)[level - 1]!;
}

/**
 * The same rung in a translation (docs/languages.md): built from the translation's hints and solution
 * by the same rules, and kept only when it is the same kind of rung (an authored hint or a step of the
 * solution) — a nudge and general advice are the interface's own English texts.
 */
export function translatedRung(level: HintLevel, original: Rung, q: LadderQuestion): string | null {
  if (original.source !== 'authored' && original.source !== 'solution') return null;
  const rung = ladderHint(level, q);
  return rung.source === original.source && rung.text !== original.text ? rung.text : null;
}
