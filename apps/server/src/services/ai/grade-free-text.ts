import { answersMatch, numericValue } from '@ai-tutor/contract';
import { prompts } from './prompts.js';
import { AiError, type AiProvider } from './provider.js';

export interface FreeTextVerdict {
  correct: boolean;
  /** One line, kept with the evaluation (evaluations.gradingNote). */
  reason: string;
}

const REASON_MAX = 240;

/**
 * Asks the model whether a free-text answer that did not match after normalisation is nevertheless
 * equivalent ("x = 2" for "2"). Resolves to null — keep the deterministic result — when:
 * no provider is configured; the expected answer is a number (numbers stay deterministic: "3.50" = "3.5"
 * is already decided by normalisation, and "3.6" is simply wrong); the answer is empty or already
 * matches; or the provider fails (timeout, errors, malformed answers: logged by the provider).
 *
 * Call it outside any transaction that holds row locks: it waits for the network.
 */
export async function gradeFreeText(
  ai: AiProvider,
  input: { question: string; expected: string; given: string | null | undefined },
): Promise<FreeTextVerdict | null> {
  if (!ai.enabled) return null;
  const given = input.given?.trim() ?? '';
  if (given === '' || numericValue(input.expected) !== null) return null;
  if (answersMatch(given, input.expected)) return null;
  try {
    const verdict = await ai.run(prompts.grade, {
      question: input.question,
      expected: input.expected,
      given,
    });
    const line = verdict.reason.replace(/\s+/g, ' ').trim();
    return {
      correct: verdict.correct,
      reason: line.length > REASON_MAX ? `${line.slice(0, REASON_MAX - 1)}…` : line,
    };
  } catch (error) {
    if (error instanceof AiError) return null;
    throw error;
  }
}

export interface FreeTextItem {
  /** The caller's key (an evaluation id). */
  id: string;
  question: string;
  /** The question's options: only questions without options are free text. */
  options: string[];
  expected: string;
  given: string | null | undefined;
}

/**
 * Grades a session's free-text answers that did not match, a few at a time: the verdicts by id, for
 * those the model judged. For completion: call it before the scoring transaction, then score
 * `correct` answers 4 and the others -1, keeping `reason` in evaluations.grading_note.
 */
export async function gradeFreeTextAnswers(
  ai: AiProvider,
  items: FreeTextItem[],
  concurrency = 4,
): Promise<Map<string, FreeTextVerdict>> {
  const verdicts = new Map<string, FreeTextVerdict>();
  if (!ai.enabled) return verdicts;
  const queue = items.filter(
    (item) =>
      item.options.length === 0 &&
      item.given?.trim() &&
      numericValue(item.expected) === null &&
      !answersMatch(item.given, item.expected),
  );
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const verdict = await gradeFreeText(ai, item);
      if (verdict) verdicts.set(item.id, verdict);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return verdicts;
}
