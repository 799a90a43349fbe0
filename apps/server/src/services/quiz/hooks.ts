import type {
  AnswerValue,
  KeyCorrectionResult,
  ResultData,
  ResultEvaluation,
  SessionMode,
} from '@ai-tutor/contract';
import type { Db, DbOrTx } from '../../db/client.js';
import type { FreeTextGrader } from './free-text-grading.js';
import type { AssessmentRow } from './views.js';

/**
 * The quiz core's plug-in points (docs/architecture.md#the-quiz-core-and-its-plug-ins, decision 0030).
 * The core knows sessions, answer sheets, scoring and the records; what other areas do when a session
 * completes, a key is corrected or a result is read, they register here when their app plugins load
 * (live tests, the review queue, reports). One object per app instance, never module state (decision
 * 0009): the CLI and tests build theirs the same way.
 *
 * Completion and key corrections publish in their own transaction and await every handler in turn, so
 * what a handler writes commits or rolls back with the session's score: these are synchronous,
 * in-transaction hooks, not fire-and-forget events.
 */

type Handler<Args extends unknown[], R> = (...args: Args) => Promise<R>;

/** Handlers in the order they were registered. */
export class Hook<Args extends unknown[], R = void> {
  readonly #handlers: Handler<Args, R>[] = [];

  on(handler: Handler<Args, R>): void {
    this.#handlers.push(handler);
  }

  get size(): number {
    return this.#handlers.length;
  }

  /** One after another: handlers that share the publisher's transaction. */
  async run(...args: Args): Promise<R[]> {
    const results: R[] = [];
    for (const handler of this.#handlers) results.push(await handler(...args));
    return results;
  }

  /** At once: reads on the pool, not in a transaction. */
  all(...args: Args): Promise<R[]> {
    return Promise.all(this.#handlers.map((handler) => handler(...args)));
  }
}

/** One question of a completed session, as completion marked it. */
export interface CompletedQuestion {
  /** 0-based. */
  position: number;
  questionId: string;
  subjectId: string;
  topicId: string | null;
  answer: AnswerValue;
  score: number | null;
  maxScore: number;
  timeSpent: number;
  /** Opened by the learner; a blank never opened is no mistake. */
  visited: boolean;
  markedForReview: boolean;
  /** Locked by a practice or review check, which has dealt with it already. */
  checked: boolean;
}

/** A session completion has just scored. */
export interface CompletedSession {
  id: string;
  userId: string;
  examId: string;
  mode: SessionMode;
  /** A live test's: its score stays hidden until the test is ranked. */
  scheduledTestId: string | null;
  questions: CompletedQuestion[];
}

/** 'Sessions completed': published once per completing transaction, after the scores and records. */
export interface SessionsCompleted {
  sessions: CompletedSession[];
  at: Date;
  /** A sweep's batch (many sessions in one transaction): what can wait should (decision 0011). */
  batch: boolean;
}

/** 'Key corrected': published in the correction's transaction once every session is rescored. */
export interface KeyCorrected {
  questionId: string;
  correctionId: string;
  kind: 'key' | 'drop';
  reason: string;
  /** The completed sessions whose score changed. */
  rescoredSessionIds: string[];
}

/** What a handler of a key correction changed, for its summary and audit row. */
export type CorrectionEffects = Partial<Pick<KeyCorrectionResult, 'reportsResolved' | 'liveTests'>>;

/** A completed session's result being read: its row and, once read, its evaluations. */
export interface ResultRead {
  userId: string;
  row: AssessmentRow;
  evaluations: Promise<ResultEvaluation[]>;
}

/** The parts of a result other areas add. */
export type ResultSections = Partial<Pick<ResultData, 'coach' | 'practicePercentile'>>;

export interface QuizHooks {
  /** Scoring's plug-in: free-text verdicts of the AI grader, null without a provider (decision 0009). */
  readonly grader: FreeTextGrader | null;
  readonly sessionsCompleted: Hook<[DbOrTx, SessionsCompleted]>;
  readonly keyCorrected: Hook<[DbOrTx, KeyCorrected], CorrectionEffects>;
  /** Before a result is read: a handler may refuse it by throwing (an AppError). */
  readonly resultGate: Hook<[AssessmentRow]>;
  readonly resultSections: Hook<[Db, ResultRead], ResultSections>;
}

export function createQuizHooks(grader: FreeTextGrader | null = null): QuizHooks {
  return {
    grader,
    sessionsCompleted: new Hook(),
    keyCorrected: new Hook(),
    resultGate: new Hook(),
    resultSections: new Hook(),
  };
}

/** The key correction's handlers' effects as one: reports resolved added up, live tests listed. */
export function mergeEffects(effects: CorrectionEffects[]): Required<CorrectionEffects> {
  return {
    reportsResolved: effects.reduce((total, e) => total + (e.reportsResolved ?? 0), 0),
    liveTests: effects.flatMap((e) => e.liveTests ?? []),
  };
}

/** A session's sheet and marks as the event carries them (completion, and the history queue later). */
export function completedSession(
  session: Omit<CompletedSession, 'questions'> & {
    answers: AnswerValue[];
    timeSpent: number[] | null;
    visited: boolean[] | null;
    marked: boolean[] | null;
    checkScores: Record<string, number | null> | null;
  },
  questions: { pos: number; question_id: string; subject_id: string; topic_id: string | null }[],
  marks: { score: number | null; max: number }[],
): CompletedSession {
  const { answers, timeSpent, visited, marked, checkScores } = session;
  return {
    id: session.id,
    userId: session.userId,
    examId: session.examId,
    mode: session.mode,
    scheduledTestId: session.scheduledTestId,
    questions: questions.map((q, i) => {
      const position = Number(q.pos) - 1;
      return {
        position,
        questionId: q.question_id,
        subjectId: q.subject_id,
        topicId: q.topic_id,
        answer: answers[position] ?? null,
        score: marks[i]?.score ?? null,
        maxScore: marks[i]?.max ?? 0,
        timeSpent: timeSpent?.[position] ?? 0,
        visited: visited?.[position] ?? true,
        markedForReview: Boolean(marked?.[position]),
        checked: checkScores?.[String(position)] !== undefined,
      };
    }),
  };
}
