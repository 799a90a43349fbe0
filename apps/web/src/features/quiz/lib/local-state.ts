import {
  isAnswered,
  type AnswerValue,
  type Assessment,
  type Evaluation,
  type PaperSection,
  type SaveEvaluationBody,
} from '@ai-tutor/contract';

/**
 * This browser's copies, owned by the quiz feature alone (the server never reads them; the values stay
 * as they are, learners' browsers hold them): the locally saved state of one assessment, and a pointer
 * per quiz route to its in-progress assessment, so a reload finds it again instead of creating a new one.
 * Pointer value (JSON): `{assessmentId, slug, path}`.
 */
export const quizStateStorageKey = (assessmentId: string) => `quiz-state-${assessmentId}`;
const ACTIVE_QUIZ_STORAGE_PREFIX = 'quiz-active:';
export const activeQuizStorageKey = (userId: string, routeKey: string) =>
  `${ACTIVE_QUIZ_STORAGE_PREFIX}${userId}:${routeKey}`;

/** One save waiting to reach the server: the body of POST /v1/evaluations. */
export type PendingSave = SaveEvaluationBody;

export interface LocalQuestion {
  evaluation: Evaluation;
  /**
   * What the learner typed or picked but has not saved yet (option texts for multiple); null when the
   * saved answer is shown.
   */
  draft: AnswerValue;
  /** Time spent on the question since its last save, not sent yet. */
  unsentMs: number;
}

/**
 * The locally saved quiz state of docs/product.md#saving-answers (questions, currentIndex, lastUpdated, createdAt,
 * sessionCompleted, totalTime), plus what it takes to never lose an answer: the queue of saves not yet
 * confirmed by the server, the assessment itself (so an offline reload can still show the test) and
 * the last known offset between the server's clock and this browser's.
 */
export interface LocalQuizState {
  version: 1;
  assessment: Assessment;
  questions: LocalQuestion[];
  currentIndex: number;
  lastUpdated: string;
  createdAt: string;
  sessionCompleted: boolean;
  totalTime: number;
  pending: PendingSave[];
  clockOffsetMs: number;
  /**
   * The last save's sequence (docs/decisions/0018-exam-day-arrival.md): the next one is above it even
   * after a reload or a clock set back. Absent in copies saved before saves carried one.
   */
  lastSequence?: number;
  /** The paper's sections as the server laid them out; absent in a copy stored before they existed. */
  sections?: PaperSection[];
}

export interface ActiveQuizPointer {
  assessmentId: string;
  slug: string;
  path: string;
}

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    // Storage full or disabled (private mode): the server still has every confirmed save.
    console.error('could not store quiz progress locally', error);
    return false;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function readLocalState(assessmentId: string): LocalQuizState | null {
  const value = readJson(quizStateStorageKey(assessmentId));
  if (
    !isObject(value) ||
    value.version !== 1 ||
    !isObject(value.assessment) ||
    value.assessment._id !== assessmentId ||
    !Array.isArray(value.questions) ||
    !Array.isArray(value.pending)
  ) {
    return null;
  }
  const state = value as unknown as LocalQuizState;
  return { ...state, questions: state.questions.map(withQuestionType) };
}

/**
 * Copies saved before questions had types (docs/product.md#question-types) still run: a question with options was
 * single-correct, one without was free text, and none had a passage.
 */
function withQuestionType(question: LocalQuestion): LocalQuestion {
  const base: Partial<Evaluation['baseQuestion']> & Pick<Evaluation['baseQuestion'], 'options'> =
    question.evaluation.baseQuestion;
  if (base.questionType !== undefined && base.passage !== undefined) return question;
  const baseQuestion = {
    ...question.evaluation.baseQuestion,
    questionType: base.questionType ?? (base.options.length > 0 ? 'single' : 'text'),
    passage: base.passage ?? null,
  };
  return { ...question, evaluation: { ...question.evaluation, baseQuestion } };
}

export const writeLocalState = (state: LocalQuizState) =>
  writeJson(quizStateStorageKey(state.assessment._id), state);

export const removeLocalState = (assessmentId: string) =>
  localStorage.removeItem(quizStateStorageKey(assessmentId));

export function readPointer(userId: string, routeKey: string): ActiveQuizPointer | null {
  const value = readJson(activeQuizStorageKey(userId, routeKey));
  if (!isObject(value) || typeof value.assessmentId !== 'string' || typeof value.slug !== 'string')
    return null;
  return { assessmentId: value.assessmentId, slug: value.slug, path: String(value.path ?? '') };
}

export const writePointer = (userId: string, routeKey: string, pointer: ActiveQuizPointer) =>
  writeJson(activeQuizStorageKey(userId, routeKey), pointer);

export const removePointer = (userId: string, routeKey: string) =>
  localStorage.removeItem(activeQuizStorageKey(userId, routeKey));

function pointerValues(): Array<[string, Record<string, unknown> | null]> {
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key?.startsWith(ACTIVE_QUIZ_STORAGE_PREFIX)) keys.push(key);
  }
  return keys.map((key) => {
    const value = readJson(key);
    return [key, isObject(value) ? value : null];
  });
}

/** docs/product.md#saving-answers: opening a result clears the locally saved in-progress copy, and the route's pointer to it. */
export function clearSavedQuiz(assessment: Pick<Assessment, '_id' | 'slug'>) {
  try {
    removeLocalState(assessment._id);
    for (const [key, value] of pointerValues()) {
      if (value?.slug === assessment.slug) localStorage.removeItem(key);
    }
  } catch (error) {
    console.error('could not clear the local quiz copy', error);
  }
}

/** The quiz route of a session still running in this browser, if its pointer is here. */
export function savedQuizPath(slug: string): string | null {
  try {
    for (const [, value] of pointerValues()) {
      if (value?.slug === slug && typeof value.path === 'string' && value.path) return value.path;
    }
  } catch {
    // unreadable storage: no way back, the screen offers the exams list
  }
  return null;
}

/** A fresh local state for a session the server just created or returned. */
export function initialLocalState(
  assessment: Assessment,
  evaluations: Evaluation[],
  clockOffsetMs: number,
  nowIso: string,
  sections?: PaperSection[],
): LocalQuizState {
  return {
    ...(sections ? { sections } : {}),
    version: 1,
    assessment,
    questions: evaluations.map((evaluation) => ({ evaluation, draft: null, unsentMs: 0 })),
    currentIndex: 0,
    lastUpdated: nowIso,
    createdAt: nowIso,
    sessionCompleted: false,
    totalTime: assessment.totalTime,
    pending: [],
    clockOffsetMs,
  };
}

/** Applies one save to an evaluation as the server will once it arrives. */
export function applySave(evaluation: Evaluation, save: PendingSave): Evaluation {
  const next = { ...evaluation };
  if (save.userAnswer !== undefined) {
    const answer = isAnswered(save.userAnswer) ? save.userAnswer : null;
    next.userAnswer = answer;
    next.status = answer === null ? 'not_answered' : 'answered';
  }
  if (save.markedForReview !== undefined) next.markedForReview = save.markedForReview;
  return next;
}

/**
 * Resuming: the server's session, with this browser's saves that the server has not confirmed yet laid
 * over it (they are sent again), and the learner's place and unsaved drafts kept.
 */
export function mergeResumed(
  server: { assessment: Assessment; evaluation: Evaluation[]; sections?: PaperSection[] | undefined },
  local: LocalQuizState | null,
  clockOffsetMs: number,
  nowIso: string,
): LocalQuizState {
  const fresh = initialLocalState(
    server.assessment,
    server.evaluation,
    clockOffsetMs,
    nowIso,
    server.sections ?? local?.sections,
  );
  if (!local) return fresh;
  const known = new Set(server.evaluation.map((e) => e._id));
  const pending = local.pending.filter((p) => known.has(p.evaluationId));
  const localById = new Map(local.questions.map((q) => [q.evaluation._id, q]));
  const questions = fresh.questions.map((q) => {
    const before = localById.get(q.evaluation._id);
    const evaluation = pending
      .filter((p) => p.evaluationId === q.evaluation._id)
      .reduce(applySave, q.evaluation);
    // A checked (locked) answer is the server's: a draft typed over it before the check is gone.
    const draft = evaluation.locked ? null : (before?.draft ?? null);
    return { evaluation, draft, unsentMs: before?.unsentMs ?? 0 };
  });
  const sequences = pending.map((p) => p.sequence ?? 0);
  return {
    ...fresh,
    questions,
    pending,
    lastSequence: Math.max(local.lastSequence ?? 0, ...sequences),
    currentIndex: Math.min(Math.max(0, local.currentIndex), Math.max(0, questions.length - 1)),
    createdAt: local.createdAt,
  };
}
