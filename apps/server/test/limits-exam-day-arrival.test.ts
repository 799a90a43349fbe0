import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createForegroundFirst } from '../src/services/limits/foreground-first.js';
import { createWorkQueue, QueueBusyError } from '../src/services/limits/work-queue.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, optionQuestions, subjectQuiz, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

/**
 * A class arriving at once is not turned away (docs/decisions/0018-exam-day-arrival.md): the listen
 * backlog holds it, the start queue's Retry-After is one to keep, and background work waits for it.
 */
function gate() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => done.then(() => 'done'), finish };
}
const refusal = (queue: ReturnType<typeof createWorkQueue>) =>
  queue
    .run(async () => 'never')
    .then(
      () => null,
      (error: unknown) => error as QueueBusyError,
    );

describe('the listen backlog', () => {
  it('is sized for a class by default, and set by LISTEN_BACKLOG', () => {
    const base = { NODE_ENV: 'test', DATABASE_URL: 'memory://', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(base).listenBacklog).toBe(4096);
    expect(loadConfig({ ...base, LISTEN_BACKLOG: '16384' }).listenBacklog).toBe(16_384);
    expect(() => loadConfig({ ...base, LISTEN_BACKLOG: '0' })).toThrow(/LISTEN_BACKLOG/);
  });

  it("answers 503 to a start before the browser's 30 s timeout would drop it", () => {
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: 'memory://', JWT_SECRET: 'x'.repeat(32) });
    expect(config.starts.maxWaitMs).toBeLessThan(30_000);
  });
});

describe("the queue's promise", () => {
  it('refuses at once a task that would wait past its limit, instead of after the wait', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 100, maxWaitMs: 150 });
    await queue.run(async () => 'measured'); // the queue now has a pace (at least 100 ms a task)
    const first = gate();
    const running = queue.run(first.task);
    const waiting = queue.run(async () => 'second'); // waits 100 ms: within the limit
    const startedAt = performance.now();
    const refused = await refusal(queue); // would wait 200 ms
    expect(refused).toBeInstanceOf(QueueBusyError);
    expect(refused!.reason).toBe('full');
    expect(performance.now() - startedAt).toBeLessThan(50);
    first.finish();
    expect(await Promise.all([running, waiting])).toEqual(['done', 'second']);
  });

  it('spreads those it turns away over later seconds, at the pace it serves them', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 0, maxWaitMs: 1000 });
    await queue.run(async () => 'measured');
    const first = gate();
    const running = queue.run(first.task);
    const told: number[] = [];
    for (let i = 0; i < 40; i++) told.push((await refusal(queue))!.retryAfterSeconds);
    // 100 ms a task: forty learners told to come back are spread over about four seconds.
    expect(told[0]).toBe(1);
    expect(told.every((s, i) => i === 0 || s >= told[i - 1]!)).toBe(true);
    expect(told.at(-1)).toBeGreaterThanOrEqual(4);
    first.finish();
    await running;
  });
});

describe('foreground first', () => {
  it('defers a background tick while starts or saves are busy, for at most its limit', () => {
    let clock = 0;
    let busy = false;
    const policy = createForegroundFirst(() => clock);
    policy.watch(() => busy);
    const mayRun = policy.gate(30_000);
    expect(mayRun()).toBe(true);
    busy = true;
    expect(mayRun()).toBe(false);
    clock += 29_000;
    expect(mayRun()).toBe(false);
    clock += 1_000;
    expect(mayRun()).toBe(true); // late, never lost
    expect(mayRun()).toBe(false);
    busy = false;
    expect(mayRun()).toBe(true);
  });
});

describe('a ramp of starts', () => {
  const t = useTestApp({ START_CONCURRENCY: '1' });
  let c: TestCatalogue;
  let learners: TestLearner[];
  beforeAll(async () => {
    c = await insertCatalogue(t.app.db, {
      subjects: [
        { name: 'Physics', questionCount: 3, durationMinutes: 10, questions: optionQuestions('Physics', 3) },
      ],
    });
    learners = await Promise.all([0, 1, 2, 3].map(() => createLearner(t.app)));
  });

  it('holds background work back while starts wait, and lets it go when they are served', async () => {
    expect(t.app.foreground.busy()).toBe(false);
    const mayRun = t.app.foreground.gate(60_000);
    // Four starts for one slot: the queue's state is set before the first of them awaits anything.
    const starts = learners.map((learner) => t.app.quiz.create(learner.id, subjectQuiz(c)));
    expect(t.app.quiz.startLoad).toEqual({ running: 1, waiting: 3 });
    expect(t.app.foreground.busy()).toBe(true);
    expect(mayRun()).toBe(false);
    const sessions = await Promise.all(starts);
    expect(sessions.every((s) => !s.resumed)).toBe(true);
    expect(t.app.foreground.busy()).toBe(false);
    expect(mayRun()).toBe(true);
  });
});
