import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ExamsPage from '../../app/routes/exams';
import ReviewPage from '../../app/routes/review';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { emptySummary, reviewSummary } from './review-test-kit';
import type { ReviewSummaryData } from '@ai-tutor/contract';

const ok = (data: unknown) => ({ status: 200, body: { message: 'ok', data } });
const routes = [
  { path: '/exams', element: <ExamsPage /> },
  { path: '/review', element: <ReviewPage /> },
  { path: '/review/:examId/session', element: <div>review session screen</div> },
  { path: '/mistakes', element: <div>mistakes screen</div> },
];

function serve(summary: ReviewSummaryData) {
  return answerCalls((call) => {
    if (call.url.pathname === '/api/v1/review/summary') return ok(summary);
    if (call.url.pathname === '/api/v1/exams') return ok({ exams: [], total: 0, page: 1, limit: 4 });
    return undefined;
  });
}

describe('the due card on /exams', () => {
  it('says how many questions are due now, how many later today, and leads to /review', async () => {
    serve(reviewSummary(5));
    const { router } = renderRoutes(routes, '/exams', testUser());
    const card = await screen.findByRole('region', { name: 'Due for review: 6' });
    expect(
      within(card).getByText('2 more due later today · 12 questions in your review queue'),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('link', { name: 'Review now' }));
    expect(router.state.location.pathname).toBe('/review');
  });

  it('says "Nothing due" when the queue has questions but none due now, and is absent when it is empty', async () => {
    serve({ ...reviewSummary(0), dueNow: 0, dueToday: 2, total: 12 });
    const first = renderRoutes(routes, '/exams', testUser());
    const card = await screen.findByRole('region', { name: 'Nothing due for review' });
    expect(
      within(card).getByText('2 due later today · 12 questions in your review queue'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Review now' })).not.toBeInTheDocument();
    first.unmount();

    serve(emptySummary());
    renderRoutes(routes, '/exams', testUser());
    expect(
      await screen.findByText('No exams are available yet. Please check back later.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /due for review/i })).not.toBeInTheDocument();
  });
});

describe('/review', () => {
  it('shows the counts per exam and subject, and starts an exam’s review session', async () => {
    const calls = serve(reviewSummary(5));
    const { router } = renderRoutes(routes, '/review', testUser());
    expect(await screen.findByText('Due now: 6 · due today: 8 · in the queue: 12')).toBeInTheDocument();
    const jee = screen.getByRole('region', { name: 'JEE Main (Practice)' });
    const table = within(jee).getByRole('table', { name: 'JEE Main (Practice): due by subject' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['SubjectDue nowDue todayIn the queue', 'Physics566', 'Chemistry013']);

    await userEvent.click(within(jee).getByRole('link', { name: 'Start review: JEE Main (Practice)' }));
    expect(router.state.location.pathname).toBe('/review/jee-main-practice/session');
    // "Due today" ends at the learner's midnight: the call says their clock's offset.
    const asked = calls.find((c) => c.url.pathname === '/api/v1/review/summary');
    expect(asked?.url.searchParams.get('tzOffsetMinutes')).toBe(String(new Date().getTimezoneOffset()));
    expect(screen.getByText('review session screen')).toBeInTheDocument();
  });

  it('says there is nothing to review yet for a new learner', async () => {
    serve(emptySummary());
    renderRoutes(routes, '/review', testUser());
    expect(await screen.findByText(/Nothing to review yet/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Start review/ })).not.toBeInTheDocument();
  });
});
