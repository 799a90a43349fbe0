import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { TestInstructions } from './components/TestInstructions';

const info = { durationMinutes: 180, questionCount: 90, markingScheme: '+4, −1' };

describe('the instructions screen and extra time', () => {
  it('says the learner’s extra time in a plain sentence', async () => {
    answerCalls(({ url }) =>
      url.pathname === '/api/v1/users/me/accommodations'
        ? { body: { message: 'ok', data: { extraTimePercent: 25, extraTimeMinutes: 0 } } }
        : undefined,
    );
    renderPage(<TestInstructions info={info} declared={false} onDeclared={() => undefined} />, {
      user: testUser(),
    });
    expect(await screen.findByText('You have 25 % extra time: 225 minutes.')).toBeInTheDocument();
  });

  it('says nothing of it when the learner has none', async () => {
    const calls = answerCalls(({ url }) =>
      url.pathname === '/api/v1/users/me/accommodations'
        ? { body: { message: 'ok', data: { extraTimePercent: 0, extraTimeMinutes: 0 } } }
        : undefined,
    );
    renderPage(<TestInstructions info={info} declared={false} onDeclared={() => undefined} />, {
      user: testUser(),
    });
    await waitFor(() => expect(calls.length).toBe(1));
    await screen.findByText('Instructions');
    expect(screen.queryByText(/extra time/)).not.toBeInTheDocument();
  });
});
