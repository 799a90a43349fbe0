import { TIME_SPENT_MAX_SECONDS } from '@ai-tutor/contract';
import type { PendingSave } from './local-state';

export type SendOutcome =
  | { ok: true; serverTime?: string; sentAt: number; receivedAt: number }
  /**
   * retry: network, timeout, 5xx, 429 · ended: 409, the session is over · rejected: the server refused
   * this save. `cause` of a retry: no answer came (network, the default) or the server answered with an
   * error (server).
   */
  | { ok: false; kind: 'retry' | 'ended' | 'rejected'; message?: string; cause?: FailureCause };

export type FailureCause = 'network' | 'server';

export type FlushResult = 'saved' | 'failed' | 'ended';

export interface SyncStatus {
  /** offline: no connection, or no answer from the server · retrying: the server answered with an error. */
  state: 'saved' | 'saving' | 'offline' | 'retrying';
  /** Questions with a save not yet confirmed by the server. */
  waiting: number;
}

export interface SaveQueueOptions {
  send: (save: PendingSave) => Promise<SendOutcome>;
  /** Called after every change of the queue (persist it, re-render). */
  onChange: () => void;
  onSaved?: (save: PendingSave, outcome: Extract<SendOutcome, { ok: true }>) => void;
  onEnded?: () => void;
  onRejected?: (save: PendingSave, message: string | undefined) => void;
  /** The first failure after a success: the learner has just gone offline, or the server is failing. */
  onFailing?: (cause: FailureCause) => void;
  baseDelayMs?: number;
  /** Default: 30 × baseDelayMs. */
  maxDelayMs?: number;
  random?: () => number;
  isOnline?: () => boolean;
}

const distinctQuestions = (items: PendingSave[]) => new Set(items.map((i) => i.evaluationId)).size;

/** Later fields win, the sequence too (the merged save is as new as its newest part); time spent adds up. */
export function coalesce(older: PendingSave, newer: PendingSave): PendingSave {
  const merged: PendingSave = { ...older };
  if (newer.sequence !== undefined) merged.sequence = newer.sequence;
  if (newer.userAnswer !== undefined) merged.userAnswer = newer.userAnswer;
  if (newer.markedForReview !== undefined) merged.markedForReview = newer.markedForReview;
  if (newer.timeSpentSeconds !== undefined) {
    merged.timeSpentSeconds = Math.min(
      TIME_SPENT_MAX_SECONDS,
      (older.timeSpentSeconds ?? 0) + newer.timeSpentSeconds,
    );
  }
  return merged;
}

/**
 * Saves are sent one at a time, in order. A save for a question that already waits (and is not on the
 * wire) is merged into it. Failures that may pass (network, timeout, 5xx, 429) are retried with
 * exponential backoff and jitter, and at once when the browser says it is back online. A 409 means the
 * session has ended: nothing more is sent.
 */
export class SaveQueue {
  private items: PendingSave[];
  private inFlight: PendingSave | null = null;
  private failures = 0;
  private lastCause: FailureCause = 'network';
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;
  private ended = false;
  private waiters: Array<(result: FlushResult) => void> = [];
  private readonly options: Required<
    Omit<SaveQueueOptions, 'onSaved' | 'onEnded' | 'onRejected' | 'onFailing'>
  > &
    SaveQueueOptions;

  constructor(initial: PendingSave[], options: SaveQueueOptions) {
    this.items = [...initial];
    const baseDelayMs = options.baseDelayMs ?? 1000;
    this.options = {
      baseDelayMs,
      // Thirty first waits (30 s by default): a quicker base, as the tests use, keeps the same shape.
      maxDelayMs: baseDelayMs * 30,
      random: Math.random,
      isOnline: () => (typeof navigator === 'undefined' ? true : navigator.onLine !== false),
      ...options,
    };
  }

  get pending(): PendingSave[] {
    return [...this.items];
  }

  get hasEnded(): boolean {
    return this.ended;
  }

  status(): SyncStatus {
    const waiting = distinctQuestions(this.items);
    if (waiting === 0) return { state: 'saved', waiting };
    if (!this.options.isOnline()) return { state: 'offline', waiting };
    if (this.failures > 0) return { state: this.lastCause === 'server' ? 'retrying' : 'offline', waiting };
    return { state: 'saving', waiting };
  }

  enqueue(save: PendingSave): void {
    if (this.ended) return;
    let index = -1;
    for (let i = this.items.length - 1; i >= 0; i -= 1) {
      if (this.items[i]!.evaluationId === save.evaluationId && this.items[i] !== this.inFlight) {
        index = i;
        break;
      }
    }
    if (index === -1) this.items.push(save);
    else this.items[index] = coalesce(this.items[index]!, save);
    this.options.onChange();
    if (this.timer === null) void this.pump();
  }

  start(): void {
    this.running = true;
    void this.pump();
  }

  stop(): void {
    this.running = false;
    this.clearTimer();
  }

  /** Back online (or the learner asked): skip the backoff wait. */
  retryNow(): void {
    this.clearTimer();
    this.options.onChange();
    void this.pump();
  }

  /** Tries to send everything now. 'failed' as soon as a send fails for a reason that may pass. */
  flush(): Promise<FlushResult> {
    if (this.ended) return Promise.resolve('ended');
    if (this.items.length === 0) return Promise.resolve('saved');
    const result = new Promise<FlushResult>((resolve) => this.waiters.push(resolve));
    this.retryNow();
    return result;
  }

  private clearTimer() {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private settle(result: FlushResult) {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((resolve) => resolve(result));
  }

  private async pump(): Promise<void> {
    if (!this.running || this.inFlight || this.ended) return;
    const head = this.items[0];
    if (!head) {
      this.settle('saved');
      return;
    }
    this.inFlight = head;
    this.options.onChange();
    let outcome: SendOutcome;
    try {
      outcome = await this.options.send(head);
    } catch {
      outcome = { ok: false, kind: 'retry' };
    }
    this.inFlight = null;
    if (outcome.ok) {
      this.items = this.items.filter((item) => item !== head);
      this.failures = 0;
      this.options.onSaved?.(head, outcome);
    } else if (outcome.kind === 'ended') {
      this.ended = true;
      this.clearTimer();
      this.options.onChange();
      this.settle('ended');
      this.options.onEnded?.();
      return;
    } else if (outcome.kind === 'rejected') {
      this.items = this.items.filter((item) => item !== head);
      this.options.onRejected?.(head, outcome.message);
    } else {
      this.failures += 1;
      this.lastCause = outcome.cause ?? 'network';
      if (this.failures === 1) this.options.onFailing?.(this.lastCause);
      this.options.onChange();
      this.settle('failed');
      this.schedule();
      return;
    }
    this.options.onChange();
    void this.pump();
  }

  private schedule() {
    this.clearTimer();
    if (!this.running) return;
    const { baseDelayMs, maxDelayMs, random } = this.options;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** (this.failures - 1)) * (0.75 + random() * 0.5);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.pump();
    }, delay);
  }
}
