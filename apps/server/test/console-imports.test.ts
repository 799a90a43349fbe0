import type { ImportJob } from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, importJobs, questions, subjects } from '../src/db/schema.js';
import { LOST_JOB } from '../src/services/imports/import-jobs.js';
import { fixture } from './fixtures/import/bank.js';
import { useTestApp } from './helpers/app.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';

/** Questions imported from the console: dry run, all or nothing, valid only, progress, access. */
const t = useTestApp();

type Headers = Record<string, string>;
const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

/** A catalogue of our own format holding one new subject (random slugs: the tests share a schema). */
function catalogue() {
  const s = randomBytes(3).toString('hex');
  const subject = `sub-${s}`;
  const yaml = [
    'exams:',
    `  - name: Exam ${s}`,
    `    slug: exam-${s}`,
    '    modules:',
    `      - name: Paper ${s}`,
    `        slug: paper-${s}`,
    '        durationMinutes: 30',
    '        questionCount: 2',
    '        subjects:',
    `          - name: Subject ${s}`,
    `            slug: ${subject}`,
    '            durationMinutes: 10',
    '            questionCount: 2',
    '            questions:',
    `              - text: 'Which quantity is a vector (${s})?'`,
    '                options: [Speed, Velocity, Mass]',
    '                answer: Velocity',
    `              - text: 'How many metres in a kilometre (${s})?'`,
    '                answer: 1000',
  ].join('\n');
  // Line 5: no answer marked right (an error); line 7: a matching question (never importable).
  const gift = [
    `::Q1:: What is 2 + 2 (${s})? {=4 ~3 ~5}`,
    '',
    `::Q2:: Which is a scalar (${s})? {~velocity =mass ~force}`,
    '',
    `::Q3:: Which has no right answer (${s})? {~a ~b ~c}`,
    '',
    '::Q4:: Match them {=a -> 1 =b -> 2 =c -> 3}',
  ].join('\n');
  const aiken = [`What is the SI unit of charge (${s})?`, 'A. ampere', 'B. coulomb', 'ANSWER: B'].join('\n');
  const csv = [
    'subject,text,option_a,option_b,option_c,answer',
    `${subject},"What is 3 + 3 (${s})?",5,6,7,6`,
  ].join('\n');
  return { subject, yaml, gift, aiken, csv };
}

const start = (headers: Headers, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/imports', headers, payload });

/** Starts an import and polls it until it finishes, as the console does; every poll's progress kept. */
async function importFiles(
  headers: Headers,
  mode: string,
  files: Record<string, string | Buffer>,
  subject?: string,
) {
  const res = await start(headers, {
    mode,
    subject,
    files: Object.entries(files).map(([name, text]) => ({ name, content: b64(text) })),
  });
  expect(res.statusCode).toBe(202);
  let job = res.json().data as ImportJob;
  const seen: ImportJob[] = [job];
  while (job.state === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const poll = await t.app.inject({ method: 'GET', url: `/api/v1/admin/imports/${job.id}`, headers });
    expect(poll.statusCode).toBe(200);
    job = poll.json().data as ImportJob;
    seen.push(job);
  }
  expect(job.state).toBe('done');
  return { job, report: job.report!, seen };
}

const questionCount = async () => (await t.app.db.select({ n: count() }).from(questions))[0]!.n;
const subjectExists = async (slug: string) =>
  (await t.app.db.select().from(subjects).where(eq(subjects.slug, slug))).length > 0;
const importAudits = async (id: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'questions.import'), eq(auditLog.objectId, id)));

describe('POST /api/v1/admin/imports', () => {
  it('a dry run writes nothing and reports each file, and every error with its file, line and question', async () => {
    const editor = await createStaff(t.app, 'editor');
    const c = catalogue();
    const before = await questionCount();
    const { job, report } = await importFiles(
      editor.headers,
      'dry-run',
      { 'catalogue.yaml': c.yaml, 'physics.gift': c.gift, 'charge.aiken': c.aiken, 'sums.csv': c.csv },
      c.subject,
    );
    expect(report.applied).toBe(false);
    expect(report.files.map((f) => [f.file, f.format, f.created, f.errors, f.skipped, f.imported])).toEqual([
      ['catalogue.yaml', 'yaml', 2, 0, 0, true],
      ['physics.gift', 'gift', 2, 1, 1, true],
      ['charge.aiken', 'aiken', 1, 0, 0, true],
      ['sums.csv', 'csv', 1, 0, 0, true],
    ]);
    expect(report.totals).toMatchObject({ created: 6, errors: 1, skipped: 1 });
    expect(report.issues).toEqual(
      expect.arrayContaining([
        {
          file: 'physics.gift',
          line: 5,
          question: expect.stringContaining('Which has no right answer'),
          severity: 'error',
          message: expect.stringContaining('no answer is marked right'),
        },
        expect.objectContaining({ file: 'physics.gift', line: 7, severity: 'skipped' }),
      ]),
    );
    expect(await questionCount()).toBe(before);
    expect(await subjectExists(c.subject)).toBe(false);
    expect(await importAudits(job.id)).toHaveLength(0);
  });

  it('all or nothing: an error in one file writes nothing of any file', async () => {
    const editor = await createStaff(t.app, 'editor');
    const c = catalogue();
    const before = await questionCount();
    const { job, report } = await importFiles(
      editor.headers,
      'all-or-nothing',
      { 'catalogue.yaml': c.yaml, 'physics.gift': c.gift },
      c.subject,
    );
    expect(report.applied).toBe(false);
    expect(report.files.every((f) => !f.imported && f.created === 0)).toBe(true);
    expect(report.issues).toContainEqual(
      expect.objectContaining({ file: 'physics.gift', line: 5, severity: 'error' }),
    );
    expect(await questionCount()).toBe(before);
    expect(await subjectExists(c.subject)).toBe(false);
    expect(await importAudits(job.id)).toHaveLength(0);
  });

  it('all or nothing: a file the database refuses (an unknown subject) rolls back the files before it', async () => {
    const editor = await createStaff(t.app, 'editor');
    const c = catalogue();
    const { report } = await importFiles(
      editor.headers,
      'all-or-nothing',
      { 'catalogue.yaml': c.yaml, 'charge.aiken': c.aiken },
      'no-such-subject',
    );
    expect(report.applied).toBe(false);
    expect(report.issues).toContainEqual(
      expect.objectContaining({
        file: 'charge.aiken',
        severity: 'error',
        message: expect.stringContaining('no subject has the slug "no-such-subject"'),
      }),
    );
    expect(await subjectExists(c.subject)).toBe(false);
  });

  it('valid only imports the valid questions of every format, reports the rest, and leaves an audit row', async () => {
    const editor = await createStaff(t.app, 'editor');
    const c = catalogue();
    const before = await questionCount();
    const { job, report, seen } = await importFiles(
      editor.headers,
      'valid-only',
      {
        'catalogue.yaml': c.yaml,
        'physics.gift': c.gift,
        'charge.aiken': c.aiken,
        'sums.csv': c.csv,
        'thermo.xml': readFileSync(fixture('questions.xml')),
        'notes.docx': 'not a question file',
      },
      c.subject,
    );
    expect(report.applied).toBe(true);
    const byFile = Object.fromEntries(report.files.map((f) => [f.file, f]));
    expect(byFile['physics.gift']).toMatchObject({ created: 2, errors: 1, imported: true });
    expect(byFile['thermo.xml']).toMatchObject({ format: 'moodle-xml', imported: true });
    expect(byFile['notes.docx']).toMatchObject({ format: null, errors: 1, imported: false });
    expect(report.issues).toContainEqual({
      file: 'notes.docx',
      line: null,
      question: null,
      severity: 'error',
      message: 'cannot tell the format from ".docx": use .json, .yaml, .gift, .xml, .aiken or .csv',
    });
    const created = report.totals.created;
    expect(created).toBe(6 + byFile['thermo.xml']!.created);
    expect(await questionCount()).toBe(before + created);
    const [subject] = await t.app.db.select().from(subjects).where(eq(subjects.slug, c.subject));
    const texts = (
      await t.app.db
        .select({ text: questions.text })
        .from(questions)
        .where(inArray(questions.subjectId, [subject!.id]))
    ).map((q) => q.text);
    expect(texts.some((text) => text.includes('What is 2 + 2'))).toBe(true);
    expect(texts.some((text) => text.includes('no right answer'))).toBe(false);
    const audits = await importAudits(job.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: editor.id, objectType: 'import' });
    // Progress: never backwards, and at the end every question of the files is processed.
    const processed = seen.map((j) => j.processed);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(job.processed).toBe(job.total);
    expect(job.total).toBeGreaterThanOrEqual(created);
  });

  it('valid only: a file the database refuses is rolled back alone; the others are imported', async () => {
    const editor = await createStaff(t.app, 'editor');
    const c = catalogue();
    const { report } = await importFiles(
      editor.headers,
      'valid-only',
      { 'catalogue.yaml': c.yaml, 'stray.gift': '::Q:: Stray? {=yes ~no}' },
      'no-such-subject',
    );
    expect(report.applied).toBe(true);
    expect(report.files.map((f) => [f.file, f.imported, f.created])).toEqual([
      ['catalogue.yaml', true, 2],
      ['stray.gift', false, 0],
    ]);
    expect(await subjectExists(c.subject)).toBe(true);
  });

  it('all or nothing without errors imports everything; again, everything is unchanged', async () => {
    const admin = await createStaff(t.app, 'admin');
    const c = catalogue();
    const files = { 'catalogue.yaml': c.yaml, 'charge.aiken': c.aiken };
    const first = await importFiles(admin.headers, 'all-or-nothing', files, c.subject);
    expect(first.report).toMatchObject({ applied: true, totals: { created: 3, errors: 0 } });
    expect(first.job).toMatchObject({ state: 'done', processed: 3, total: 3 });
    const again = await importFiles(admin.headers, 'all-or-nothing', files, c.subject);
    expect(again.report.totals).toMatchObject({ created: 0, unchanged: 3 });
    expect(await importAudits(first.job.id)).toHaveLength(1);
  });

  it('refuses bad uploads with a 4xx envelope and writes nothing', async () => {
    const editor = await createStaff(t.app, 'editor');
    const notBase64 = await start(editor.headers, {
      mode: 'valid-only',
      files: [{ name: 'a.gift', content: '###' }],
    });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json()).toMatchObject({ data: null, message: 'a.gift: the content is not base64' });
    const same = await start(editor.headers, {
      mode: 'dry-run',
      files: [
        { name: 'a.gift', content: b64('x') },
        { name: 'a.gift', content: b64('y') },
      ],
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ path: 'files.1.name', message: 'Two files are called a.gift' }]);
    const big = await start(editor.headers, {
      mode: 'dry-run',
      files: [{ name: 'big.csv', content: b64(Buffer.alloc(8 * 1024 * 1024 + 1, 65)) }],
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('big.csv is larger than 8 MB');
    const none = await start(editor.headers, { mode: 'dry-run', files: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().data).toBeNull();
  });

  it('is for the console: 401 without a session, 403 for a learner, 404 for another editor’s import', async () => {
    const learner = await createLearner(t.app);
    const body = { mode: 'dry-run', files: [{ name: 'a.aiken', content: b64('Q?\nA. x\nB. y\nANSWER: A') }] };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/admin/imports', payload: body })).statusCode,
    ).toBe(401);
    const refused = await start(learner.headers, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toBeNull();
    const editor = await createStaff(t.app, 'editor');
    const other = await createStaff(t.app, 'editor');
    const { job } = await importFiles(editor.headers, 'dry-run', { 'a.aiken': 'Q?\nA. x\nB. y\nANSWER: A' });
    // Without a subject slug an Aiken file cannot be placed: said in the console's words.
    expect(job.report!.issues[0]!.message).toBe(
      'Aiken files need a subject slug to say which subject they fill',
    );
    const url = `/api/v1/admin/imports/${job.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: learner.headers })).statusCode).toBe(403);
  });

  it('answers from the job’s row once done, and calls a job whose server stopped failed', async () => {
    const editor = await createStaff(t.app, 'editor');
    const { job } = await importFiles(editor.headers, 'dry-run', { 'catalogue.yaml': catalogue().yaml });
    const [row] = await t.app.db.select().from(importJobs).where(eq(importJobs.id, job.id));
    expect(row).toMatchObject({ state: 'done', processed: 2, total: 2, ownerId: editor.id });
    expect(row!.report).toEqual(job.report);
    // Another instance's job whose heartbeat stopped two minutes ago: that instance is gone.
    const lost = '33333333-3333-4333-8333-333333333333';
    await t.app.db.insert(importJobs).values({
      id: lost,
      ownerId: editor.id,
      mode: 'valid-only',
      state: 'running',
      processed: 40,
      total: 100,
      updatedAt: new Date(Date.now() - 120_000),
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/imports/${lost}`,
      headers: editor.headers,
    });
    expect(res.json().data).toMatchObject({ state: 'failed', failure: LOST_JOB, processed: 40 });
  });
});
