import { numericValue, normalizeAnswer } from './scoring.js';
import { isAnswered, type AnswerValue, type QuestionKey, type QuestionType } from './questions.js';

/**
 * Marking schemes, named and versioned (docs/product.md#marking-schemes). A session keeps the `name@version` it was
 * started under, so a later change to a scheme never rescores old sessions by accident: a new version
 * is a new entry here, the old one stays.
 */
export const MARKING_SCHEME_NAMES = ['spec', 'jee-main', 'jee-advanced', 'neet'] as const;
export type MarkingSchemeName = (typeof MARKING_SCHEME_NAMES)[number];
export const DEFAULT_MARKING_SCHEME: MarkingSchemeName = 'spec';

interface Marks {
  correct: number;
  wrong: number;
}
export interface MarkingScheme {
  /** `jee-advanced@1`: what a session stores. */
  id: string;
  name: MarkingSchemeName;
  version: number;
  /** How the instructions screen names it. */
  label: string;
  marks: Record<Exclude<QuestionType, 'multiple'>, Marks> & {
    multiple: Marks & { partial: boolean };
  };
}

const flat = (correct: number, wrong: number): Marks => ({ correct, wrong });

const SCHEMES: readonly MarkingScheme[] = [
  {
    id: 'spec@1',
    name: 'spec',
    version: 1,
    label: '+4 for a correct answer, −1 for a wrong one, 0 if not answered',
    marks: {
      single: flat(4, -1),
      multiple: { ...flat(4, -1), partial: false },
      numerical: flat(4, -1),
      text: flat(4, -1),
    },
  },
  {
    id: 'jee-main@1',
    name: 'jee-main',
    version: 1,
    label: 'JEE Main: +4 correct, −1 wrong, 0 not answered',
    marks: {
      single: flat(4, -1),
      multiple: { ...flat(4, -1), partial: false },
      numerical: flat(4, -1),
      text: flat(4, -1),
    },
  },
  {
    id: 'jee-advanced@1',
    name: 'jee-advanced',
    version: 1,
    label:
      'JEE Advanced: single +3/−1; multiple +4 all right, partial +1 to +3, −2 wrong; numerical +3, no negative',
    marks: {
      single: flat(3, -1),
      multiple: { correct: 4, wrong: -2, partial: true },
      numerical: flat(3, 0),
      text: flat(3, 0),
    },
  },
  {
    id: 'neet@1',
    name: 'neet',
    version: 1,
    label: 'NEET: +4 correct, −1 wrong, 0 not answered',
    marks: {
      single: flat(4, -1),
      multiple: { ...flat(4, -1), partial: false },
      numerical: flat(4, -1),
      text: flat(4, -1),
    },
  },
];

/** The current version of a named scheme (what new sessions get). */
export function currentScheme(name: MarkingSchemeName): MarkingScheme {
  const versions = SCHEMES.filter((s) => s.name === name);
  return versions.reduce((a, b) => (b.version > a.version ? b : a));
}

/** A stored `name@version`; an unknown one (never written by this code) falls back to spec@1. */
export function schemeById(id: string): MarkingScheme {
  return SCHEMES.find((s) => s.id === id) ?? (SCHEMES[0] as MarkingScheme);
}

export type Outcome = 'correct' | 'partial' | 'incorrect' | 'unattempted';
export interface Mark {
  score: number | null;
  outcome: Outcome;
}

/** The most a question can earn under a scheme: its share of totalMarks. */
export function fullMarks(scheme: MarkingScheme, type: QuestionType): number {
  return scheme.marks[type].correct;
}

function textMatches(answer: string, accepted: string, wildcard: boolean): boolean {
  const given = normalizeAnswer(answer);
  const expected = normalizeAnswer(accepted);
  if (!wildcard || !accepted.includes('*')) return given === expected;
  const pattern = expected
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${pattern}$`, 's').test(given);
}

/** Whether an answer is exactly right (multiple: exactly the right options, in any order). */
export function isCorrect(key: QuestionKey, answer: AnswerValue): boolean {
  if (!isAnswered(answer)) return false;
  switch (key.type) {
    case 'single':
      return typeof answer === 'string' && answer === key.answer;
    case 'multiple': {
      if (!Array.isArray(answer)) return false;
      const chosen = new Set(answer);
      return chosen.size === key.answers.length && key.answers.every((a) => chosen.has(a));
    }
    case 'numerical': {
      if (typeof answer !== 'string') return false;
      const value = numericValue(answer);
      // A hair of slack for binary fractions: 0.1 + 0.2 typed as 0.3 is inside [0.3, 0.3].
      const eps = 1e-9 * Math.max(1, Math.abs(key.min), Math.abs(key.max));
      return value !== null && value >= key.min - eps && value <= key.max + eps;
    }
    case 'text':
      return typeof answer === 'string' && key.answers.some((a) => textMatches(answer, a, key.wildcard));
  }
}

/**
 * JEE Advanced's partial marks for multiple-correct (docs/product.md#marking-schemes): +4 exactly all right; +3 all
 * four right and three chosen; +2 three or more right and two right chosen; +1 two or more right and
 * one right chosen; otherwise (any wrong option chosen) the wrong mark.
 */
function partialMultiple(key: string[], chosen: string[], marks: Marks): Mark {
  const right = new Set(key);
  const picked = new Set(chosen);
  if ([...picked].some((a) => !right.has(a))) return { score: marks.wrong, outcome: 'incorrect' };
  const n = picked.size;
  if (n === right.size) return { score: marks.correct, outcome: 'correct' };
  if (right.size === 4 && n === 3) return { score: 3, outcome: 'partial' };
  if (right.size >= 3 && n === 2) return { score: 2, outcome: 'partial' };
  if (right.size >= 2 && n === 1) return { score: 1, outcome: 'partial' };
  return { score: marks.wrong, outcome: 'incorrect' };
}

/** The mark of one answer under a scheme. */
export function markAnswer(scheme: MarkingScheme, key: QuestionKey, answer: AnswerValue): Mark {
  if (!isAnswered(answer)) return { score: null, outcome: 'unattempted' };
  if (key.type === 'multiple' && scheme.marks.multiple.partial && Array.isArray(answer))
    return partialMultiple(key.answers, answer, scheme.marks.multiple);
  const marks = scheme.marks[key.type];
  return isCorrect(key, answer)
    ? { score: marks.correct, outcome: 'correct' }
    : { score: marks.wrong, outcome: 'incorrect' };
}

/** A dropped question (a key correction): full marks to everyone who was given it. */
export function droppedMark(scheme: MarkingScheme, type: QuestionType): Mark {
  return { score: fullMarks(scheme, type), outcome: 'correct' };
}

/** What a result row says (docs/product.md#marking-schemes: Correct, Incorrect, Not Attempted, and Partially Correct for partial marks). */
export type OutcomeLabel = 'Correct' | 'Partially Correct' | 'Incorrect' | 'Not Attempted';
export const OUTCOME_LABELS: Record<Outcome, OutcomeLabel> = {
  correct: 'Correct',
  partial: 'Partially Correct',
  incorrect: 'Incorrect',
  unattempted: 'Not Attempted',
};
