import type { ImportJob, ImportReport } from '@ai-tutor/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { renderRoutes, testUser } from '../../test/render';
import { answerCalls } from '../../test/server';
import { preloadConsole } from '../../test/preload-console';

preloadConsole();

const ok = (data: unknown) => ({ body: { message: 'ok', data } });
const GIFT = '::Q1:: 2 + 2? {=4 ~3}\n\n::Q2:: No right answer? {~a ~b}\n';

const dryRunReport: ImportReport = {
  mode: 'dry-run',
  applied: false,
  files: [
    {
      file: 'physics.gift',
      format: 'gift',
      created: 1,
      updated: 0,
      unchanged: 0,
      errors: 1,
      skipped: 0,
      warnings: 0,
      imported: true,
    },
  ],
  totals: { created: 1, updated: 0, unchanged: 0, errors: 1, skipped: 0, warnings: 0 },
  issues: [
    {
      file: 'physics.gift',
      line: 3,
      question: 'No right answer?',
      severity: 'error',
      message: 'no answer is marked right: mark the right one with "="',
    },
  ],
  notes: [],
};
const importReport: ImportReport = { ...dryRunReport, mode: 'valid-only', applied: true };

const job = (over: Partial<ImportJob>): ImportJob => ({
  id: `2222222${over.mode === 'dry-run' ? '1' : '2'}-2222-4222-8222-222222222222`,
  mode: 'dry-run',
  state: 'running',
  processed: 0,
  total: 0,
  startedAt: '2026-11-28T01:00:00.000Z',
  report: null,
  failure: null,
  ...over,
});

describe('import questions', () => {
  it('dry-runs the chosen files, shows each problem, then imports the valid ones with progress in words', async () => {
    let polls = 0;
    let mode = 'dry-run';
    const calls = answerCalls(({ url, method, body }) => {
      if (url.pathname === '/api/v1/admin/imports' && method === 'POST') {
        mode = (body as { mode: string }).mode;
        polls = 0;
        return {
          status: 202,
          body: { message: 'Import started', data: job({ mode: mode as ImportJob['mode'] }) },
        };
      }
      if (url.pathname.startsWith('/api/v1/admin/imports/')) {
        polls++;
        const m = mode as ImportJob['mode'];
        if (polls === 1) return ok(job({ mode: m, processed: 1, total: 2 }));
        return ok(
          job({
            mode: m,
            state: 'done',
            processed: 2,
            total: 2,
            report: m === 'dry-run' ? dryRunReport : importReport,
          }),
        );
      }
      return undefined;
    });
    renderRoutes(routes, '/admin/imports', testUser({ roles: ['editor'] }));
    const input = await screen.findByLabelText('Question files', undefined, { timeout: 20_000 });
    await userEvent.upload(input, new File([GIFT], 'physics.gift', { type: 'text/plain' }));
    await userEvent.type(screen.getByLabelText('Subject slug'), 'jee-physics');
    expect(screen.getByRole('button', { name: 'Import the valid ones' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));

    expect(await screen.findByText('Checking: 1 of 2 questions (50 %)')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuetext',
      'Checking: 1 of 2 questions (50 %)',
    );
    expect(
      await screen.findByText(
        'Dry run, nothing was written. The valid questions would be: 1 created, 0 updated, 0 unchanged. Found 1 error, 0 not importable, 0 warnings.',
      ),
    ).toBeInTheDocument();
    const problems = screen.getByRole('table', { name: 'Problems found' });
    expect(
      within(problems)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['physics.gift3No right answer?Errorno answer is marked right: mark the right one with "="']);
    const start = calls.find((call) => call.method === 'POST')!;
    expect(start.body).toEqual({
      mode: 'dry-run',
      subject: 'jee-physics',
      files: [{ name: 'physics.gift', content: btoa(GIFT) }],
    });

    // An error: all or nothing would write nothing, so only the valid ones are offered.
    expect(screen.getByRole('button', { name: 'Import all or nothing' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Import the valid ones' }));
    expect(await screen.findByText('Importing: 1 of 2 questions (50 %)')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Imported: 1 created, 0 updated, 0 unchanged. 1 error, 0 not importable, 0 warnings.',
      ),
    ).toBeInTheDocument();
    const files = screen.getByRole('table', { name: 'Files' });
    expect(within(files).getAllByRole('row')[1]!.textContent).toBe('physics.giftgift100100Imported');
    expect(
      calls.filter((call) => call.method === 'POST').map((call) => (call.body as { mode: string }).mode),
    ).toEqual(['dry-run', 'valid-only']);
  }, 60_000);

  it('says why files cannot be sent, and shows the server’s refusal', async () => {
    answerCalls(({ url, method }) => {
      if (url.pathname === '/api/v1/admin/imports' && method === 'POST')
        return { status: 400, body: { message: 'a.gift: the content is not base64', data: null } };
      return undefined;
    });
    renderRoutes(routes, '/admin/imports', testUser({ roles: ['editor'] }));
    const input = await screen.findByLabelText('Question files', undefined, { timeout: 20_000 });
    await userEvent.upload(input, [new File(['x'], 'a.gift'), new File(['y'], 'a.gift')]);
    expect(screen.getByText('Two files are called a.gift: rename one.')).toBeInTheDocument();
    await userEvent.upload(input, new File(['x'], 'a.gift'));
    await userEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('a.gift: the content is not base64')).toBeInTheDocument();
  }, 60_000);
});
