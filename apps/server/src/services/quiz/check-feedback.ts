import {
  fullMarks,
  keyText,
  OUTCOME_LABELS,
  schemeById,
  type AnswerValue,
  type CheckFeedback,
  type Confidence,
  type Evaluation,
  type Outcome,
  type QuestionKey,
  type QuestionType,
} from '@ai-tutor/contract';

/**
 * What a checked question tells the learner (docs/product.md#practice-and-review-sessions), from the mark its check stored: built the
 * same way right after the check and on every later read of the session, so a reload keeps it.
 */

function outcomeOf(answer: AnswerValue, score: number | null, max: number): Outcome {
  if (score === null) return answer === null ? 'unattempted' : 'incorrect';
  if (score >= max) return 'correct';
  return score > 0 ? 'partial' : 'incorrect';
}

export const correctOptionsOf = (key: QuestionKey): string[] =>
  key.type === 'single' ? [key.answer] : key.type === 'multiple' ? key.answers : [];

export function feedbackOf(input: {
  schemeId: string;
  type: QuestionType;
  key: QuestionKey;
  answer: AnswerValue;
  score: number | null;
  explanation: string | null;
  /** The mark of the answer the position locked with, when a later try than the first (that counts). */
  lockedMark?: number | null;
}): CheckFeedback {
  const maxScore = fullMarks(schemeById(input.schemeId), input.type);
  const shown = input.lockedMark === undefined ? input.score : input.lockedMark;
  return {
    correct: shown !== null && shown >= maxScore,
    outcome: OUTCOME_LABELS[outcomeOf(input.answer, shown, maxScore)],
    score: input.score,
    maxScore,
    key: { baseAnswer: keyText(input.key), correctOptions: correctOptionsOf(input.key) },
    explanation: input.explanation?.trim() || null,
  };
}

/** The practice fields of a practice or review session's question (absent from timed sessions). */
export type PracticeFields = Pick<
  Evaluation,
  'locked' | 'confidence' | 'hintsGiven' | 'feedback' | 'triesUsed'
>;

export const uncheckedFields = (): PracticeFields => ({
  locked: false,
  confidence: null,
  hintsGiven: 0,
  feedback: null,
});

/** A raw by-position row: the key and explanation are only there once the position is checked. */
export interface PracticeColumns {
  mode: string;
  marking_scheme: string;
  checked: boolean | null;
  confidence: Confidence | null;
  hints_given: number | null;
  checked_key_json: string | null;
  checked_explanation: string | null;
  check_score_json: string | null;
  check_try_json: string | null;
}

export function practiceFieldsOf(
  raw: PracticeColumns,
  type: QuestionType,
  answer: AnswerValue,
): PracticeFields | undefined {
  if (raw.mode === 'timed') return undefined;
  const tries = raw.check_try_json === null ? null : (JSON.parse(raw.check_try_json) as CheckTry);
  const base = {
    ...uncheckedFields(),
    hintsGiven: Number(raw.hints_given ?? 0),
    triesUsed: tries?.tries ?? 0,
  };
  if (!raw.checked || raw.checked_key_json === null) return base;
  return {
    ...base,
    triesUsed: undefined,
    locked: true,
    confidence: raw.confidence,
    feedback: feedbackOf({
      schemeId: raw.marking_scheme,
      type,
      key: JSON.parse(raw.checked_key_json) as QuestionKey,
      answer,
      score: raw.check_score_json === null ? null : (JSON.parse(raw.check_score_json) as number | null),
      explanation: raw.checked_explanation,
      lockedMark: tries && tries.tries > 1 ? tries.mark : undefined,
    }),
  };
}

/** Checks of one position so far, and the mark it locked with (`assessments.check_tries`). */
export interface CheckTry {
  tries: number;
  mark: number | null;
}
