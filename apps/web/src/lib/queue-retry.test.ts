import { describe, expect, it } from 'vitest';
import { callThroughQueue, QUEUE_RETRY_LIMIT_MS } from './queue-retry';

const busy = (retryAfter: string | null) => ({ status: 503, data: { message: 'busy' }, retryAfter });

describe('callThroughQueue', () => {
  it('waits each Retry-After (at least a second) and stops after a minute with the last answer', async () => {
    let clock = 0;
    const waits: number[] = [];
    const states: boolean[] = [];
    let calls = 0;
    const result = callThroughQueue(
      () => {
        calls += 1;
        return Promise.reject(busy(calls === 1 ? '0' : '20'));
      },
      {
        now: () => clock,
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
        onQueued: (queued) => states.push(queued),
      },
    );
    await expect(result).rejects.toMatchObject({ status: 503 });
    expect(waits).toEqual([1000, 20_000, 20_000]);
    expect(clock).toBeLessThanOrEqual(QUEUE_RETRY_LIMIT_MS);
    expect(states.at(-1)).toBe(false);
  });

  it('answers the first success, and passes any other error on at once', async () => {
    let calls = 0;
    const deps = { now: () => 0, sleep: async () => undefined, onQueued: () => undefined };
    await expect(
      callThroughQueue(() => (++calls < 3 ? Promise.reject(busy('1')) : Promise.resolve('in')), deps),
    ).resolves.toBe('in');
    expect(calls).toBe(3);
    await expect(callThroughQueue(() => Promise.reject({ status: 401 }), deps)).rejects.toEqual({
      status: 401,
    });
  });
});
