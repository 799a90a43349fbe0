import {
  cancelScheduledTest,
  listScheduledTests,
  ScheduleError,
  scheduleTest,
} from '../services/live-tests/schedule.js';
import type { Command } from './commands.js';
import { parseCommandArgs, usageError } from './parse.js';
import { shown } from './terminal-text.js';

/**
 * `tests schedule|list|cancel` (docs/product.md#live-test-rules): an operator schedules a live test of a module — the
 * paper is drawn once, now — lists them, or cancels one that has not opened.
 */

const SCHEDULE =
  'tests schedule --module SLUG --opens ISO --closes ISO [--name TEXT] [--batch ID]... [--release manual]';
const LIST = 'tests list';
const CANCEL = 'tests cancel ID';

const scheduleOptions = {
  module: { type: 'string' },
  opens: { type: 'string' },
  closes: { type: 'string' },
  name: { type: 'string' },
  batch: { type: 'string', multiple: true },
  release: { type: 'string' },
} as const;

async function guarded(name: string, work: () => Promise<void>): Promise<number> {
  try {
    await work();
    return 0;
  } catch (error) {
    if (error instanceof ScheduleError) {
      console.error(`${name}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

const testsCommand: Command = {
  help: [
    { usage: SCHEDULE, summary: 'schedule a live test of a module mock test: its paper is drawn now' },
    { usage: LIST, summary: 'the live tests, newest window first, with their takers' },
    { usage: CANCEL, summary: 'cancel a live test that has not opened yet' },
  ],
  run: async ({ database, args }) => {
    const [sub, ...rest] = args;
    if (sub === 'schedule') {
      const parsed = parseCommandArgs(rest, scheduleOptions);
      if (typeof parsed === 'string') return usageError('tests schedule', parsed, SCHEDULE);
      const { module, opens, closes, name, batch, release } = parsed.values;
      if (!module || !opens || !closes)
        return usageError('tests schedule', '--module, --opens and --closes are required', SCHEDULE);
      if (release !== undefined && release !== 'manual' && release !== 'at-close')
        return usageError('tests schedule', '--release takes manual or at-close', SCHEDULE);
      return guarded('tests schedule', async () => {
        const done = await scheduleTest(database.db, {
          moduleSlug: module,
          opensAt: new Date(opens),
          closesAt: new Date(closes),
          ...(name === undefined ? {} : { name }),
          batchIds: batch ?? [],
          release: release ?? 'at-close',
        });
        console.log(`Scheduled "${shown(done.name)}": ${done.id}`);
        console.log(
          `${done.questions} questions, ${done.durationMinutes} minutes, marked by ${done.markingScheme}`,
        );
        if (done.shared > 0)
          console.log(
            `Warning: ${done.shared} of them are also in another live test not yet closed (the module has too few others); ` +
              'that test’s results show their keys while this one may still be open (docs/live-tests.md).',
          );
      });
    }
    if (sub === 'list') {
      if (rest.length) return usageError('tests list', `unexpected argument "${rest[0]}"`, LIST);
      const rows = await listScheduledTests(database.db);
      if (!rows.length) console.log('No live tests scheduled.');
      for (const r of rows)
        console.log(
          `${r.id}  ${r.state.padEnd(9)}  ${r.opens_at} → ${r.closes_at}  ${shown(r.module_slug)}  ` +
            `${r.questions} questions, ${r.takers} takers  ${shown(r.name)}`,
        );
      return 0;
    }
    if (sub === 'cancel') {
      const [id, ...extra] = rest;
      if (!id || extra.length) return usageError('tests cancel', 'give one test id', CANCEL);
      return guarded('tests cancel', async () => {
        await cancelScheduledTest(database.db, id);
        console.log(`Cancelled ${id}.`);
      });
    }
    return usageError(
      'tests',
      sub ? `unknown sub-command "${sub}"` : 'schedule, list or cancel?',
      SCHEDULE,
      LIST,
      CANCEL,
    );
  },
};

export const liveTestCommands: Record<string, Command> = { tests: testsCommand };
