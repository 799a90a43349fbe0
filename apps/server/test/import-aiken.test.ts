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

describe('Aiken import', () => {
  it('imports questions with A. and A) options and the ANSWER letter', async () => {
    const summary = await importFile(db(), fixture('questions.aiken'), { subject: 'test-physics' });
    expect(summary.subjects[0]).toMatchObject({ slug: 'test-physics', created: 2 });
    const rows = (await questionsOf(db(), 'test-physics')).filter((q) => q.topic === null);
    expect(rows).toEqual([
      expect.objectContaining({
        text: 'What is the SI unit of electric charge?',
        options: ['ampere', 'coulomb', 'volt', 'ohm'],
        answer: 'coulomb',
      }),
      expect.objectContaining({
        text: 'Which particle has no electric charge?',
        options: ['proton', 'electron', 'neutron'],
        answer: 'neutron',
      }),
    ]);
  });

  it('reads .txt files with ANSWER lines as Aiken', async () => {
    const path = scratchFile('bank.txt', 'Is water wet?\nA. yes\nB. no\nANSWER: A\n');
    const summary = await importFile(db(), path, { subject: 'test-physics' });
    expect(summary.subjects[0]?.created).toBe(1);
  });

  it('changes nothing when the same file is imported again', async () => {
    await importFile(db(), fixture('questions.aiken'), { subject: 'test-physics' });
    const before = await snapshot(db());
    const again = await importFile(db(), fixture('questions.aiken'), { subject: 'test-physics' });
    expect(again.subjects[0]).toMatchObject({ created: 0, unchanged: 2 });
    expect(await snapshot(db())).toEqual(before);
  });

  describe('errors name the file and line, and nothing is imported', () => {
    const good = 'Good question?\nA. yes\nB. no\nANSWER: A\n\n';
    const cases: [string, string, RegExp][] = [
      [
        'an answer letter without its option',
        `${good}Which?\nA. one\nB. two\nANSWER: C\n`,
        /bad\.aiken:9: the answer C is not among the options \(A, B\)/,
      ],
      [
        'no ANSWER line at the end',
        `${good}Which?\nA. one\nB. two\n`,
        /bad\.aiken:6: the question has no "ANSWER: X" line/,
      ],
      [
        'text after the options',
        `${good}Which?\nA. one\nsomething else\nB. two\nANSWER: A\n`,
        /bad\.aiken:6: the question has no ANSWER line: another question starts at line 8/,
      ],
      [
        'a single option',
        `${good}Which?\nA. one\nANSWER: A\n`,
        /bad\.aiken:6: a question needs at least two options/,
      ],
      [
        'an ANSWER that is not a letter',
        `${good}Which?\nA. one\nB. two\nANSWER: one\n`,
        /bad\.aiken:9: "ANSWER: one" must name one option letter/,
      ],
      [
        'an ANSWER without a question',
        `${good}ANSWER: B\n`,
        /bad\.aiken:6: an ANSWER line without a question before it/,
      ],
      [
        'an option letter twice',
        `${good}Which?\nA. one\nA. two\nANSWER: A\n`,
        /bad\.aiken:8: the option letter A appears twice/,
      ],
      [
        'two options with the same text',
        `${good}Which?\nA. one\nB. one\nANSWER: A\n`,
        /bad\.aiken:6: the option "one" appears twice/,
      ],
    ];
    for (const [kind, text, message] of cases) {
      it(kind, async () => {
        const before = await snapshot(db());
        const error = await failingImport(db(), scratchFile('bad.aiken', text), { subject: 'test-physics' });
        expect(error.message).toMatch(message);
        expect(await snapshot(db())).toEqual(before);
      });
    }

    it('no --subject', async () => {
      const error = await failingImport(db(), fixture('questions.aiken'));
      expect(error.message).toContain('Aiken files need --subject SLUG');
    });
  });
});
