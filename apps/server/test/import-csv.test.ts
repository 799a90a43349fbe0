import { writeFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { exams, modules, questions, subjects, topics } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { failingImport, fixture, questionsOf, scratchFile, snapshot } from './fixtures/import/bank.js';
import { useTestDatabase } from './helpers/database.js';

const database = useTestDatabase();
const db = () => database.db;
beforeEach(async () => {
  for (const table of [questions, topics, subjects, modules, exams]) await db().delete(table);
  await importFile(db(), fixture('catalogue.yaml'));
});

const HEADER = 'subject,topic,text,option_a,option_b,option_c,option_d,option_e,answer,explanation\n';

describe('CSV import', () => {
  it('imports rows with quoted fields, answers by text or letter, and free-text answers', async () => {
    const summary = await importFile(db(), fixture('questions.csv'));
    expect(summary.subjects[0]).toMatchObject({ slug: 'test-chemistry', created: 4 });
    expect(summary.catalogue.topics.created).toBe(1); // "Periodic Table"; "Atoms" matched by name
    const rows = (await questionsOf(db(), 'test-chemistry')).filter(
      (q) => !q.text.startsWith('What is the atomic'),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        text: 'How many protons does an oxygen atom have?',
        options: ['6', '8', '16'],
        answer: '8',
        explanation: "Oxygen's atomic number is 8.",
        topic: 'test-atoms',
      }),
      expect.objectContaining({
        text: 'Quote test: the symbol "Na" stands for which element?\n(two lines)',
        options: ['Sodium', 'Nitrogen', 'Neon'],
        answer: 'Sodium',
        explanation: null,
        topic: 'periodic-table',
      }),
      expect.objectContaining({
        text: 'What is the molar mass of water in g/mol, to the nearest whole number?',
        options: [],
        answer: '18',
        topic: null,
      }),
      expect.objectContaining({
        text: 'Which element is a noble gas, at room temperature?',
        answer: 'Argon', // "B" in the file
        topicName: 'Periodic Table',
      }),
    ]);
  });

  it('uses --subject for rows that name none, and accepts ; as the separator', async () => {
    const path = scratchFile(
      'semi.csv',
      'topic;text;option_a;option_b;answer\nOptics;Light is a wave?;yes;no;A\n',
    );
    const summary = await importFile(db(), path, { subject: 'test-physics' });
    expect(summary.subjects[0]).toMatchObject({ slug: 'test-physics', created: 1 });
    expect(
      (await questionsOf(db(), 'test-physics')).find((q) => q.text === 'Light is a wave?'),
    ).toMatchObject({
      answer: 'yes',
      topic: 'test-optics',
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    await importFile(db(), fixture('questions.csv'));
    const before = await snapshot(db());
    const again = await importFile(db(), fixture('questions.csv'));
    expect(again.subjects[0]).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect(again.catalogue.topics.created).toBe(0);
    expect(await snapshot(db())).toEqual(before);
  });

  it('stores a multi-line field saved with Windows line breaks as its Unix twin: no second question', async () => {
    const row = (br: string) =>
      `${HEADER.replace('\n', br)}test-physics,,"Two lines:${br}second line",a,b,,,,a,${br}`;
    const first = await importFile(db(), scratchFile('crlf.csv', row('\r\n')));
    expect(first.subjects[0]).toMatchObject({ slug: 'test-physics', created: 1 });
    const twin = await importFile(db(), scratchFile('lf.csv', row('\n')));
    expect(twin.subjects[0]).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const stored = (await questionsOf(db(), 'test-physics')).filter((q) => q.text.startsWith('Two lines'));
    expect(stored.map((q) => q.text)).toEqual(['Two lines:\nsecond line']);
  });

  it('reads a UTF-16 file (Excel\'s "Unicode Text"), with or without its byte-order mark, as its UTF-8 twin', async () => {
    const text = `${HEADER}test-physics,,"Fine? Ωμέγα",yes,no,,,,yes,\n`;
    const withBom = scratchFile('utf16.csv', '');
    writeFileSync(withBom, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect((await importFile(db(), withBom)).subjects[0]).toMatchObject({ created: 1 });
    const bigEndian = scratchFile('utf16be.csv', '');
    writeFileSync(bigEndian, Buffer.from(text, 'utf16le').swap16());
    expect((await importFile(db(), bigEndian)).subjects[0]).toMatchObject({ unchanged: 1 });
    expect((await importFile(db(), scratchFile('utf8.csv', text))).subjects[0]).toMatchObject({
      unchanged: 1,
    });
    const stored = (await questionsOf(db(), 'test-physics')).filter((q) => q.text.startsWith('Fine?'));
    expect(stored.map((q) => q.text)).toEqual(['Fine? Ωμέγα']);
  });

  describe('errors name the file and line, and nothing is imported', () => {
    const ok = 'test-physics,,"Fine?",yes,no,,,,yes,\n';
    const cases: [string, string, RegExp][] = [
      [
        'an answer not among the options',
        `${HEADER}${ok}test-physics,,"Which?",a,b,,,,maybe,\n`,
        /bad\.csv:3: the answer "maybe" is not among the options/,
      ],
      [
        'an answer letter naming an empty option',
        `${HEADER}${ok}test-physics,,"Which?",a,b,,,,D,\n`,
        /bad\.csv:3: the answer D names option D, which is empty/,
      ],
      [
        'an unclosed quote',
        `${HEADER}${ok}test-physics,,"Which?,a,b,,,,a,\n`,
        /bad\.csv:3: a quoted field is never closed/,
      ],
      [
        'a stray quote',
        `${HEADER}${ok}test-physics,,Whi"ch?,a,b,,,,a,\n`,
        /bad\.csv:3: a quote inside an unquoted field/,
      ],
      [
        'a missing answer column',
        'subject,text\ntest-physics,Q?\n',
        /bad\.csv:1: the header has no "answer" column/,
      ],
      [
        'too many fields',
        `${HEADER}${ok}test-physics,,"Q?",a,b,,,,a,,extra\n`,
        /bad\.csv:3: 11 fields but the header has 10/,
      ],
      ['an empty answer', `${HEADER}${ok}test-physics,,"Q?",,,,,,,\n`, /bad\.csv:3: the answer is empty/],
      [
        'no subject',
        `${HEADER}${ok},,"Q?",a,b,,,,a,\n`,
        /bad\.csv:3: no subject: fill the subject column or pass --subject/,
      ],
      // A row counts from its first line, even after a field spanning several lines.
      [
        'a line number after a multi-line field',
        `${HEADER}test-physics,,"Multi\nline\ntext",a,b,,,,a,\ntest-physics,,"Q?",a,b,,,,z,\n`,
        /bad\.csv:5: the answer "z"/,
      ],
    ];
    for (const [kind, text, message] of cases) {
      it(kind, async () => {
        const before = await snapshot(db());
        const error = await failingImport(db(), scratchFile('bad.csv', text));
        expect(error.message).toMatch(message);
        expect(await snapshot(db())).toEqual(before);
      });
    }
  });

  it('is atomic: rows for a known subject are rolled back when a later subject is unknown', async () => {
    const before = await snapshot(db());
    const text = `${HEADER}test-physics,New Topic,"Written first?",yes,no,,,,yes,\nno-such-subject,,"Then fails?",yes,no,,,,yes,\n`;
    const error = await failingImport(db(), scratchFile('two.csv', text));
    expect(error.message).toMatch(/two\.csv:3: no subject has the slug "no-such-subject"/);
    expect(await snapshot(db())).toEqual(before);
  });
});
