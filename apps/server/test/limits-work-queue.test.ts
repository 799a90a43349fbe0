import { describe, expect, it } from 'vitest';
import { createWorkQueue, QueueBusyError } from '../src/services/limits/work-queue.js';

/** A task that runs until `finish` is called: the queue's state is then known without timing. */
function gate() {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { task: () => done.then(() => 'done'), finish };
}

describe('the bounded work queue in front of password hashing', () => {
  it('runs `concurrency` tasks, lets `maxWaiting` wait and turns the next away at once', async () => {
    const queue = createWorkQueue({ concurrency: 2, maxWaiting: 1, maxWaitMs: 60_000 });
    const gates = [gate(), gate(), gate()];
    const running = gates.map((g) => queue.run(g.task));
    expect(queue.load).toEqual({ running: 2, waiting: 1 });
    const refused = await queue.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(QueueBusyError);
    expect((refused as QueueBusyError).reason).toBe('full');
    expect((refused as QueueBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    gates.forEach((g) => g.finish());
    expect(await Promise.all(running)).toEqual(['done', 'done', 'done']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('turns away a task that waited past its limit, and the queue goes on', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 5, maxWaitMs: 10 });
    const first = gate();
    const running = queue.run(first.task);
    const waited = await queue.run(async () => 'late').catch((e: unknown) => e);
    expect((waited as QueueBusyError).reason).toBe('timeout');
    first.finish();
    expect(await running).toBe('done');
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
