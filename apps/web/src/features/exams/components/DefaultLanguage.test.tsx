import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, testUser } from '../../../test/render';
import { answerCalls } from '../../../test/server';
import { StartQuizDialog } from './StartQuizDialog';

// docs/languages.md: a paper in two languages asks for the default language on its instructions
// screen, remembers the learner's last choice, and the next session is started in it.
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const target = (languages?: string[]) => ({
  label: 'Paper 1',
  size: '75 questions · 180 minutes',
  to: '/quiz/exam/jee-main/module/paper-1',
  instructions: {
    durationMinutes: 180,
    questionCount: 75,
    markingScheme: '+4 / −1',
    ...(languages ? { languages } : {}),
  },
});

const renderDialog = (languages?: string[]) => {
  answerCalls(() => ({ status: 200, body: { message: 'ok', data: { extraTimePercent: 0 } } }));
  renderPage(
    <StartQuizDialog target={target(languages)} onCancel={() => undefined} onConfirm={() => undefined} />,
    {
      user: testUser(),
    },
  );
};

describe('the default language on the instructions screen', () => {
  it('offers the paper’s languages, English first, and keeps the one picked for the next start', async () => {
    const user = userEvent.setup();
    renderDialog(['en', 'hi']);
    const group = await screen.findByRole('radiogroup', { name: 'Choose your default language' });
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    expect(group).toBeInTheDocument();
    expect(localStorage.getItem('ai-tutor:language')).toBe('hi');
  });

  it('opens on the learner’s last choice', async () => {
    localStorage.setItem('ai-tutor:language', 'hi');
    renderDialog(['en', 'hi']);
    expect(await screen.findByRole('radio', { name: 'हिन्दी' })).toBeChecked();
  });

  it('a paper in one language asks nothing', async () => {
    renderDialog();
    await screen.findByText('Instructions');
    expect(
      screen.queryByRole('radiogroup', { name: 'Choose your default language' }),
    ).not.toBeInTheDocument();
  });
});
