import { describe, expect, it } from 'vitest';
import {
  fail,
  makeAssessment,
  mockFetch,
  ok,
  resultEvaluations,
} from '../features/results/components/results-test-kit';
import { getResultApi } from '../features/results/api/get-result';
import { preloadRoute, startRouteData } from './router';
import { createStore } from './store';

const RESULT = '/api/v1/assessment/get-session/abc';

function startAt(path: string) {
  localStorage.setItem('at', 'stored-access');
  const store = createStore();
  const early = startRouteData(path, store);
  return { store, early, preload: () => preloadRoute(path, store.dispatch, early) };
}
const cached = (store: ReturnType<typeof createStore>) =>
  getResultApi.endpoints.getAssessmentResult.select('abc')(store.getState() as never);

describe('a result opened directly (start-up, main.tsx)', () => {
  it('asks for the result at once, and has it in the store, asked once, when the screen’s code is here', async () => {
    const data = { assessment: makeAssessment({ slug: 'abc' }), evaluations: resultEvaluations() };
    const calls = mockFetch((call) => (call.path === RESULT ? ok(data) : fail(404)));
    const { store, early, preload } = startAt('/quiz/result/abc');
    expect(early).toBeDefined();
    await expect.poll(() => calls.map((c) => c.path)).toEqual([RESULT]);
    await preload();
    expect(cached(store)).toMatchObject({ status: 'fulfilled', data });
    expect(calls.filter((c) => c.path === RESULT)).toHaveLength(1);
  });

  it('leaves a failed answer (a test still running) to the screen’s own request, which says why', async () => {
    const calls = mockFetch((call) => (call.path === RESULT ? fail(409, 'in progress') : fail(404)));
    const { store, preload } = startAt('/quiz/result/abc');
    await preload();
    await expect.poll(() => cached(store).status).toBe('rejected');
    expect(cached(store).error).toMatchObject({ status: 409 });
    expect(calls.filter((c) => c.path === RESULT)).toHaveLength(2);
  });

  it('asks for nothing early on a screen without such a request', () => {
    const calls = mockFetch(() => fail(404));
    expect(startAt('/exams').early).toBeUndefined();
    expect(calls).toHaveLength(0);
  });
});
