/** Test helpers for the quiz screen: fixtures and a fetch stand-in that plays the server. */
import type { Assessment, Evaluation } from '@ai-tutor/contract';
import { vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { QuizScreen, type QuizScreenProps } from './QuizScreen';

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
    serverTime: new Date(T0).toISOString(),
    createdAt: new Date(T0).toISOString(),
    sessionCompleted: false,
    answeredQuestion: 0,
    totalQuestions: 4,
    exam: { name: 'JEE Main', slug: 'jee-main' },
    examModule: { id: 'm1', name: 'Physics', slug: 'physics-module' },
    subject: { id: 's1', name: 'Mechanics', slug: 'mechanics' },
    topic: null,
    markingScheme: { id: 'spec@1', name: 'spec', label: '+4 for a correct answer, −1 for a wrong one, 0 if not answered' },
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

/**
 * Node's Request (which jsdom leaves in place) refuses relative URLs such as '/api/v1/…'; a browser
 * resolves them against the page. Stub it the browser's way for the test.
 */
export function allowRelativeRequests() {
  const NodeRequest = globalThis.Request;
  class BrowserRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.origin).href : input, init);
    }
  }
  vi.stubGlobal('Request', BrowserRequest);
}

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

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
  const calls: Call[] = [];
  const serverNow = options.serverNow ?? (() => T0);
  allowRelativeRequests();
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname + url.search,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    let reply = options.handle?.(call);
    if (reply === undefined) {
      const session = {
        assessment: { ...assessment, serverTime: new Date(serverNow()).toISOString() },
        evaluation: evaluations,
      };
      if (call.method === 'POST' && call.path === '/api/v1/assessment') reply = ok(session, 201);
      else if (call.method === 'GET' && call.path.startsWith('/api/v1/assessment/session/'))
        reply = ok(session);
      else if (call.method === 'POST' && call.path === '/api/v1/evaluations') {
        const body = call.body as { evaluationId: string };
        const evaluation = evaluations.find((e) => e._id === body.evaluationId);
        reply = ok({ evaluation, serverTime: new Date(serverNow()).toISOString() });
      } else if (call.method === 'POST' && call.path.endsWith('/submit')) reply = ok(null);
      else reply = fail(404, 'Route not found');
    }
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  const of = (method: string, path: string | RegExp) =>
    calls.filter(
      (c) => c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
    );
  return { calls, spy, of, saves: () => of('POST', '/api/v1/evaluations') };
}

export function renderQuiz(props: QuizScreenProps = {}, path = QUIZ_PATH) {
  return renderPage(<QuizScreen {...props} />, { route: QUIZ_ROUTE, path, user: testUser() });
}
