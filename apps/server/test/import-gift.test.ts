import { beforeEach, describe, expect, it } from 'vitest';
import { exams, modules, questions, subjects, topics } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { failingImport, fixture, questionsOf, scratchFile, snapshot } from './fixtures/import/bank.js';
import { useTestDatabase } from './helpers/database.js';

const database = useTestDatabase();
const db = () => database.db;
beforeEach(async () => {
  for (const table of [questions, topics, subjects, modules, exams]) await db().delete(table);
  await importFile(db(), fixture('catalogue.yaml')); // creates test-physics and test-chemistry
});

const gift = (name: string, text: string) => scratchFile(name, text);

describe('GIFT import', () => {
  it('imports multiple choice (one right or several), true/false, numerical, short answer and missing-word questions', async () => {
    const summary = await importFile(db(), fixture('physics.gift'), { subject: 'test-physics' });
    expect(summary.subjects).toEqual([
      { slug: 'test-physics', name: 'Test Physics', created: 8, updated: 0, unchanged: 0, skipped: 3 },
    ]);
    const rows = (await questionsOf(db(), 'test-physics')).filter((q) => q.source === 'import');
    const byText = (start: string) => rows.find((q) => q.text.startsWith(start));

    expect(byText('A body at rest')).toMatchObject({
      text: 'A body at rest is acted on by a constant force. Its velocity',
      options: ['increases uniformly', 'stays the same', 'decreases'],
      answer: 'increases uniformly',
      explanation: "Constant force means constant acceleration (Newton's second law).",
      topicName: 'Mechanics',
    });
    expect(byText("Newton's first law")).toMatchObject({ options: ['True', 'False'], answer: 'True' });
    // The margin and the range are the key, not dropped.
    expect(byText('g near')).toMatchObject({
      type: 'numerical',
      options: [],
      key: { type: 'numerical', min: 9.75, max: 9.85, value: 9.8 },
      answer: '9.8 ± 0.05',
    });
    expect(byText('Pick a number')).toMatchObject({
      key: { type: 'numerical', min: 1, max: 5, value: null },
      answer: '1 to 5',
    });
    // Every full-credit short answer is accepted, as in Moodle.
    expect(byText('The SI unit of force')).toMatchObject({
      text: 'The SI unit of force is the _____.',
      type: 'text',
      options: [],
      key: { type: 'text', answers: ['newton', 'N'], wildcard: false },
    });
    // No "=": every option with credit is one of the right ones (a multiple-answer question).
    expect(byText('Pick the two prime numbers.')).toMatchObject({
      type: 'multiple',
      options: ['2', '3', '4'],
      key: { type: 'multiple', answers: ['2', '3'] },
    });
    expect(byText('Light travels')).toMatchObject({
      text: 'Light travels _____ in vacuum than in glass.',
      answer: 'faster',
      topicName: 'Escapes',
    });
  });

  it('reads the escapes \\~ \\= \\# \\{ \\} \\: as literal characters', async () => {
    await importFile(db(), fixture('physics.gift'), { subject: 'test-physics' });
    const q = (await questionsOf(db(), 'test-physics')).find((r) => r.text.startsWith('In a set'));
    expect(q).toMatchObject({
      text: 'In a set {a, b}, the ratio 1:2 and the sign = and ~ and # are literal',
      options: ['They are ~ literal', 'They are {not}'],
      answer: 'They are ~ literal',
    });
  });

  it('reports the question types it cannot serve, with their lines, and skips them', async () => {
    const summary = await importFile(db(), fixture('physics.gift'), { subject: 'test-physics' });
    expect(summary.skipped.map((s) => `${s.file}:${s.where.line}: ${s.message}`)).toEqual([
      'physics.gift:29: a matching question cannot be served',
      'physics.gift:34: an essay question has no answer to check',
      'physics.gift:42: a description (no answer block {…}) is not a question',
    ]);
    const texts = (await questionsOf(db(), 'test-physics')).map((q) => q.text);
    expect(texts.some((t) => t.includes('Match the units') || t.includes('essay'))).toBe(false);
    // What the bank cannot keep is said, not hidden: the -100 % penalty of a multiple-answer question.
    expect(summary.warnings.map((w) => `${w.where.line}: ${w.message}`)).toEqual([
      "36: the answers' weights are not kept: the exam's marking scheme gives the marks",
    ]);
  });

  it('turns $CATEGORY into topics: an existing one by name, a new one created, slugs kept unique', async () => {
    const text = '$CATEGORY: $course$/top/Physics/Kinematics\n\nSpeed is a scalar. {T}\n';
    await importFile(db(), gift('kin.gift', text), { subject: 'test-physics' });
    expect(
      (await questionsOf(db(), 'test-physics')).find((q) => q.text === 'Speed is a scalar.')?.topic,
    ).toBe('test-kinematics');

    await importFile(db(), gift('mech.gift', '$CATEGORY: Mechanics\n\nForce is a vector. {T}\n'), {
      subject: 'test-physics',
    });
    await importFile(db(), gift('mech2.gift', '$CATEGORY: Mechanics\n\nAtoms have mass. {T}\n'), {
      subject: 'test-chemistry',
    });
    const created = (await db().select().from(topics)).filter((t) => t.name === 'Mechanics');
    expect(created.map((t) => t.slug).sort()).toEqual(['mechanics', 'test-chemistry-mechanics']);
  });

  it('changes nothing when the same file is imported again', async () => {
    await importFile(db(), fixture('physics.gift'), { subject: 'test-physics' });
    const before = await snapshot(db());
    const again = await importFile(db(), fixture('physics.gift'), { subject: 'test-physics' });
    expect(again.subjects[0]).toMatchObject({ created: 0, updated: 0, unchanged: 8 });
    expect(again.catalogue.topics.created).toBe(0);
    expect(await snapshot(db())).toEqual(before);
  });

  describe('errors name the file and line, and nothing is imported', () => {
    const good = 'Good question one? {=yes ~no}\n\nGood question two? {T}\n\n';
    const cases: [string, string, RegExp][] = [
      [
        'an answer block never closed',
        `${good}Unclosed {\n=a\n~b\n`,
        /bad\.gift:5: the answer block "\{" is never closed/,
      ],
      [
        'a closing brace without an opening one',
        `${good}Stray } brace\n`,
        /bad\.gift:5: a "\}" without its "\{"/,
      ],
      [
        'a second answer block (e.g. unescaped LaTeX braces)',
        `${good}What is $\\frac{1}{2}$? {=half ~double}\n`,
        /bad\.gift:5: a second answer block/,
      ],
      [
        'a numerical answer that is not a number',
        `${good}\n\n\nHow many? {#many}\n`,
        /bad\.gift:8: "many" is not a number/,
      ],
      [
        'a bad numerical margin',
        `${good}How far? {#3:x}\n`,
        /bad\.gift:5: "3:x" is not a number with a margin/,
      ],
      [
        'multiple choice with no right answer',
        `${good}Which?\n{\n~a\n~b\n}\n`,
        /bad\.gift:6: no answer is marked right/,
      ],
      [
        'multiple choice with one answer',
        `${good}Which? {~only}\n`,
        /bad\.gift:5: a multiple-choice question needs at least two answers/,
      ],
      // An empty answer is no answer (as Moodle reads it), which leaves one option here.
      [
        'a single option once the empty one is dropped',
        `${good}Which? {=a ~}\n`,
        /bad\.gift:5: a multiple-choice question needs at least two answers/,
      ],
    ];
    for (const [kind, text, message] of cases) {
      it(kind, async () => {
        const before = await snapshot(db());
        const error = await failingImport(db(), gift('bad.gift', text), { subject: 'test-physics' });
        expect(error.message).toMatch(message);
        expect(await snapshot(db())).toEqual(before);
      });
    }

    it('no --subject', async () => {
      const error = await failingImport(db(), fixture('physics.gift'));
      expect(error.message).toContain('GIFT files need --subject SLUG');
    });

    it('an unknown subject, listing the known ones', async () => {
      const before = await snapshot(db());
      const error = await failingImport(db(), fixture('physics.gift'), { subject: 'physics' });
      expect(error.message).toContain(
        'physics.gift: no subject has the slug "physics" (subjects: test-chemistry, test-physics)',
      );
      expect(await snapshot(db())).toEqual(before);
    });
  });

  it('is atomic: one bad question among many good ones imports none of them', async () => {
    const many = Array.from({ length: 250 }, (_, i) => `Question number ${i}? {=yes ~no}`).join('\n\n');
    const before = await snapshot(db());
    const error = await failingImport(db(), gift('many.gift', `${many}\n\nBroken {=a ~b\n`), {
      subject: 'test-physics',
    });
    expect(error.message).toMatch(/many\.gift:501: the answer block "\{" is never closed/);
    expect(await snapshot(db())).toEqual(before);

    const progress: number[] = [];
    const ok = await importFile(db(), gift('many.gift', many), {
      subject: 'test-physics',
      onProgress: (done) => progress.push(done),
    });
    expect(ok.subjects[0]?.created).toBe(250);
    expect(progress.at(-1)).toBe(250);
  });
});
