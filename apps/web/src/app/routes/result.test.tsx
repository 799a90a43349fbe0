import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  makeAssessment,
  mockFetch,
  ok,
  resultEvaluations,
  stubResizeObserver,
} from '../../features/results/components/results-test-kit';
import { renderPage, testUser } from '../../test/render';
import ResultPage from './result';

// The question table's chunk (with KaTeX) is imported lazily; on a busy machine its first import in a
// file takes more than the default second.
configure({ asyncUtilTimeout: 5000 });

const renderResult = () =>
  renderPage(<ResultPage />, {
    route: '/quiz/result/:assessmentId',
    path: '/quiz/result/mechanics-quiz-1',
    user: testUser(),
  });

// The keys as learners' browsers hold them (written by the quiz screen; they must never change).
const SAVED_COPY = 'quiz-state-a1';
const POINTER = 'quiz-active:u1:jee-main/subject/physics-module/mechanics/';
const OTHER_POINTER = 'quiz-active:u1:other';

beforeEach(() => stubResizeObserver());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the result route and the quiz’s saved copy (docs/product.md#saving-answers)', () => {
  it('opening a result clears the local in-progress copy and the route’s pointer, not another test’s', async () => {
    localStorage.setItem(SAVED_COPY, '{"version":1}');
    localStorage.setItem(
      POINTER,
      JSON.stringify({ assessmentId: 'a1', slug: 'mechanics-quiz-1', path: '/quiz/exam/x' }),
    );
    localStorage.setItem(OTHER_POINTER, JSON.stringify({ assessmentId: 'a2', slug: 'other', path: '/y' }));
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations() }));
    renderResult();
    await screen.findByRole('heading', { name: 'Test Analysis' });
    await waitFor(() => expect(localStorage.getItem(SAVED_COPY)).toBeNull());
    expect(localStorage.getItem(POINTER)).toBeNull();
    expect(localStorage.getItem(OTHER_POINTER)).not.toBeNull();
  });

  it('opening a result with no saved copy in this browser shows it and touches nothing else', async () => {
    localStorage.setItem(OTHER_POINTER, JSON.stringify({ assessmentId: 'a2', slug: 'other', path: '/y' }));
    localStorage.setItem('at', 'stored-access');
    const logged = vi.spyOn(console, 'error');
    mockFetch(() => ok({ assessment: makeAssessment(), evaluations: resultEvaluations() }));
    renderResult();
    expect(await screen.findByRole('heading', { name: 'Test Analysis' })).toBeInTheDocument();
    expect(localStorage.getItem(SAVED_COPY)).toBeNull();
    expect(localStorage.getItem(OTHER_POINTER)).not.toBeNull();
    expect(localStorage.getItem('at')).toBe('stored-access');
    expect(logged).not.toHaveBeenCalledWith('could not clear the local quiz copy', expect.anything());
  });

  it('shows a spinner while loading and, for a test still running here, the way back to it', async () => {
    localStorage.setItem(
      'quiz-active:u1:k',
      JSON.stringify({
        assessmentId: 'a1',
        slug: 'mechanics-quiz-1',
        path: '/quiz/exam/jee-main/subject/physics-module/mechanics',
      }),
    );
    mockFetch(() => fail(409, 'Session still running'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderResult();
    expect(screen.getByRole('progressbar', { name: 'Loading result' })).toBeInTheDocument();
    expect(await screen.findByText(/still in progress/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the quiz' })).toHaveAttribute(
      'href',
      '/quiz/exam/jee-main/subject/physics-module/mechanics',
    );
    expect(localStorage.getItem('quiz-active:u1:k')).not.toBeNull();
  });
});
