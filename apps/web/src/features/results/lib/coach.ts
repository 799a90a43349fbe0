import {
  DEFAULT_SUBJECT_LABEL,
  schemeById,
  type Assessment,
  type ResultEvaluation,
} from '@ai-tutor/contract';
import { rowStatus } from './analysis';

/**
 * The negative-marking coach (issue 21): what wrong answers cost against what skipped questions left on
 * the table, and per topic whether attempting pays at the learner's accuracy there. The arithmetic is
 * shown with the figures it uses, rounded as shown, so a learner can check it on paper.
 */
export interface CoachTopic {
  key: string;
  label: string;
  attempted: number;
  correct: number;
  /** Marks for a right answer and the penalty for a wrong one (averaged over the topic's questions). */
  plus: number;
  minus: number;
  /** Correct ÷ attempted, to two decimals; null when nothing was attempted. */
  accuracy: number | null;
  /** Expected marks per attempt at that accuracy; null when nothing was attempted. */
  expected: number | null;
  advice: 'attempt' | 'skip-unless-sure' | 'no-penalty' | 'no-data';
  /** "0.62 × 4 − 0.38 × 1 = +2.10 per attempt". */
  formula: string | null;
}

export interface Coach {
  /** Marks taken away by wrong answers, as a positive number. */
  lostToWrong: number;
  wrongCount: number;
  /** Marks the skipped questions were worth. */
  leftUnattempted: number;
  unattemptedCount: number;
  topics: CoachTopic[];
  /** What a blind guess among the options of a single-correct question is worth, under this scheme. */
  blindGuess: { options: number; plus: number; minus: number; formula: string; value: number } | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
/** One decimal at most: 4, 2.5 — marks read as marks. */
const marks = (n: number) => String(Math.round(n * 10) / 10);
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${Math.abs(n).toFixed(2)}`;

/** `p × plus − (1 − p) × minus = ±E`, computed from the rounded figures it shows. */
export function expectedValue(p: number, plus: number, minus: number): { value: number; formula: string } {
  const right = round2(p);
  const wrong = round2(1 - right);
  const value = round2(right * plus - wrong * minus);
  return {
    value,
    formula: `${right.toFixed(2)} × ${marks(plus)} − ${wrong.toFixed(2)} × ${marks(minus)} = ${signed(value)}`,
  };
}

function adviceFor(attempted: number, minus: number, value: number | null): CoachTopic['advice'] {
  if (attempted === 0 || value === null) return 'no-data';
  if (minus === 0) return 'no-penalty';
  return value > 0 ? 'attempt' : 'skip-unless-sure';
}

export function coachFor(
  assessment: Pick<Assessment, 'markingScheme'>,
  evaluations: ResultEvaluation[],
): Coach {
  const scheme = schemeById(assessment.markingScheme.id);
  const schemeMarks = (e: ResultEvaluation) => scheme.marks[e.baseQuestion.questionType];
  let lostToWrong = 0;
  let wrongCount = 0;
  let leftUnattempted = 0;
  let unattemptedCount = 0;
  const groups = new Map<string, { label: string; items: ResultEvaluation[] }>();

  for (const e of evaluations) {
    const status = rowStatus(e);
    if (status === 'Not Attempted') {
      unattemptedCount += 1;
      leftUnattempted += e.maxScore;
    } else if (status === 'Incorrect') {
      wrongCount += 1;
      lostToWrong -= Math.min(0, e.score ?? 0);
    }
    const key = e.topic?.id ?? e.baseQuestion.subject?.id ?? '__general__';
    const label = e.topic?.name ?? e.baseQuestion.subject?.name ?? DEFAULT_SUBJECT_LABEL;
    const group = groups.get(key) ?? { label, items: [] };
    group.items.push(e);
    groups.set(key, group);
  }

  const topics = [...groups.entries()].map(([key, { label, items }]): CoachTopic => {
    const attemptedItems = items.filter((e) => rowStatus(e) !== 'Not Attempted');
    const correct = attemptedItems.filter((e) => rowStatus(e) === 'Correct').length;
    const plus = items.reduce((sum, e) => sum + schemeMarks(e).correct, 0) / items.length;
    const minus = items.reduce((sum, e) => sum - schemeMarks(e).wrong, 0) / items.length;
    const accuracy = attemptedItems.length ? round2(correct / attemptedItems.length) : null;
    const ev = accuracy === null ? null : expectedValue(accuracy, plus, minus);
    return {
      key,
      label,
      attempted: attemptedItems.length,
      correct,
      plus,
      minus,
      accuracy,
      expected: ev?.value ?? null,
      advice: adviceFor(attemptedItems.length, minus, ev?.value ?? null),
      formula: ev ? `${ev.formula} per attempt` : null,
    };
  });

  const single = evaluations.find((e) => e.baseQuestion.questionType === 'single');
  const options = single?.baseQuestion.options.length ?? 0;
  let blindGuess: Coach['blindGuess'] = null;
  if (single && options >= 2) {
    const { correct: plus, wrong } = scheme.marks.single;
    const { value, formula } = expectedValue(1 / options, plus, -wrong);
    blindGuess = { options, plus, minus: -wrong, value, formula };
  }

  return {
    lostToWrong: round2(lostToWrong),
    wrongCount,
    leftUnattempted: round2(leftUnattempted),
    unattemptedCount,
    topics,
    blindGuess,
  };
}

/** "+4/−1": the scheme's marks for one question as exam papers print them. */
export const schemeShort = (plus: number, minus: number) => `+${marks(plus)}/−${marks(minus)}`;
