/** What every phase gets: the options, the server process, the HTTP client and the seeded learners. */
import type { Res } from './http.js';
import type { BenchOptions } from './options.js';
import type { ServerProcess } from './server-process.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

export interface ModuleRef {
  examSlug: string;
  moduleSlug: string;
  moduleId: string;
}

export interface Bench {
  opts: BenchOptions;
  server: ServerProcess;
  base: string;
  request: (method: string, path: string, token: string, body?: unknown, timeoutMs?: number) => Promise<Res>;
  /** The seeded learners' access tokens and two mock tests: a 180-minute one and the exam day's. */
  seeded: { long: ModuleRef; examDay: ModuleRef; tokens: string[]; userIds: string[] };
}

/** A started mock test as the load side sees it. */
export interface Session {
  token: string;
  slug: string;
  deadlineMs: number;
  evaluations: { id: string; options: string[] }[];
}

export const json = { 'content-type': 'application/json' };

export const pick = <T>(a: T[]): T => a[Math.floor(Math.random() * a.length)]!;

export function startSession(bench: Bench, token: string, ref: { examSlug: string; moduleSlug: string }) {
  return bench.request('POST', '/api/v1/assessment', token, {
    examSlug: ref.examSlug,
    quizType: 'module',
    moduleSlug: ref.moduleSlug,
    type: 'quiz',
  });
}

export const toSession = (token: string, body: Any): Session => ({
  token,
  slug: body.data.assessment.slug,
  deadlineMs: Date.parse(body.data.assessment.deadline ?? body.data.assessment.endTime),
  evaluations: body.data.evaluation.map((e: Any) => ({ id: e._id, options: e.baseQuestion.options })),
});
