import { isAnswered, TIME_SPENT_MAX_SECONDS } from '@ai-tutor/contract';
import {
  applySave,
  writeLocalState,
  type LocalQuestion,
  type LocalQuizState,
  type PendingSave,
} from './local-state';
import {
  SaveQueue,
  type FailureCause,
  type FlushResult,
  type SendOutcome,
  type SyncStatus,
} from './save-queue';
import { watchPage } from './page-events';
import { halfTypedNumber } from './question-status';
import { nextSaveSequence, SittingClock } from './question-clocks';
import { sameAnswer } from './same-answer';

export interface QuizSnapshot {
  questions: LocalQuestion[];
  currentIndex: number;
  /** Server clock minus this browser's clock, in ms. */
  offsetMs: number;
  sync: SyncStatus;
  ended: boolean;
}

export interface QuizStoreDeps {
  send: (save: PendingSave) => Promise<SendOutcome>;
  now?: () => number;
  persist?: (state: LocalQuizState) => void;
  baseDelayMs?: number;
  random?: () => number;
}

export interface QuizStoreHandlers {
  onEnded?: () => void;
  onRejected?: (message: string | undefined) => void;
  onFailing?: (cause: FailureCause) => void;
}

export type SaveResult = 'moved' | 'saved' | 'none';

/**
 * The running quiz: questions, answers, the learner's place, and the save queue. Every change is written
 * to localStorage (with the queue) before anything is sent, so a reload or a lost network loses nothing.
 * React reads it through useSyncExternalStore.
 */
export class QuizStore {
  private state: LocalQuizState;
  /** Positions opened on this page (visitedIds). */
  private readonly opened = new Set<number>();
  private snapshot: QuizSnapshot;
  private readonly queue: SaveQueue;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;
  private readonly persistFn: (state: LocalQuizState) => void;
  private handlers: QuizStoreHandlers = {};
  private readonly sitting: SittingClock;
  private started = false;
  private unwatchPage: (() => void) | null = null;
  /** Once completed, nothing more is written: the result screen clears the local copy. */
  private closed = false;

  constructor(initial: LocalQuizState, deps: QuizStoreDeps) {
    this.state = initial;
    this.opened.add(initial.currentIndex);
    this.now = deps.now ?? Date.now;
    this.persistFn = deps.persist ?? ((state) => void writeLocalState(state));
    this.sitting = new SittingClock(this.now);
    this.queue = new SaveQueue(initial.pending, {
      send: deps.send,
      onChange: () => this.changed(),
      onSaved: (_save, outcome) => {
        if (!outcome.serverTime) return;
        const serverMs = Date.parse(outcome.serverTime);
        if (Number.isNaN(serverMs)) return;
        // The server stamped its time roughly halfway through the round trip.
        this.state = { ...this.state, clockOffsetMs: serverMs - (outcome.sentAt + outcome.receivedAt) / 2 };
      },
      onEnded: () => {
        this.markCompleted();
        if (this.started) this.handlers.onEnded?.();
      },
      // A reply that lands after the screen has gone must not toast or navigate from elsewhere.
      onRejected: (_save, message) => {
        if (this.started) this.handlers.onRejected?.(message);
      },
      onFailing: (cause) => {
        if (this.started) this.handlers.onFailing?.(cause);
      },
      ...(deps.baseDelayMs !== undefined ? { baseDelayMs: deps.baseDelayMs } : {}),
      ...(deps.random ? { random: deps.random } : {}),
    });
    this.snapshot = this.makeSnapshot();
    this.persist();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  setHandlers(handlers: QuizStoreHandlers) {
    this.handlers = handlers;
  }

  start() {
    if (this.started) return;
    this.started = true;
    this.queue.start();
    this.unwatchPage = watchPage({
      online: () => this.queue.retryNow(),
      offline: () => this.changed(),
      hide: () => this.persist(),
    });
  }

  stop() {
    if (!this.started) return;
    this.started = false;
    this.queue.stop();
    this.unwatchPage?.();
    this.unwatchPage = null;
    this.persist();
  }

  /**
   * The questions opened on this page, or earlier (time kept for them locally, unsent). Moving past a
   * blank question sends nothing, so the submit reports these (a saved one the server knows anyway).
   */
  visitedIds(): string[] {
    return this.state.questions
      .filter((q, i) => this.opened.has(i) || i === this.state.currentIndex || q.unsentMs > 0)
      .map((q) => q.evaluation._id);
  }

  get current(): LocalQuestion {
    return this.state.questions[this.state.currentIndex]!;
  }

  setDraft(value: string | string[]) {
    if (this.current.evaluation.locked) return;
    const saved = this.current.evaluation.userAnswer;
    this.updateCurrent({ draft: sameAnswer(value, saved) ? null : value });
  }

  goTo(index: number) {
    if (index < 0 || index >= this.state.questions.length || index === this.state.currentIndex) return;
    const elapsed = this.sitting.take();
    const questions = [...this.state.questions];
    const current = questions[this.state.currentIndex]!;
    questions[this.state.currentIndex] = { ...current, unsentMs: current.unsentMs + elapsed };
    this.state = { ...this.state, questions, currentIndex: index };
    this.opened.add(index);
    this.changed();
  }

  prev() {
    this.goTo(this.state.currentIndex - 1);
  }

  /**
   * docs/product.md#saving-answers: an empty answer only moves on, with no call; a non-empty one is queued, shown answered,
   * stored locally, and the screen advances unless this is the last question.
   */
  saveAndNext(): SaveResult {
    const q = this.current;
    const answer = q.draft ?? q.evaluation.userAnswer;
    const isLast = this.state.currentIndex === this.state.questions.length - 1;
    // A checked answer is locked on the server (a save to it is 409, read as the session's end).
    if (!isAnswered(answer) || q.evaluation.locked) {
      if (q.draft !== null) this.updateCurrent({ draft: null });
      if (!isLast) this.goTo(this.state.currentIndex + 1);
      return isLast ? 'none' : 'moved';
    }
    if (halfTypedNumber(q.evaluation, answer)) return 'none';
    this.record({ evaluationId: q.evaluation._id, userAnswer: answer });
    if (!isLast) this.goTo(this.state.currentIndex + 1);
    return 'saved';
  }

  /**
   * Practice: queues the current answer without moving on, so the check that follows reads it (and its
   * time) from the server. False when there is nothing valid to check.
   */
  saveCurrent(): boolean {
    const q = this.current;
    if (q.evaluation.locked) return false;
    const answer = q.draft ?? q.evaluation.userAnswer;
    if (!isAnswered(answer)) return false;
    if (halfTypedNumber(q.evaluation, answer)) return false;
    if (q.draft !== null) this.record({ evaluationId: q.evaluation._id, userAnswer: answer });
    return true;
  }

  /** Practice: the server checked and locked a question's answer; its feedback is kept with it. */
  applyChecked(evaluationId: string, patch: Partial<LocalQuestion['evaluation']>) {
    const questions = this.state.questions.map((q) =>
      q.evaluation._id === evaluationId
        ? { ...q, draft: null, evaluation: { ...q.evaluation, locked: true, ...patch } }
        : q,
    );
    this.state = { ...this.state, questions };
    this.changed();
  }

  toggleMark() {
    const q = this.current;
    if (q.evaluation.locked) return;
    this.record({ evaluationId: q.evaluation._id, markedForReview: !q.evaluation.markedForReview });
  }

  /** Takes the answer back: an unsaved choice is dropped; a saved one is cleared on the server too. */
  clearResponse() {
    const q = this.current;
    if (q.evaluation.locked) return;
    if (isAnswered(q.evaluation.userAnswer)) {
      // docs/product.md#question-types: an empty choice clears a multiple-correct answer, an empty string the others.
      const cleared = Array.isArray(q.evaluation.userAnswer) ? [] : '';
      this.record({ evaluationId: q.evaluation._id, userAnswer: cleared });
    } else if (q.draft !== null) {
      this.updateCurrent({ draft: null });
    }
  }

  flush(): Promise<FlushResult> {
    return this.queue.flush();
  }

  markCompleted() {
    if (this.closed) return;
    this.state = { ...this.state, sessionCompleted: true };
    this.persist();
    this.closed = true;
  }

  private record(save: Omit<PendingSave, 'timeSpentSeconds'>) {
    const q = this.current;
    const ms = q.unsentMs + this.sitting.take();
    const full: PendingSave = {
      ...save,
      timeSpentSeconds: Math.min(TIME_SPENT_MAX_SECONDS, Math.round(ms / 1000)),
      sequence: this.nextSequence(),
    };
    const evaluation = applySave(q.evaluation, full);
    const draft = save.userAnswer !== undefined ? null : q.draft;
    const questions = [...this.state.questions];
    questions[this.state.currentIndex] = { evaluation, draft, unsentMs: 0 };
    this.state = { ...this.state, questions };
    // Stored locally (by enqueue's change notification) before the first byte goes out.
    this.queue.enqueue(full);
  }

  private nextSequence(): number {
    const sequence = nextSaveSequence(this.state.lastSequence, this.now(), this.state.clockOffsetMs);
    this.state = { ...this.state, lastSequence: sequence };
    return sequence;
  }

  private updateCurrent(patch: Partial<LocalQuestion>) {
    const questions = [...this.state.questions];
    questions[this.state.currentIndex] = { ...this.current, ...patch };
    this.state = { ...this.state, questions };
    this.changed();
  }

  private makeSnapshot(): QuizSnapshot {
    return {
      questions: this.state.questions,
      currentIndex: this.state.currentIndex,
      offsetMs: this.state.clockOffsetMs,
      sync: this.queue.status(),
      ended: this.queue.hasEnded,
    };
  }

  private persist() {
    if (this.closed) return;
    const questions = this.state.questions.map((q, i) =>
      i === this.state.currentIndex ? { ...q, unsentMs: q.unsentMs + this.sitting.peek() } : q,
    );
    this.persistFn({
      ...this.state,
      questions,
      pending: this.queue.pending,
      lastUpdated: new Date(this.now()).toISOString(),
    });
  }

  private changed() {
    this.persist();
    this.snapshot = this.makeSnapshot();
    this.listeners.forEach((listener) => listener());
  }
}
