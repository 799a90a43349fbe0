import { uiTexts } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ExamPage from '../../app/routes/exam';
import { renderRoutes, testUser } from '../../test/render';
import { jee, mockApi, ok, records } from './test-api';

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
    if (url.pathname === '/api/v1/user-records') return ok({ data: records });
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

  it('the timed test stays the default: fullscreen and the quiz route', async () => {
    const { router } = renderRoutes(routes, '/exams/jee-main-practice', testUser());
    await userEvent.click(await screen.findByRole('button', { name: 'Start Mock Test' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Enter Fullscreen' }));
    expect(await screen.findByText('quiz screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/quiz/exam/jee-main-practice/module/jee-main-paper-1');
    expect(fullscreen).toHaveBeenCalled();
  });
});
