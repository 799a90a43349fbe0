import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingSave } from './local-state';
import { SaveQueue, type SendOutcome } from './save-queue';

const okOutcome = (): SendOutcome => ({
  ok: true,
  serverTime: '2026-03-01T10:00:00.000Z',
  sentAt: 0,
  receivedAt: 0,
});

function setup(replies: Array<SendOutcome | 'hang'>, initial: PendingSave[] = []) {
  const sent: PendingSave[] = [];
  const onEnded = vi.fn();
  const onRejected = vi.fn();
  const onFailing = vi.fn();
  const queue = new SaveQueue(initial, {
    send: async (save) => {
      sent.push(save);
      const reply = replies.shift() ?? okOutcome();
      if (reply === 'hang') return new Promise<SendOutcome>(() => undefined);
      return reply;
    },
    onChange: () => undefined,
    onEnded,
    onRejected,
    onFailing,
    baseDelayMs: 1000,
    random: () => 0.5,
    isOnline: () => true,
  });
  return { queue, sent, onEnded, onRejected, onFailing };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('SaveQueue', () => {
  it('sends in order, one at a time, and empties', async () => {
    const { queue, sent } = setup([]);
    queue.start();
    queue.enqueue({ evaluationId: 'q1', userAnswer: 'a' });
    queue.enqueue({ evaluationId: 'q2', userAnswer: 'b' });
    expect(await queue.flush()).toBe('saved');
    expect(sent.map((s) => s.evaluationId)).toEqual(['q1', 'q2']);
    expect(queue.status()).toEqual({ state: 'saved', waiting: 0 });
  });

  it('merges a waiting save of the same question, but never the one on the wire', async () => {
    const { queue, sent } = setup(['hang']);
    queue.start();
    queue.enqueue({ evaluationId: 'q1', userAnswer: 'a', timeSpentSeconds: 5 });
    queue.enqueue({ evaluationId: 'q1', userAnswer: 'b', timeSpentSeconds: 3 });
    queue.enqueue({ evaluationId: 'q1', markedForReview: true, timeSpentSeconds: 2 });
    expect(sent).toEqual([{ evaluationId: 'q1', userAnswer: 'a', timeSpentSeconds: 5 }]);
    expect(queue.pending).toEqual([
      { evaluationId: 'q1', userAnswer: 'a', timeSpentSeconds: 5 },
      { evaluationId: 'q1', userAnswer: 'b', markedForReview: true, timeSpentSeconds: 5 },
    ]);
    expect(queue.status()).toEqual({ state: 'saving', waiting: 1 });
  });

  it('retries with exponential backoff, reports offline, then recovers', async () => {
    vi.useFakeTimers();
    const retry: SendOutcome = { ok: false, kind: 'retry' };
    const { queue, sent, onFailing } = setup([retry, retry, retry]);
    queue.start();
    queue.enqueue({ evaluationId: 'q1', userAnswer: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(queue.status()).toEqual({ state: 'offline', waiting: 1 });
    expect(onFailing).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2); // after 1 s
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(3); // then 2 s
    await vi.advanceTimersByTimeAsync(3999);
    expect(sent).toHaveLength(3); // then 4 s…
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(4);
    expect(queue.status()).toEqual({ state: 'saved', waiting: 0 });
    expect(onFailing).toHaveBeenCalledTimes(1);
  });

  it('tells a server error from no connection, and retries both', async () => {
    vi.useFakeTimers();
    const { queue, sent, onFailing } = setup([
      { ok: false, kind: 'retry', cause: 'server' },
      { ok: false, kind: 'retry', cause: 'network' },
    ]);
    queue.start();
    queue.enqueue({ evaluationId: 'q1', userAnswer: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.status()).toEqual({ state: 'retrying', waiting: 1 });
    expect(onFailing).toHaveBeenCalledWith('server');
    await vi.advanceTimersByTimeAsync(1000);
    expect(queue.status()).toEqual({ state: 'offline', waiting: 1 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toHaveLength(3);
    expect(queue.status()).toEqual({ state: 'saved', waiting: 0 });
  });

  it('retryNow skips the wait (back online)', async () => {
    vi.useFakeTimers();
    const { queue, sent } = setup([{ ok: false, kind: 'retry' }]);
    queue.start();
    queue.enqueue({ evaluationId: 'q1', userAnswer: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    queue.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(queue.pending).toEqual([]);
  });

  it('a 409 stops everything; a refused save is dropped and reported', async () => {
    const ended = setup([{ ok: false, kind: 'ended' }]);
    ended.queue.start();
    ended.queue.enqueue({ evaluationId: 'q1', userAnswer: 'a' });
    ended.queue.enqueue({ evaluationId: 'q2', userAnswer: 'b' });
    expect(await ended.queue.flush()).toBe('ended');
    expect(ended.sent).toHaveLength(1);
    expect(ended.onEnded).toHaveBeenCalledTimes(1);

    const refused = setup([{ ok: false, kind: 'rejected', message: 'Not found' }]);
    refused.queue.start();
    refused.queue.enqueue({ evaluationId: 'q1', userAnswer: 'a' });
    refused.queue.enqueue({ evaluationId: 'q2', userAnswer: 'b' });
    expect(await refused.queue.flush()).toBe('saved');
    expect(refused.onRejected).toHaveBeenCalledWith({ evaluationId: 'q1', userAnswer: 'a' }, 'Not found');
    expect(refused.sent.map((s) => s.evaluationId)).toEqual(['q1', 'q2']);
  });

  it('starts with the saves a previous page left behind', async () => {
    const { queue, sent } = setup([], [{ evaluationId: 'q9', userAnswer: 'x' }]);
    expect(queue.status().waiting).toBe(1);
    queue.start();
    expect(await queue.flush()).toBe('saved');
    expect(sent).toEqual([{ evaluationId: 'q9', userAnswer: 'x' }]);
  });
});
