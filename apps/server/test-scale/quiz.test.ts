import { EVALUATION_ANSWERS_SQL } from '../src/services/quiz/session-ids.js';
import http from 'node:http';
import type { SessionData } from '@ai-tutor/contract';
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
import { insertLearners, physicsQuiz, startQuiz, type Learner } from './lib/learners.js';

/**
 * Two instances of the built server on one PostgreSQL database of this run (seeded catalogue) and one
 * Redis: a quiz taken across both, one killed with SIGKILL mid-burst, the deadline sweep running on
 * both, and a graceful SIGTERM with a request in flight.
 */
let db: RunDatabase;
let a: Instance;
let b: Instance;
const env = () => ({ DATABASE_URL: db.url, SWEEP_INTERVAL_SECONDS: '1' });

beforeAll(async () => {
  assertBuilt();
  db = await createRunDatabase();
  cli(db.url, 'seed');
  [a, b] = await Promise.all([startInstance('a', env()), startInstance('b', env())]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.drop();
  await deleteRedisKeys();
});

const save = (instance: Instance, learner: Learner, evaluationId: string, userAnswer: string) =>
  call(instance, 'POST', '/v1/evaluations', {
    token: learner.token,
    body: { evaluationId, userAnswer, timeSpentSeconds: 5 },
    timeoutMs: 5000,
  });

describe('a quiz across two instances', () => {
  it('is created on one, answered alternately on both, submitted on one and read on the other', async () => {
    const [learner] = await insertLearners(db, 1);
    const session = await startQuiz(a, learner!);
    expect(session.evaluation).toHaveLength(20);
    for (const [i, e] of session.evaluation.entries()) {
      const res = await save(i % 2 ? a : b, learner!, e._id, e.baseQuestion.options[0] ?? '42');
      expect(res.status).toBe(200);
    }
    const resumed = await call(b, 'GET', `/v1/assessment/session/${session.assessment.slug}`, {
      token: learner!.token,
    });
    expect((resumed.body.data as SessionData).assessment.answeredQuestion).toBe(20);
    const submitted = await call(b, 'POST', `/v1/assessment/${session.assessment.slug}/submit`, {
      token: learner!.token,
    });
    expect(submitted.status).toBe(200);
    const again = await call(a, 'POST', `/v1/assessment/${session.assessment.slug}/submit`, {
      token: learner!.token,
    });
    expect(again.status).toBeLessThan(500);
    const result = await call(a, 'GET', `/v1/assessment/get-session/${session.assessment.slug}`, {
      token: learner!.token,
    });
    expect(result.status).toBe(200);
    const [record] = await db.query<{ attempts: number }>(
      `SELECT attempts FROM performance_records WHERE user_id = $1 AND entity_type = 'subject'`,
      [learner!.id],
    );
    expect(record!.attempts).toBe(1);
  });
});

describe('an instance killed with SIGKILL in the middle of a burst of saves', () => {
  it('loses no acknowledged save; the client queue re-sends the rest to the other instance', async () => {
    const victim = await startInstance('victim', env());
    const learners = await insertLearners(db, 6);
    // 6 sessions × 20 questions: 120 distinct saves, each with its own expected answer.
    const queue: { learner: Learner; evaluationId: string; answer: string }[] = [];
    for (const learner of learners) {
      const session = await startQuiz(victim, learner);
      for (const e of session.evaluation) {
        queue.push({
          learner,
          evaluationId: e._id,
          // Each save its own expected answer: an option, a number (numerical), or a text.
          answer:
            e.baseQuestion.options[1] ??
            (e.baseQuestion.questionType === 'numerical'
              ? String(queue.length + 1)
              : `v-${e._id.slice(0, 8)}`),
        });
      }
    }
    const acknowledged = new Map<string, string>();
    const failed: typeof queue = [];
    let killedAfter = -1;
    const pending = [...queue];
    const worker = async () => {
      for (let item = pending.shift(); item; item = pending.shift()) {
        if (acknowledged.size >= 45 && killedAfter < 0) {
          killedAfter = acknowledged.size;
          void victim.sigkill();
        }
        try {
          const res = await save(victim, item.learner, item.evaluationId, item.answer);
          if (res.status >= 200 && res.status < 300) acknowledged.set(item.evaluationId, item.answer);
          else failed.push(item);
        } catch {
          failed.push(item);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    await victim.exited;
    expect(victim.child.signalCode).toBe('SIGKILL');
    const ackedByVictim = acknowledged.size;
    expect(ackedByVictim).toBeGreaterThanOrEqual(45);
    expect(failed.length).toBeGreaterThan(0);

    // Every 2xx from the killed instance is in the database.
    const stored = new Map(
      (
        await db.query<{ id: string; user_answer: string | null }>(EVALUATION_ANSWERS_SQL, [
          queue.map((q) => q.evaluationId),
        ])
      ).map((r) => [r.id, r.user_answer]),
    );
    const lost = [...acknowledged].filter(([id, answer]) => stored.get(id) !== answer);
    expect(lost).toEqual([]);

    // The client's queue re-sends what was not acknowledged to the surviving instance.
    for (const item of failed) {
      const res = await save(b, item.learner, item.evaluationId, item.answer);
      expect(res.status).toBe(200);
    }
    const answers = await db.query<{ user_answer: string | null }>(EVALUATION_ANSWERS_SQL, [
      queue.map((q) => q.evaluationId),
    ]);
    expect(answers.filter((r) => r.user_answer !== null)).toHaveLength(queue.length);
    console.info(
      `SIGKILL burst: ${queue.length} saves, ${ackedByVictim} acknowledged by the killed instance (killed after ${killedAfter}), ` +
        `${lost.length} lost, ${failed.length} re-sent to the other instance`,
    );
  });
});

describe('deadlines reached while both instances sweep', () => {
  it('completes each expired session exactly once and counts one attempt per session', async () => {
    const learners = await insertLearners(db, 5);
    const sessions: { learner: Learner; id: string }[] = [];
    // Three sessions per learner (one of each subject), each with an answer saved.
    for (const learner of learners) {
      for (const subjectSlug of ['jee-physics', 'jee-chemistry', 'jee-mathematics']) {
        const session = await startQuiz(a, learner, { ...physicsQuiz, subjectSlug });
        const e = session.evaluation[0]!;
        expect((await save(b, learner, e._id, e.baseQuestion.options[0] ?? '1')).status).toBe(200);
        sessions.push({ learner, id: session.assessment._id });
      }
    }
    const sweptBefore = sweptCount();
    await db.query(
      `UPDATE assessments SET deadline = now() - interval '10 minutes',
              start_time = now() - interval '10 minutes' - make_interval(mins => total_time)
        WHERE id = ANY($1::uuid[])`,
      [sessions.map((s) => s.id)],
    );
    await db.query(
      `UPDATE answer_sheets SET deadline = now() - interval '10 minutes' WHERE assessment_id = ANY($1::uuid[])`,
      [sessions.map((s) => s.id)],
    );
    const until = Date.now() + 20_000;
    for (;;) {
      const [row] = await db.query<{ open: string }>(
        `SELECT count(*) AS open FROM assessments WHERE id = ANY($1::uuid[]) AND NOT session_completed`,
        [sessions.map((s) => s.id)],
      );
      if (Number(row!.open) === 0) break;
      if (Date.now() > until) throw new Error(`${row!.open} sessions still open`);
      await sleep(200);
    }
    await sleep(1500); // one more tick on both: nothing left to complete twice
    expect(sweptCount() - sweptBefore, a.output().slice(-3000)).toBe(sessions.length);
    const records = await db.query<{ attempts: number }>(
      `SELECT attempts FROM performance_records WHERE user_id = ANY($1::uuid[]) AND entity_type = 'subject'`,
      [learners.map((l) => l.id)],
    );
    expect(records).toHaveLength(sessions.length);
    expect(records.every((r) => r.attempts === 1)).toBe(true);
    console.info(
      `sweep on two instances: ${sessions.length} expired sessions, ${sweptCount() - sweptBefore} completions logged, ` +
        `subject records ${records.map((r) => r.attempts).join(',')}`,
    );
  });
});

/** Sessions completed by the sweeps of both instances, from their logs. */
function sweptCount(): number {
  return [a, b]
    .flatMap((i) => i.logLines('expired quiz sessions completed'))
    .reduce((sum, line) => sum + Number(line.completed ?? 0), 0);
}

describe('graceful shutdown', () => {
  it('turns readiness off first, finishes the request in flight, then exits 0', async () => {
    const instance = await startInstance('draining', { ...env(), SHUTDOWN_DRAIN_SECONDS: '1' });
    const [learner] = await insertLearners(db, 1);
    const session = await startQuiz(instance, learner!);
    const e = session.evaluation[0]!;
    const answer = e.baseQuestion.options[2] ?? 'in flight';
    const body = JSON.stringify({ evaluationId: e._id, userAnswer: answer, timeSpentSeconds: 1 });

    // A save whose body is still arriving when SIGTERM comes.
    const url = new URL(`${instance.url}/api/v1/evaluations`);
    const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            authorization: `Bearer ${learner!.token}`,
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 2000);
    });
    await sleep(200);
    const t0 = Date.now();
    instance.child.kill('SIGTERM');
    await sleep(300);
    const ready = await call(instance, 'GET', '/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toBe('shutting down');

    const done = await reply;
    expect(done.status, done.text).toBe(200);
    const t1 = Date.now();
    expect(await instance.exited).toBe(0);
    console.info(`graceful: reply ${t1 - t0} ms after SIGTERM, exit ${Date.now() - t0} ms`);
    const [row] = await db.query<{ user_answer: string }>(EVALUATION_ANSWERS_SQL, [[e._id]]);
    expect(row!.user_answer).toBe(answer);
  });
});
