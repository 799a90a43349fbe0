import { afterEach, describe, expect, it } from 'vitest';
import { defaultEvaluations, evalId, makeAssessment, T0 } from '../components/quiz-test-kit';
import { initialLocalState, mergeResumed, readLocalState, type PendingSave } from './local-state';
import { QuizStore } from './quiz-store';
import type { SendOutcome } from './save-queue';

/**
 * The server keeps the newest save of a question by its sequence (docs/decisions/0018-exam-day-arrival.md),
 * so a browser must never number a newer answer below an older one: not after a reload, not when the
 * computer's clock is set back, and not when two saves fall in the same millisecond.
 */
const assessment = makeAssessment();

/** A browser tab: a store on the locally saved copy, as the quiz screen boots it after a reload. */
function openTab(now: () => number, reply: 'ok' | 'hang' = 'ok') {
  const local = readLocalState(assessment._id);
  const state = local
    ? mergeResumed({ assessment, evaluation: defaultEvaluations() }, local, 0, new Date(now()).toISOString())
    : initialLocalState(assessment, defaultEvaluations(), 0, new Date(now()).toISOString());
  const sent: PendingSave[] = [];
  const store = new QuizStore(state, {
    now,
    send: (save) => {
      sent.push(save);
      const ok: SendOutcome = { ok: true, sentAt: now(), receivedAt: now() };
      return reply === 'ok' ? Promise.resolve(ok) : new Promise<SendOutcome>(() => undefined);
    },
  });
  store.start();
  return { store, sent };
}

function answer(store: QuizStore, value: string) {
  store.setDraft(value);
  store.saveAndNext();
}

afterEach(() => localStorage.clear());

describe('save sequence', () => {
  it('numbers saves in increasing order across reloads, even with the clock set back an hour', async () => {
    let clock = T0;
    const first = openTab(() => clock);
    answer(first.store, 'Option 1A');
    answer(first.store, 'Option 2A'); // the same millisecond
    expect(await first.store.flush()).toBe('saved');
    first.store.stop();

    clock = T0 - 60 * 60_000;
    const second = openTab(() => clock);
    answer(second.store, 'Option 1B');
    expect(await second.store.flush()).toBe('saved');
    second.store.stop();

    const sequences = [...first.sent, ...second.sent].map((s) => s.sequence!);
    expect(sequences).toHaveLength(3);
    expect(sequences[0]).toBe(T0);
    expect(sequences[1]).toBeGreaterThan(sequences[0]!);
    expect(sequences[2]).toBeGreaterThan(sequences[1]!);
  });

  it('resends a save left unconfirmed by a reload with its own number, and numbers the next one above it', async () => {
    const clock = T0;
    const first = openTab(() => clock, 'hang');
    answer(first.store, 'Option 1A');
    first.store.stop();

    const second = openTab(() => clock);
    expect(second.sent[0]).toMatchObject({ evaluationId: evalId(1), userAnswer: 'Option 1A' });
    answer(second.store, 'Option 1C');
    expect(await second.store.flush()).toBe('saved');
    second.store.stop();

    const [resent, newer] = second.sent;
    expect(resent!.sequence).toBe(first.sent[0]!.sequence);
    expect(newer!.sequence).toBeGreaterThan(resent!.sequence!);
  });

  it("counts on the server's clock, so another device's saves compare with this one's", () => {
    const local = initialLocalState(assessment, defaultEvaluations(), 90_000, '');
    const sent: PendingSave[] = [];
    const store = new QuizStore(local, {
      now: () => T0,
      send: (save) => {
        sent.push(save);
        return new Promise<SendOutcome>(() => undefined);
      },
    });
    store.start();
    answer(store, 'Option 1D');
    store.stop();
    expect(sent[0]!.sequence).toBe(T0 + 90_000);
  });
});
