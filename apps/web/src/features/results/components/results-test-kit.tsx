/** Test helpers for the result and attempts screens. */
import type { Assessment, ResultEvaluation } from '@ai-tutor/contract';
import { vi } from 'vitest';
import { answerCalls, type Call } from '../../../test/server';

export type { Call };

export const T0 = Date.parse('2026-03-01T10:00:00.000Z');

/** jsdom has no ResizeObserver; the charts measure their box with one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}

export function makeAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    _id: 'a1',
    slug: 'mechanics-quiz-1',
    sessionName: 'Mechanics Quiz · 1 Mar 2026, 10:00',
    quizType: 'subject',
    score: 7,
    totalMarks: 24,
    totalTime: 30,
    startTime: new Date(T0).toISOString(),
    endTime: new Date(T0 + 3_723_000).toISOString(), // 1h 2m 3s
    deadline: new Date(T0 + 30 * 60_000).toISOString(),
    mode: 'timed',
    timed: true,
    serverTime: new Date(T0).toISOString(),
    createdAt: new Date(T0).toISOString(),
    sessionCompleted: true,
    answeredQuestion: 4,
    totalQuestions: 6,
    exam: { name: 'JEE Main', slug: 'jee-main' },
    examModule: { id: 'm1', name: 'Physics', slug: 'physics-module' },
    subject: { id: 's1', name: 'Mechanics', slug: 'mechanics' },
    topic: null,
    markingScheme: {
      id: 'spec@1',
      name: 'spec',
      label: '+4 for a correct answer, −1 for a wrong one, 0 if not answered',
    },
    ...overrides,
  };
}

const mechanics = { id: 's1', name: 'Mechanics' };
const optics = { id: 's2', name: 'Optics' };

/** A question as a session shows it; option questions are single-correct unless told. */
export const question = (
  questionText: string,
  options: string[],
  subject: { id: string; name: string } | null,
  questionType: ResultEvaluation['baseQuestion']['questionType'] = options.length > 0 ? 'single' : 'text',
  passage: string | null = null,
): ResultEvaluation['baseQuestion'] => ({ questionText, options, subject, questionType, passage });

export function makeResultEvaluation(n: number, overrides: Partial<ResultEvaluation> = {}): ResultEvaluation {
  return {
    _id: `e${n}`,
    baseQuestion: question(`Question text ${n}`, ['A', 'B', 'C', 'D'], mechanics),
    userAnswer: null,
    status: 'not_answered',
    markedForReview: false,
    baseAnswer: 'A',
    correctOptions: ['A'],
    outcome: 'Not Attempted',
    maxScore: 4,
    explanation: `Because of reason ${n}.`,
    score: null,
    timeSpentSeconds: 30,
    topic: { id: 't1', name: 'Kinematics' },
    ...overrides,
  };
}

/**
 * Six questions: Mechanics ×4 (correct, correct, incorrect, not answered), Optics ×1 (incorrect, no
 * explanation) and one with no subject (correct). The assessment's score (7) is deliberately not the
 * sum of these, so the tests see that the summary shows the server's score rather than recomputing it.
 */
export const resultEvaluations = (): ResultEvaluation[] => [
  makeResultEvaluation(1, {
    userAnswer: 'A',
    status: 'answered',
    score: 4,
    outcome: 'Correct',
    timeSpentSeconds: 40,
  }),
  makeResultEvaluation(2, {
    userAnswer: '3.50',
    baseAnswer: '3.5',
    correctOptions: [],
    status: 'answered',
    score: 4,
    outcome: 'Correct',
    timeSpentSeconds: 200,
    baseQuestion: question('Find $x^2$ when $x = \\sqrt{3.5}$', [], mechanics),
  }),
  makeResultEvaluation(3, {
    userAnswer: 'B',
    status: 'answered',
    score: -1,
    outcome: 'Incorrect',
    timeSpentSeconds: 95,
  }),
  makeResultEvaluation(4, { timeSpentSeconds: 5, topic: { id: 't2', name: 'Dynamics' } }),
  makeResultEvaluation(5, {
    userAnswer: 'C',
    status: 'answered',
    score: -1,
    outcome: 'Incorrect',
    explanation: null,
    timeSpentSeconds: 150,
    baseQuestion: question('Question text 5', ['A', 'B', 'C'], optics),
    topic: { id: 't3', name: 'Lenses' },
  }),
  makeResultEvaluation(6, {
    userAnswer: 'A',
    status: 'answered',
    score: 4,
    outcome: 'Correct',
    timeSpentSeconds: 10,
    baseQuestion: question('Question text 6', ['A', 'B'], null),
    topic: null,
  }),
];

type Reply = { status: number; body: unknown };
export const ok = (data: unknown): Reply => ({ status: 200, body: { message: 'ok', data } });
export const fail = (status: number, message = 'error'): Reply => ({ status, body: { message, data: null } });

/** Answers every API call with `handle` (the fake server, test/server.ts); returns the calls made, `path` without the query. */
export function mockFetch(handle: (call: Call) => Reply) {
  const calls: Call[] = [];
  answerCalls((request) => {
    const call = { ...request, path: request.url.pathname };
    calls.push(call);
    return handle(call);
  });
  return calls;
}

/**
 * Runs the test as a browser in `zone` would (Node reads TZ when it changes; vi.stubEnv's copy is not
 * seen by Intl). Returns the undo.
 */
export function inTimeZone(zone: string): () => void {
  /* eslint-disable no-restricted-properties -- the process's time zone is the browser's here, not config */
  const before = process.env.TZ;
  process.env.TZ = zone;
  return () => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  };
  /* eslint-enable no-restricted-properties */
}
