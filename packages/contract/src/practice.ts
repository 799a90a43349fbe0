import { z } from 'zod';
import { HINT_LABELS, HINT_MAX_LEVEL, SESSION_MODES, TEXT_LIMITS } from './constants.js';
import { OUTCOME_LABELS } from './marking.js';
import { text } from './text.js';
import { CONFIDENCE_LEVELS } from './tutor.js';

/**
 * Where a hint came from: the question's author, a step of its stored solution, the question itself and
 * its topic (the nudge), general advice (no solution stored), or the AI tutor. Here, not in
 * constants.ts, whose module /login's first chunks share: these would cost every learner bytes.
 */
export const HINT_SOURCES = ['authored', 'solution', 'question', 'generic', 'ai'] as const;
export type HintSource = (typeof HINT_SOURCES)[number];
/** What the hint ladder says beside each hint, by source: true of every hint that has it. */
export const HINT_SOURCE_LABELS: Record<HintSource, string> = {
  authored: "Written by the question's author.",
  solution: "Taken from the question's stored solution.",
  question: "Built from the question's own text and its topic.",
  generic: 'General advice: no solution is stored for this question.',
  ai: 'Written by the AI tutor from the stored solution.',
};

/**
 * Practice, review and hints (docs/product.md#practice-and-review-sessions): the check and hint calls, and what a session's questions
 * say about them. quiz.ts builds on these (this file does not import it).
 */

/** docs/product.md#question-types: a string for single, numerical and text; option texts for multiple. */
export const answerValue = z.union([
  text(TEXT_LIMITS.answer),
  z.array(text(TEXT_LIMITS.answer)).max(TEXT_LIMITS.optionsPerQuestion),
]);

export const sessionMode = z.enum(SESSION_MODES);
export const confidence = z.enum(CONFIDENCE_LEVELS);

/** What a checked question tells the learner: shown at once after the check, and again on reload. */
export const checkFeedback = z.object({
  /** Full marks (a partial mark under JEE Advanced is not correct). */
  correct: z.boolean(),
  outcome: z.enum(Object.values(OUTCOME_LABELS) as [string, ...string[]]),
  /** The mark under the session's scheme (null: not attempted). Practice marks feed no records. */
  score: z.number().nullable(),
  maxScore: z.number(),
  key: z.object({
    /** The key as text ("B", "A; C", "2.5 ± 0.1", or a text question's accepted answer). */
    baseAnswer: z.string(),
    /** The right options of an option question (empty for numerical and text). */
    correctOptions: z.array(z.string()),
  }),
  explanation: z.string().nullable(),
  /** The explanation in the exam's other languages, by language tag (docs/languages.md). */
  translatedExplanations: z.record(z.string(), z.string()).optional(),
});
export type CheckFeedback = z.infer<typeof checkFeedback>;

/**
 * The practice fields of a session's question (`evaluation` in quiz.ts). Absent from timed sessions'
 * views; `feedback` is null until the question is checked, so an unchecked key never leaves the server.
 */
export const practiceEvaluationFields = {
  /** Checked: the answer can no longer change (saves to it are 409). */
  locked: z.boolean().optional(),
  confidence: confidence.nullable().optional(),
  /** How many hint levels were given so far (the next one asked for must be this + 1 at most). */
  hintsGiven: z.number().int().min(0).max(HINT_MAX_LEVEL).optional(),
  feedback: checkFeedback.nullable().optional(),
  /** Wrong checks so far of a position not yet locked (the learner may try again until it locks). */
  triesUsed: z.number().int().min(0).optional(),
};

/**
 * `POST /v1/evaluations/:id/check`: the answer to check (else the saved one) and, if the learner says,
 * how sure they were (a right guess is then queued for review).
 */
export const checkAnswerBody = z.object({
  userAnswer: answerValue.optional(),
  confidence: confidence.optional(),
  /** Show the solution now: locks the position whatever the answer (decision 0016). */
  reveal: z.boolean().optional(),
});
export type CheckAnswerBody = z.infer<typeof checkAnswerBody>;

export const checkedEvaluation = z.object({
  _id: z.string(),
  userAnswer: z.union([z.string(), z.array(z.string())]).nullable(),
  status: z.enum(['answered', 'not_answered']),
  markedForReview: z.boolean(),
  locked: z.literal(true),
  confidence: confidence.nullable(),
});
export const lockedCheckData = checkFeedback.extend({ evaluation: checkedEvaluation });
export type LockedCheckData = z.infer<typeof lockedCheckData>;

/**
 * A wrong check that does not lock: "not right yet", with neither key, explanation nor mark, and how
 * many tries are left before the position locks on its own (decision 0016).
 */
export const tryAgainData = z.object({
  correct: z.literal(false),
  triesUsed: z.number().int().min(1),
  triesLeft: z.number().int().min(1),
  evaluation: checkedEvaluation.extend({ locked: z.literal(false) }),
});
export type TryAgainData = z.infer<typeof tryAgainData>;

/** `POST /v1/evaluations/:id/check`: locked (with the feedback) or to try again (without it). */
export const checkAnswerData = z.union([lockedCheckData, tryAgainData]);
export type CheckAnswerData = z.infer<typeof checkAnswerData>;
export const isLockedCheck = (data: CheckAnswerData): data is LockedCheckData => data.evaluation.locked;

/** `POST /v1/evaluations/:id/hint`: levels one at a time (1 first; n needs n − 1 given before). */
export const hintBody = z.object({ level: z.number().int().min(1).max(HINT_MAX_LEVEL) });
export type HintBody = z.infer<typeof hintBody>;

export const hintData = z.object({
  level: z.number().int().min(1).max(HINT_MAX_LEVEL),
  label: z.enum(Object.values(HINT_LABELS) as [string, ...string[]]),
  text: z.string(),
  /** Where the text came from (HINT_SOURCES): shown beside it, so a hint never claims another origin. */
  source: z.enum(HINT_SOURCES),
  /** The prompt version that asked for it (`hint-v1`), or the built-in ladder's (`ladder@2`). */
  promptVersion: z.string(),
  /** Set when an AI tutor is configured but did not write this one (it failed or gave the key away). */
  notice: z.string().nullable(),
  /**
   * The hint in the exam's other languages, by language tag (docs/languages.md): an authored hint's
   * translation, or the same step of the translated solution. Absent where only the original exists.
   */
  translations: z.record(z.string(), z.string()).optional(),
});
export type HintData = z.infer<typeof hintData>;
