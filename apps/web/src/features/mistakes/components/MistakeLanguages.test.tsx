import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { answerCalls } from '../../../test/server';
import { mistake, mistakesPage } from '../mistakes-test-kit';
import { MistakesScreen } from './MistakesScreen';

// docs/languages.md: a notebook question of a paper in two languages opens in the language it was
// answered in, its texts marked with `lang`, and 'View in' reads it in the other.
const ok = (data: unknown) => ({ status: 200, body: { message: 'ok', data } });

const bilingual = mistake(1, {
  questionText: 'The maximum height is',
  options: ['10 m', '20 m', '40 m', 'zero'],
  yourAnswer: '40 m',
  keyText: '20 m',
  correctOptions: ['20 m'],
  explanation: 'At the top $v = 0$, so $h = 20$ m.',
  languages: { available: ['en', 'hi'], authoritative: 'en', chosen: 'hi' },
  translations: {
    hi: {
      questionText: 'अधिकतम ऊँचाई है',
      options: ['10 मी', '20 मी', '40 मी', 'शून्य'],
      passage: null,
      explanation: 'उच्चतम बिंदु पर $v = 0$, अतः $h = 20$ मी।',
    },
  },
});

describe('the notebook in two languages', () => {
  it('opens a question in Hindi and switches it to English with View in', async () => {
    answerCalls((call) =>
      call.url.pathname === '/api/v1/mistakes' ? ok(mistakesPage([bilingual, mistake(2)])) : undefined,
    );
    renderPage(<MistakesScreen catalogue={{ exams: [] }} />, {
      route: '/mistakes',
      path: '/mistakes',
      user: testUser(),
    });
    const user = userEvent.setup();
    const text = await screen.findByText('अधिकतम ऊँचाई है');
    expect(text.closest('[lang]')).toHaveAttribute('lang', 'hi');
    const card = text.closest('article')!;
    // The option and the last answer; the option and the correct answer.
    const fortyHi = within(card).getAllByText('40 मी');
    expect(fortyHi).toHaveLength(2);
    for (const el of fortyHi) expect(el.closest('[lang]')).toHaveAttribute('lang', 'hi');
    expect(within(card).getAllByText('20 मी')).toHaveLength(2);
    const explanation = [...card.querySelectorAll('.math-text')].find((e) =>
      e.textContent?.startsWith('उच्चतम'),
    );
    expect(explanation).toHaveAttribute('lang', 'hi');

    await user.click(within(card).getByRole('button', { name: 'English' }));
    expect(within(card).getByText('The maximum height is').closest('[lang]')).toHaveAttribute('lang', 'en');
    expect(within(card).queryByText('अधिकतम ऊँचाई है')).not.toBeInTheDocument();
    expect(within(card).getAllByText('40 m')).toHaveLength(2); // the option and the last answer
    // A question of a paper in one language has no switch.
    expect(screen.getAllByRole('group', { name: 'View in' })).toHaveLength(1);
  });
});
