import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render';
import { AchievementPage } from './AchievementPage';
import { fail, mockFetch, ok } from '../../../test/api-replies';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ROUTE = '/achievements/:id';

describe('AchievementPage', () => {
  it('shows the first name, score, exam, module, subject and date from the server', async () => {
    const calls = mockFetch(() =>
      ok({
        firstName: 'Asha',
        exam: 'JEE',
        module: 'JEE Main',
        subject: 'Physics',
        topic: null,
        score: 30,
        totalMarks: 40,
        percentage: 75,
        date: '2026-03-01T10:30:00.000Z',
      }),
    );
    renderPage(<AchievementPage />, { route: ROUTE, path: '/achievements/p1' });
    expect(await screen.findByRole('heading', { name: 'Verified achievement' })).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/v1/achievements/p1' });
    expect(screen.getByText('Asha scored 30 / 40 (75.0%)')).toBeInTheDocument();
    expect(screen.getByText('JEE')).toBeInTheDocument();
    expect(screen.getByText('JEE Main')).toBeInTheDocument();
    expect(screen.getByText('Physics')).toBeInTheDocument();
    expect(screen.getByText('1 March 2026')).toBeInTheDocument();
    expect(screen.queryByText('Topic')).not.toBeInTheDocument();
  });

  it('says when the achievement does not exist', async () => {
    mockFetch(() => fail(404, 'Achievement not found'));
    renderPage(<AchievementPage />, { route: ROUTE, path: '/achievements/unknown' });
    expect(await screen.findByText(/This achievement could not be found/)).toBeInTheDocument();
  });
});
