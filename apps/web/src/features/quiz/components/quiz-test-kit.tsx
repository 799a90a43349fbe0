/** Test helpers for the quiz screen: fixtures and the fake server's answers. */
import type { Assessment, Evaluation } from '@ai-tutor/contract';
import { renderPage, testUser } from '../../../test/render';
import { answerCalls, type Call } from '../../../test/server';
import { QuizScreen, type QuizScreenProps } from './QuizScreen';

export type { Call };
type Answer = { status: number; body: unknown };

export const T0 = Date.parse('2026-03-01T10:00:00.000Z');
export const QUIZ_ROUTE = '/quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId?';
export const QUIZ_PATH = '/quiz/exam/jee-main/subject/physics-module/mechanics';

export const evalId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function makeAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    _id: 'a1',
    slug: 'mechanics-quiz-1',
    sessionName: 'Mechanics Quiz · 1 Mar 2026, 10:00',
    quizType: 'subject',
    score: null,
    totalMarks: 16,
    totalTime: 30,
    startTime: new Date(T0).toISOString(),
    endTime: null,
    deadline: new Date(T0 + 30 * 60_000).toISOString(),
    mode: 'timed',
    timed: true,
    serverTime: new Date(T0).toISOString(),
    createdAt: new Date(T0).toISOString(),
    sessionCompleted: false,
    answeredQuestion: 0,
    totalQuestions: 4,
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

export function makeEvaluation(n: number, overrides: Partial<Evaluation> = {}): Evaluation {
  return {
    _id: evalId(n),
    baseQuestion: {
      questionText: `Question text ${n}`,
      options: [`Option ${n}A`, `Option ${n}B`, `Option ${n}C`, `Option ${n}D`],
      subject: { id: 's1', name: 'Mechanics' },
      questionType: 'single',
      passage: null,
    },
    userAnswer: null,
    status: 'not_answered',
    markedForReview: false,
    ...overrides,
  };
}

/** Three Mechanics questions with options and one free-text question with no subject ('General'). */
export const defaultEvaluations = () => [
  makeEvaluation(1),
  makeEvaluation(2),
  makeEvaluation(3),
  makeEvaluation(4, {
    baseQuestion: {
      questionText: 'Type the value of $g$ in SI units',
      options: [],
      subject: null,
      questionType: 'text',
      passage: null,
    },
  }),
];

type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'network-error';
type Handler = (call: Call) => Reply | undefined;

export const ok = (data: unknown, status = 200): Reply => ({ status, body: { message: 'ok', data } });
export const fail = (status: number, message = 'error'): Reply => ({ status, body: { message, data: null } });

/**
 * Stands in for the server. `handle` answers calls it knows (return undefined for the defaults):
 * create → 201 session, get session → 200, save → 200 with serverTime, submit → 200.
 */
export function mockServer(
  options: {
    assessment?: Assessment;
    evaluations?: Evaluation[];
    handle?: Handler;
    serverNow?: () => number;
  } = {},
) {
  const assessment = options.assessment ?? makeAssessment();
  const evaluations = options.evaluations ?? defaultEvaluations();
  const serverNow = options.serverNow ?? (() => T0);
  const calls = answerCalls((call) => {
    const reply = options.handle?.(call);
    if (reply !== undefined)
      return reply === 'network-error'
        ? reply
        : { status: reply.status, body: reply.body, ...(reply.headers ? { headers: reply.headers } : {}) };
    const session = {
      assessment: { ...assessment, serverTime: new Date(serverNow()).toISOString() },
      evaluation: evaluations,
    };
    if (call.method === 'POST' && call.path === '/api/v1/assessment') return ok(session, 201) as Answer;
    if (call.method === 'GET' && call.path.startsWith('/api/v1/assessment/session/'))
      return ok(session) as Answer;
    if (call.method === 'POST' && call.path === '/api/v1/evaluations') {
      const body = call.body as { evaluationId: string };
      const evaluation = evaluations.find((e) => e._id === body.evaluationId);
      return ok({ evaluation, serverTime: new Date(serverNow()).toISOString() }) as Answer;
    }
    if (call.method === 'POST' && call.path.endsWith('/submit')) return ok(null) as Answer;
    return undefined;
  });
  const of = (method: string, path: string | RegExp) =>
    calls.filter(
      (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
    );
  return { calls, of, saves: () => of('POST', '/api/v1/evaluations') };
}

export function renderQuiz(props: QuizScreenProps = {}, path = QUIZ_PATH) {
  return renderPage(<QuizScreen {...props} />, { route: QUIZ_ROUTE, path, user: testUser() });
}
