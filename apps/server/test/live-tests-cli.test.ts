import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveTestCommands } from '../src/cli/live-test-commands.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, type TestCatalogue } from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';
import { listLive } from './helpers/live-tests.js';

// The operator's `tests schedule|list|cancel` (docs/product.md#live-test-rules).
let c: TestCatalogue;
const t = useTestApp();
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 4, durationMinutes: 60 },
    subjects: [
      { name: 'Physics', questions: 3 },
      { name: 'Chemistry', questions: 3 },
    ],
  });
});
afterEach(() => vi.restoreAllMocks());

async function tests(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void err.push(parts.join(' ')));
  const code = await liveTestCommands.tests!.run({ config: t.config, database: t.database, args });
  vi.restoreAllMocks();
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const inHours = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

describe('tests schedule', () => {
  it('draws the paper once and prints the id and the question count', async () => {
    const done = await tests(
      'schedule',
      '--module',
      c.module.slug,
      '--opens',
      inHours(1),
      '--closes',
      inHours(3),
      '--name',
      'Sunday live test',
    );
    expect(done.code).toBe(0);
    expect(done.out).toMatch(
      /^Scheduled "Sunday live test": [0-9a-f-]{36}\n4 questions, 60 minutes, marked by spec@1$/,
    );
    const id = /: ([0-9a-f-]{36})/.exec(done.out)![1]!;
    const list = await listLive(t.app, await createLearner(t.app), c.exam.slug);
    expect(list.upcoming.find((x) => x.id === id)).toMatchObject({
      name: 'Sunday live test',
      status: 'upcoming',
      totalQuestions: 4,
      totalMarks: 16,
      durationMinutes: 60,
      you: { state: 'not_started' },
    });
    expect((await tests('list')).out).toContain(`${id}  upcoming`);
  });

  it('refuses a window that closes first, is shorter than the test, or a module that does not exist', async () => {
    const bad = async (...args: string[]) => {
      const r = await tests('schedule', ...args);
      expect(r.code).toBe(1);
      return r.err;
    };
    expect(await bad('--module', c.module.slug, '--opens', inHours(3), '--closes', inHours(1))).toContain(
      'the test must close after it opens',
    );
    expect(await bad('--module', c.module.slug, '--opens', inHours(1), '--closes', inHours(1.5))).toContain(
      "the window must be at least the test's duration (60 minutes)",
    );
    expect(await bad('--module', 'no-such-module', '--opens', inHours(1), '--closes', inHours(3))).toContain(
      'no module with slug "no-such-module"',
    );
    expect(await bad('--module', c.module.slug, '--opens', 'soon', '--closes', inHours(3))).toContain(
      'ISO date-times',
    );
    expect(await bad('--module', c.module.slug)).toContain('--module, --opens and --closes are required');
  });
});

describe('tests cancel', () => {
  it('cancels a test that has not opened: learners no longer see it', async () => {
    const made = await tests(
      'schedule',
      '--module',
      c.module.slug,
      '--opens',
      inHours(1),
      '--closes',
      inHours(2),
    );
    const id = /: ([0-9a-f-]{36})/.exec(made.out)![1]!;
    expect((await tests('cancel', id)).code).toBe(0);
    const list = await listLive(t.app, await createLearner(t.app), c.exam.slug);
    expect(list.upcoming.map((x) => x.id)).not.toContain(id);
    expect((await tests('cancel', id)).err).toContain('cancelled already');
  });

  it('refuses to cancel a test that has opened', async () => {
    const made = await tests(
      'schedule',
      '--module',
      c.module.slug,
      '--opens',
      inHours(-0.5),
      '--closes',
      inHours(2),
    );
    const id = /: ([0-9a-f-]{36})/.exec(made.out)![1]!;
    const r = await tests('cancel', id);
    expect(r.code).toBe(1);
    expect(r.err).toContain('the test has opened');
  });
});
