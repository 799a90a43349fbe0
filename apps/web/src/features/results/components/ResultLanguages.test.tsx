import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { ResultScreen } from './ResultScreen';
import {
  makeAssessment,
  makeResultEvaluation,
  mockFetch,
  ok,
  question,
  stubResizeObserver,
} from './results-test-kit';

// docs/languages.md: a result of a bilingual paper reads in the language the session was taken in —
// question, the learner's and the right answer, the explanation — and switches back to English; marks
// are the same in both.
beforeEach(() => stubResizeObserver());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const options = ['is halved', 'doubles', 'stays the same'];
const hindi = ['आधी हो जाती है', 'दोगुनी हो जाती है', 'वही रहती है'];
const evaluation = makeResultEvaluation(1, {
  baseQuestion: {
    ...question('If the separation is doubled, the fringe width', options, { id: 's1', name: 'Physics' }),
    translations: { hi: { questionText: 'यदि दूरी दोगुनी हो, तो फ्रिंज चौड़ाई', options: hindi, passage: null } },
  },
  userAnswer: 'doubles',
  status: 'answered',
  baseAnswer: 'is halved',
  correctOptions: ['is halved'],
  outcome: 'Incorrect',
  score: -1,
  explanation: 'The fringe width is inversely proportional to the separation.',
  translatedExplanations: { hi: 'फ्रिंज चौड़ाई दूरी के व्युत्क्रमानुपाती है।' },
});

describe('a result in two languages', () => {
  it('shows the question, answers and explanation in Hindi, and in English after View in', async () => {
    mockFetch(() =>
      ok({
        assessment: makeAssessment({
          languages: { available: ['en', 'hi'], authoritative: 'en', chosen: 'hi' },
          totalQuestions: 1,
        }),
        evaluations: [evaluation],
        corrections: [],
      }),
    );
    const user = userEvent.setup();
    renderPage(<ResultScreen />, {
      route: '/quiz/result/:assessmentId',
      path: '/quiz/result/mechanics-quiz-1',
      user: testUser(),
    });
    const row = await screen.findByTestId('question-row-1');
    expect(within(row).getByText('यदि दूरी दोगुनी हो, तो फ्रिंज चौड़ाई').closest('[lang]')).toHaveAttribute(
      'lang',
      'hi',
    );
    expect(within(row).getByText('दोगुनी हो जाती है')).toBeInTheDocument();
    expect(within(row).getByText('आधी हो जाती है')).toBeInTheDocument();
    expect(within(row).getByText('-1 / 4 marks')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /Explanation/ }));
    expect(await screen.findByText('फ्रिंज चौड़ाई दूरी के व्युत्क्रमानुपाती है।')).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('group', { name: 'View in' })).getByRole('button', { name: 'English' }),
    );
    const english = screen.getByTestId('question-row-1');
    expect(within(english).getByText('If the separation is doubled, the fringe width')).toBeInTheDocument();
    expect(within(english).getByText('doubles')).toBeInTheDocument();
    expect(within(english).getByText('-1 / 4 marks')).toBeInTheDocument();
  });
});
