import type { AdminQuestion, KeyCorrectionResult, ReportGroup } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const QUESTION_ID = '22222222-2222-4222-8222-222222222222';
const asha = { id: 'u1', name: 'Asha', email: 'asha@example.test' };
const ravi = { id: 'u2', name: 'Ravi', email: 'ravi@example.test' };
const report = {
  id: 'r1',
  reason: 'wrong-key' as const,
  note: 'Option B is right',
  status: 'open' as const,
  reporter: ravi,
  createdAt: '2026-11-28T01:00:00.000Z',
  resolvedAt: null,
  resolution: null,
};
const group: ReportGroup = {
  id: QUESTION_ID,
  questionText: 'Which is the unit of charge?',
  subject: 'Physics',
  type: 'single',
  dropped: false,
  reasons: { 'wrong-key': 1 },
  total: 1,
  latestAt: '2026-11-28T01:00:00.000Z',
  reports: [report],
};
const question = (answer: string): AdminQuestion => ({
  id: QUESTION_ID,
  type: 'single',
  text: 'Which is the unit of charge?',
  passage: null,
  options: ['ampere', 'coulomb', 'volt'],
  explanation: 'Charge is current times time.',
  key: { type: 'single', answer },
  keyText: answer,
  subject: 'Physics',
  topic: null,
  droppedAt: null,
  openReports: answer === 'ampere' ? 1 : 0,
  reports: [report],
  completedSessions: 3,
});
const result = (dryRun: boolean): KeyCorrectionResult => ({
  dryRun,
  correctionId: dryRun ? null : 'c1',
  questionId: QUESTION_ID,
  before: 'ampere',
  after: 'coulomb',
  sessions: 3,
  changed: 2,
  learners: 2,
  reportsResolved: 1,
  changes: [
    { assessmentId: 'a1', learner: asha, liveTest: 'Mock 1', scoreBefore: 12, scoreAfter: 7 },
    { assessmentId: 'a2', learner: ravi, liveTest: 'Mock 1', scoreBefore: 7, scoreAfter: 12 },
  ],
  liveTests: [
    {
      id: 't1',
      name: 'Mock 1',
      moves: [
        {
          learner: ravi,
          scoreBefore: 7,
          scoreAfter: 12,
          rankBefore: 3,
          rankAfter: 1,
          percentileBefore: 33.333,
          percentileAfter: 100,
        },
      ],
    },
  ],
});
const ok = (data: unknown) => ({ body: { message: 'ok', data } });

describe('the console’s reports and key corrections', () => {
  // The first test loads the console's lazy chunk and the data grid: slow on a busy machine.
  it(
    'opens a reported question, dry-runs a new key, then applies it after confirming',
    { timeout: 90_000 },
    async () => {
      let key = 'ampere';
      const calls = answerCalls(({ url, method, body }) => {
        if (url.pathname === '/api/v1/admin/reports') return ok({ rows: [group], total: 1 });
        if (url.pathname === `/api/v1/admin/questions/${QUESTION_ID}`) return ok(question(key));
        if (url.pathname === `/api/v1/admin/questions/${QUESTION_ID}/key-corrections` && method === 'POST') {
          const dryRun = (body as { dryRun: boolean }).dryRun;
          if (!dryRun) key = 'coulomb';
          return ok(result(dryRun));
        }
        return undefined;
      });
      renderRoutes(routes, '/admin/reports', testUser({ roles: ['editor'] }));
      // The console is a lazy chunk: its first load in a busy worker may take a while.
      const grid = await screen.findByRole('grid', { name: 'Reports' }, { timeout: 20_000 });
      expect(await within(grid).findByText(/ravi@example.test: Option B is right/)).toBeInTheDocument();
      await userEvent.click(within(grid).getByRole('link', { name: 'Which is the unit of charge?' }));

      expect(await screen.findByText('Charge is current times time.')).toBeInTheDocument();
      expect(screen.getByText(/Option B is right/)).toBeInTheDocument();
      const panel = screen.getByRole('region', { name: 'Correct the key' });
      const apply = within(panel).getByRole('button', { name: 'Apply' });
      expect(apply).toBeDisabled();
      await userEvent.click(within(panel).getByRole('radio', { name: 'coulomb' }));
      await userEvent.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'NTA final key');
      await userEvent.click(within(panel).getByRole('button', { name: 'Dry run' }));

      const dry = await within(panel).findByRole('region', { name: 'Dry run' });
      const changes = within(dry).getByRole('table', { name: 'Score changes' });
      expect(within(changes).getAllByRole('row')).toHaveLength(3);
      expect(within(changes).getByText('Asha (asha@example.test)')).toBeInTheDocument();
      expect(within(changes).getByText('-5')).toBeInTheDocument();
      const moves = within(dry).getByRole('table', { name: 'Rank moves in Mock 1' });
      expect(within(moves).getByText('3 → 1')).toBeInTheDocument();
      expect(within(moves).getByText('33.33 → 100.00')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        answer: 'coulomb',
        reason: 'NTA final key',
        dryRun: true,
      });

      await userEvent.click(apply);
      const dialog = await screen.findByRole('dialog', { name: 'Apply this correction?' });
      expect(within(dialog).getByText(/2 sessions will be rescored/)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Apply correction' }));

      expect(await screen.findByText(/Applied: 2 sessions rescored/)).toBeInTheDocument();
      const posts = calls.filter((call) => call.method === 'POST');
      expect(posts).toHaveLength(2);
      expect(posts[1]?.body).toEqual({ answer: 'coulomb', reason: 'NTA final key', dryRun: false });
      // The question is read again: its key is the new one and its reports are resolved.
      expect(await screen.findByText('Reports (0 open)')).toBeInTheDocument();
    },
  );

  it('asks for a new dry run after the choice changes', async () => {
    answerCalls(({ url, method }) => {
      if (url.pathname === `/api/v1/admin/questions/${QUESTION_ID}`) return ok(question('ampere'));
      if (method === 'POST') return ok(result(true));
      return undefined;
    });
    renderRoutes(routes, `/admin/reports/${QUESTION_ID}`, testUser({ roles: ['admin'] }));
    const panel = await screen.findByRole('region', { name: 'Correct the key' });
    await userEvent.click(within(panel).getByRole('radio', { name: 'coulomb' }));
    await userEvent.type(within(panel).getByRole('textbox', { name: /Reason/ }), 'x');
    await userEvent.click(within(panel).getByRole('button', { name: 'Dry run' }));
    await within(panel).findByRole('region', { name: 'Dry run' });
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeEnabled();
    await userEvent.click(within(panel).getByRole('radio', { name: 'volt' }));
    expect(within(panel).queryByRole('region', { name: 'Dry run' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Apply' })).toBeDisabled();
  });
});
