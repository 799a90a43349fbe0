import type { HintData, LockedCheckData } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { stubScreenWidth } from '../../../test/screen-width';
import { QuizScreen } from './QuizScreen';
import { evalId, makeAssessment, makeEvaluation, mockServer, ok, T0 } from './quiz-test-kit';

// docs/languages.md: in practice on a paper in two languages, a hint and a check's feedback read in the
// language the question is shown in, marked with `lang`, and follow 'View in'.
beforeEach(() => stubScreenWidth(1280));
afterEach(() => sessionStorage.clear());

const question = makeEvaluation(1, {
  baseQuestion: {
    ...makeEvaluation(1).baseQuestion,
    questionText: 'The maximum height is',
    options: ['10 m', '20 m', '40 m', 'zero'],
    translations: {
      hi: { questionText: 'अधिकतम ऊँचाई है', options: ['10 m', '20 m', '40 m', 'शून्य'], passage: null },
    },
  },
});
const hint: HintData = {
  level: 1,
  label: 'Nudge',
  text: 'At the highest point the ball stops.',
  source: 'authored',
  promptVersion: 'ladder@2',
  notice: null,
  translations: { hi: 'उच्चतम बिंदु पर गेंद रुक जाती है।' },
};
const checked: LockedCheckData = {
  correct: false,
  outcome: 'Incorrect',
  score: -1,
  maxScore: 4,
  key: { baseAnswer: 'zero', correctOptions: ['zero'] },
  explanation: 'At the top $v = 0$.',
  translatedExplanations: { hi: 'उच्चतम बिंदु पर $v = 0$।' },
  evaluation: {
    _id: evalId(1),
    userAnswer: '40 m',
    status: 'answered',
    markedForReview: false,
    locked: true,
    confidence: null,
  },
};

describe('practice in two languages', () => {
  it('shows the hint and the feedback in Hindi, and in English after View in', async () => {
    mockServer({
      assessment: makeAssessment({
        mode: 'practice',
        timed: false,
        deadline: new Date(T0 + 7 * 86_400_000).toISOString(),
        languages: { available: ['en', 'hi'], authoritative: 'en', chosen: 'hi' },
      }),
      evaluations: [question, makeEvaluation(2)],
      handle: (call) =>
        call.path.endsWith('/hint') ? ok(hint) : call.path.endsWith('/check') ? ok(checked) : undefined,
    });
    renderPage(<QuizScreen mode="practice" now={() => T0} />, {
      route: '/practice/exam/:examId/:type/:moduleId?/:subjectId?/:topicId?',
      path: '/practice/exam/jee-main/subject/physics-module/mechanics',
      user: testUser(),
    });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Hint' }));
    const hintText = await screen.findByText('उच्चतम बिंदु पर गेंद रुक जाती है।');
    expect(hintText.closest('[lang]')).toHaveAttribute('lang', 'hi');

    const viewIn = (name: string) =>
      user.click(within(screen.getByRole('group', { name: 'View in' })).getByRole('button', { name }));
    // This question in English: the hint follows, and back.
    await viewIn('English');
    expect(screen.getByText('At the highest point the ball stops.').closest('[lang]')).toHaveAttribute(
      'lang',
      'en',
    );
    expect(screen.queryByText('उच्चतम बिंदु पर गेंद रुक जाती है।')).not.toBeInTheDocument();
    await viewIn('हिन्दी');

    await user.click(screen.getByRole('radio', { name: '40 m' }));
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const feedback = (await screen.findByText('Answer key')).parentElement!;
    const key = within(feedback).getByText('शून्य');
    expect(key.closest('[lang]')).toHaveAttribute('lang', 'hi');
    const explanation = () => [...feedback.querySelectorAll('.math-text')].at(-1)!;
    expect(explanation()).toHaveAttribute('lang', 'hi');
    expect(explanation().textContent).toMatch(/^उच्चतम बिंदु पर/);

    await viewIn('English');
    expect(within(feedback).getByText('zero').closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(within(feedback).queryByText('शून्य')).not.toBeInTheDocument();
    expect(explanation()).toHaveAttribute('lang', 'en');
    expect(explanation().textContent).toMatch(/^At the top/);
  });
});
