import { EVALUATION_ANSWERS_SQL } from '../src/services/quiz/session-ids.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertBuilt,
  call,
  cli,
  createRunDatabase,
  deleteRedisKeys,
  sleep,
  startInstance,
  type Instance,
  type RunDatabase,
} from './lib/instances.js';
import { insertLearners, startQuiz } from './lib/learners.js';
import { startThrowawayPostgres } from './lib/throwaway-postgres.js';

/**
 * PostgreSQL goes away in the middle of a quiz and comes back: both instances answer 503 (with
 * Retry-After) while it is down, recover by themselves, and no acknowledged answer is lost. The cluster
 * is this test's own (initdb into a temporary directory), never the shared server.
 */
let cluster: Awaited<ReturnType<typeof startThrowawayPostgres>>;
let db: RunDatabase;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  assertBuilt();
  cluster = await startThrowawayPostgres();
  db = await createRunDatabase(cluster.url);
  cli(db.url, 'seed');
  const env = { DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
  [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop().catch(() => undefined);
  cluster?.dispose();
  await deleteRedisKeys();
});

describe('PostgreSQL restarted in the middle of a quiz', () => {
  it('answers 503 while it is down, recovers by itself, and keeps every acknowledged answer', async () => {
    const [learner] = await insertLearners(db, 1);
    const session = await startQuiz(a, learner!);
    const items = session.evaluation.map((e, i) => ({
      id: e._id,
      answer: e.baseQuestion.options[i % Math.max(1, e.baseQuestion.options.length)] ?? `${i}`,
    }));
    const acknowledged = new Map<string, string>();
    const statuses: { at: number; status: number }[] = [];
    let downAt = 0;
    let upAt = 0;

    // The client: one save at a time, alternating instances, retrying a save until it is acknowledged.
    const client = (async () => {
      for (const [i, item] of items.entries()) {
        for (let attempt = 0; ; attempt++) {
          const instance = (i + attempt) % 2 ? a : b;
          let status = 0;
          try {
            const res = await call(instance, 'POST', '/v1/evaluations', {
              token: learner!.token,
              body: { evaluationId: item.id, userAnswer: item.answer, timeSpentSeconds: 3 },
              timeoutMs: 8000,
            });
            status = res.status;
            if (status === 503) expect(res.headers.get('retry-after')).toBeTruthy();
          } catch {
            status = -1;
          }
          statuses.push({ at: Date.now(), status });
          if (status === 200) {
            acknowledged.set(item.id, item.answer);
            break;
          }
          expect([503, -1]).toContain(status);
          if (Date.now() - (upAt || Date.now()) > 20_000) throw new Error('no recovery 20 s after restart');
          await sleep(150);
        }
        await sleep(100);
      }
    })();

    while (acknowledged.size < 6) await sleep(20);
    downAt = Date.now();
    cluster.stop();
    const stoppedAt = Date.now();
    // While it is down: readiness and the API say 503 on both instances.
    for (const instance of [a, b]) {
      expect((await call(instance, 'GET', '/health/ready')).status).toBe(503);
      expect((await call(instance, 'GET', '/health')).status).toBe(200);
    }
    await sleep(2500);
    cluster.start();
    upAt = Date.now();
    await client;

    const during = statuses.filter((s) => s.at >= downAt && s.status !== 200);
    const firstOk = statuses.find((s) => s.at > upAt && s.status === 200);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((s) => s.status === 503)).toBe(true);
    expect(firstOk).toBeDefined();
    for (const instance of [a, b]) expect((await call(instance, 'GET', '/health/ready')).status).toBe(200);

    const rows = await db.query<{ id: string; user_answer: string | null }>(EVALUATION_ANSWERS_SQL, [
      items.map((i) => i.id),
    ]);
    const lost = rows.filter((r) => acknowledged.get(r.id) !== r.user_answer);
    expect(acknowledged.size).toBe(items.length);
    expect(lost).toEqual([]);
    const last503 = during.at(-1)!.at;
    console.info(
      `PostgreSQL restart: down ${upAt - stoppedAt} ms (stop took ${stoppedAt - downAt} ms); ${during.length} saves answered 503, ` +
        `503 window ${last503 - during[0]!.at} ms, first 2xx ${firstOk!.at - upAt} ms after start; ` +
        `${acknowledged.size}/${items.length} acknowledged, ${lost.length} lost`,
    );
  });
});
