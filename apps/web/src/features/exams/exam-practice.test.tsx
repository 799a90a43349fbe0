import { uiTexts } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ExamPage from '../../app/routes/exam';
import { renderRoutes, testUser } from '../../test/render';
import type { TopicMastery } from '@ai-tutor/contract';
import { reviewSummary } from '../review/review-test-kit';
import { jee, mockApi, ok, records } from './test-api';

const physics = { id: 's-physics', name: 'Physics', slug: 'jee-physics' };
const mastery: TopicMastery[] = [
  {
    topic: { id: 't-jee-physics-optics', name: 'Optics', slug: 'jee-physics-optics' },
    subject: physics,
    mastery: 62,
    answers: 13,
  },
  {
    topic: { id: 't-jee-physics-mechanics', name: 'Mechanics', slug: 'jee-physics-mechanics' },
    subject: physics,
    mastery: 35,
    answers: 1,
  },
];

const routes = [
  { path: '/exams/:id', element: <ExamPage /> },
  { path: '/quiz/exam/:examId/:type/:moduleId/:subjectId?/:topicId?', element: <div>quiz screen</div> },
  {
    path: '/practice/exam/:examId/:type/:moduleId?/:subjectId?/:topicId?',
    element: <div>practice screen</div>,
  },
];

let fullscreen: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fullscreen = vi.fn(() => Promise.resolve());
  Object.defineProperty(document.documentElement, 'requestFullscreen', {
    value: fullscreen,
    configurable: true,
  });
  mockApi((url) => {
    if (url.pathname === '/api/v1/exams/jee-main-practice') return ok(jee);
    if (url.pathname === '/api/v1/user-records') return ok({ data: records, mastery });
    if (url.pathname === '/api/v1/review/summary') return ok(reviewSummary(5));
    return undefined;
  });
});

describe('the start dialog: timed test or practice', () => {
  it('offers "Timed test" (chosen) and "Practice"; practice opens the untimed route without fullscreen', async () => {
    const { router } = renderRoutes(routes, '/exams/jee-main-practice', testUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Start Topic Quiz: Mechanics' }));
    const dialog = await screen.findByRole('dialog', { name: uiTexts.fullscreenTitle });
    const modes = within(dialog).getByRole('radiogroup', { name: 'How do you want to take it?' });
    expect(within(modes).getByRole('radio', { name: 'Timed test' })).toBeChecked();

    await userEvent.click(
      within(modes).getByRole('radio', { name: 'Practice (untimed, feedback after each question)' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start practice' }));

    expect(await screen.findByText('practice screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(
      '/practice/exam/jee-main-practice/topic/jee-main-paper-1/jee-physics/jee-physics-mechanics',
    );
    expect(fullscreen).not.toHaveBeenCalled();
  });

  it('the timed test stays the default: instructions, fullscreen and the quiz route', async () => {
    const { router } = renderRoutes(routes, '/exams/jee-main-practice', testUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Start Mock Test' }));
    // A timed mock test asks for the declaration first (docs/product.md#test-instructions); practice does not.
    await userEvent.click(await screen.findByRole('checkbox', { name: /I have read and understood/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Start' }));
    expect(await screen.findByText('quiz screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quiz/exam/jee-main-practice/module/jee-main-paper-1');
    expect(fullscreen).toHaveBeenCalled();
  });
});

describe('a mock test taken as practice', () => {
  it('needs no declaration: the instructions are for the timed paper', async () => {
    renderRoutes(routes, '/exams/jee-main-practice', testUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Start Mock Test' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Start' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Practice/ }));
    expect(
      within(dialog).queryByRole('checkbox', { name: /I have read and understood/ }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start practice' }));
    expect(await screen.findByText('practice screen')).toBeInTheDocument();
  });
});

describe('the exam page: due for review, mastery per topic, weak-topic practice', () => {
  it("shows this exam's due count, each answered topic's mastery as a bar with its number, and starts weak-topic practice", async () => {
    const { router } = renderRoutes(routes, '/exams/jee-main-practice', testUser());
    expect(await screen.findByRole('region', { name: 'Due for review: 5' })).toBeInTheDocument();

    const physicsCard = screen.getByRole('region', { name: 'Physics' });
    const optics = within(physicsCard).getByRole('progressbar', {
      name: 'Mastery of Optics: 62 · based on 13 answers',
    });
    expect(optics).toHaveAttribute('aria-valuenow', '62');
    expect(optics).toHaveAttribute('aria-valuetext', '62 out of 100');
    expect(within(physicsCard).getByText('62/100')).toBeInTheDocument();
    expect(within(physicsCard).getByText('Mastery of Mechanics: 35 · based on 1 answer')).toBeInTheDocument();
    // Chemistry has no answers yet: no bars, nothing weak to practise.
    const chemistry = screen.getByRole('region', { name: 'Chemistry' });
    expect(within(chemistry).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(chemistry).queryByRole('link', { name: /Practice weak topics/ })).not.toBeInTheDocument();

    await userEvent.click(within(physicsCard).getByRole('link', { name: 'Practice weak topics: Physics' }));
    expect(router.state.location.pathname).toBe(
      '/practice/exam/jee-main-practice/adaptive/jee-main-paper-1/jee-physics',
    );
  });
});
