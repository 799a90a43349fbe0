import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubScreenWidth } from '../../../test/screen-width';
import { createBodyFor } from '../hooks/use-quiz-boot';
import { evalId, makeAssessment, makeEvaluation, mockServer, renderQuiz, T0 } from './quiz-test-kit';

// docs/languages.md: a paper in English and Hindi opens in the language picked on the instructions
// screen; 'View in' switches one question; the answer saved is the question's own option text.
beforeEach(() => stubScreenWidth(1280));
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

const bilingual = (n: number) => {
  const base = makeEvaluation(n).baseQuestion;
  return makeEvaluation(n, {
    baseQuestion: {
      ...base,
      questionText: `Speed of the ball ${n}`,
      options: ['is halved', 'doubles', 'stays the same', 'becomes four times as large'],
      translations: {
        hi: {
          questionText: `गेंद की चाल ${n}`,
          options: ['आधी हो जाती है', 'दोगुनी हो जाती है', 'वही रहती है', 'चार गुनी हो जाती है'],
          passage: null,
        },
      },
    },
  });
};

const languages = { available: ['en', 'hi'], authoritative: 'en', chosen: 'hi' };

describe('a paper in two languages', () => {
  it('opens in Hindi, saves the English option text, and View in switches one question only', async () => {
    const server = mockServer({
      assessment: makeAssessment({ languages }),
      evaluations: [bilingual(1), bilingual(2)],
    });
    const user = userEvent.setup();
    renderQuiz({ now: () => T0 });

    await screen.findByRole('heading', { name: 'Question - 1' });
    const text = screen.getByText('गेंद की चाल 1');
    expect(text.closest('[lang]')).toHaveAttribute('lang', 'hi');
    await user.click(screen.getByRole('radio', { name: 'दोगुनी हो जाती है' }));
    await user.click(screen.getByRole('button', { name: 'Save & Next' }));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
    // What is stored never depends on the language shown.
    expect(server.saves()[0]!.body).toMatchObject({ evaluationId: evalId(1), userAnswer: 'doubles' });

    // Question 2 is switched to English; question 1 stays in Hindi, its answer still chosen.
    await screen.findByText('गेंद की चाल 2');
    await user.click(
      within(screen.getByRole('group', { name: 'View in' })).getByRole('button', { name: 'English' }),
    );
    expect(screen.getByText('Speed of the ball 2')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'stays the same' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prev' }));
    await screen.findByText('गेंद की चाल 1');
    expect(screen.getByRole('radio', { name: 'दोगुनी हो जाती है' })).toBeChecked();
  });

  it('a paper in one language shows no View in switch', async () => {
    mockServer({ evaluations: [makeEvaluation(1), makeEvaluation(2)] });
    renderQuiz({ now: () => T0 });
    await screen.findByRole('heading', { name: 'Question - 1' });
    expect(screen.queryByRole('group', { name: 'View in' })).not.toBeInTheDocument();
  });

  it('starts a session in the language last picked on an instructions screen', () => {
    localStorage.setItem('ai-tutor:language', 'hi');
    expect(createBodyFor({ examId: 'jee-main', type: 'module', moduleId: 'paper-1' })).toMatchObject({
      examSlug: 'jee-main',
      moduleSlug: 'paper-1',
      language: 'hi',
    });
    localStorage.removeItem('ai-tutor:language');
    expect(createBodyFor({ examId: 'jee-main', type: 'module', moduleId: 'paper-1' })).not.toHaveProperty(
      'language',
    );
  });
});
