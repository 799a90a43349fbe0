import { beforeAll, describe, expect, it } from 'vitest';
import { parseImportFile, type ParsedImport } from '../src/import/index.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { fixture, questionsOf } from './fixtures/import/bank.js';
import { useTestDatabase } from './helpers/database.js';

/**
 * Moodle's own import fixtures (test/fixtures/import/real, SOURCES.md): what each file means, as
 * Moodle imports it, is what is parsed — or a warning or skip that names the question.
 */

const real = (name: string) => fixture(`real/${name}`);

async function parse(name: string, format: string, skipInvalid = false) {
  return parseImportFile(real(name), { subject: 'test-physics', format, skipInvalid });
}

const questionsIn = (parsed: ParsedImport) =>
  parsed.banks
    .flatMap((b) => b.questions)
    .map((q) => ({ line: q.where.line, text: q.text, options: q.options, key: q.key }));
const said = (issues: ParsedImport['warnings']) => issues.map((i) => `${i.where.line}: ${i.message}`);

describe('Moodle GIFT fixtures', () => {
  it('question/format/gift/tests/fixtures/questions.gift.txt: repeated texts and multiple-response no longer refuse the file', async () => {
    const parsed = await parse('moodle-gift-questions.gift.txt', 'gift');
    expect(questionsIn(parsed)).toEqual([
      {
        line: 14,
        text: "What's between orange and green in the spectrum?",
        options: ['yellow', 'red', 'blue'], // "[plain]blue": the format marker is not part of the option
        key: { type: 'single', answer: 'yellow' },
      },
      {
        line: 31,
        text: 'What is a number from 1 to 5? _____";',
        options: [],
        key: { type: 'numerical', min: 1, max: 5, value: 3 }, // {#3:2}
      },
      {
        line: 34,
        text: 'Which is the best animal?',
        options: [],
        key: { type: 'text', answers: ['Frog'], wildcard: false },
      },
      {
        line: 41,
        text: '42 is the Absolute Answer to everything._____";',
        options: ['True', 'False'],
        key: { type: 'single', answer: 'False' },
      },
      {
        line: 46,
        text: 'TSL is blablabla.',
        options: ['True', 'False'],
        key: { type: 'single', answer: 'True' },
      },
    ]);
    expect(said(parsed.skipped)).toEqual([
      '2: an essay question has no answer to check',
      '5: a matching question cannot be served',
    ]);
    expect(said(parsed.warnings)).toEqual([
      '34: partial credit is not kept: "Cat" will be marked wrong',
      '22: the same text as the question at line 14: only that one is imported (this repeat has other answers, which are not kept) — a subject holds one question per text',
      '49: the same text as the question at line 46: only that one is imported — a subject holds one question per text',
    ]);
  });

  it('questions_in_category.gift.txt: [html] text made plain, the linked sound named in a warning', async () => {
    const parsed = await parse('moodle-gift-questions-in-category.gift.txt', 'gift');
    expect(questionsIn(parsed)).toEqual([
      {
        line: 14,
        text: 'Listen to this greeting:\n\nWhat language is being spoken?',
        options: ['English', 'French', 'German', 'Spanish'],
        key: { type: 'single', answer: 'French' },
      },
      {
        line: 22,
        text: 'Anyone who uses Moodle is a ...',
        options: [],
        key: { type: 'text', answers: ['Moodler'], wildcard: false },
      },
      {
        line: 27,
        text: 'Moodle is an acronym for Modular Object-Oriented Dynamic Learning Environment.',
        options: ['True', 'False'],
        key: { type: 'single', answer: 'True' },
      },
    ]);
    expect(parsed.banks[0]?.questions.every((q) => q.topic?.name === 'Default for New Features')).toBe(true);
    expect(said(parsed.warnings)).toEqual([
      '14: a sound bonjour.mp3 is not kept: the question is imported without it',
    ]);
  });

  it('question/format/gift/examples.txt: 21 distinct questions kept, repeats and partial credit said', async () => {
    const parsed = await parse('moodle-gift-examples.gift.txt', 'gift');
    const questions = questionsIn(parsed);
    expect(questions).toHaveLength(21);
    const at = (line: number) => questions.find((q) => q.line === line);
    expect(at(16)?.key).toEqual({ type: 'numerical', min: 1821, max: 1823, value: 1822 }); // {#1822:1}
    expect(at(72)?.key).toEqual({ type: 'numerical', min: 3.141, max: 3.142, value: 3.1415 });
    expect(at(45)?.key).toEqual({ type: 'text', answers: ['four', '4'], wildcard: false });
    expect(at(130)).toMatchObject({
      options: ['No one', 'Grant', "Grant's wife", "Grant's father"],
      key: { type: 'multiple', answers: ['Grant', "Grant's wife"] },
    });
    expect(at(148)).toMatchObject({
      options: ['~', '=', '#', '{', '}', '\\'],
      key: { type: 'single', answer: '\\' },
    });
    expect(said(parsed.skipped)).toEqual([
      '55: a matching question cannot be served',
      '61: a matching question cannot be served',
      '177: a matching question cannot be served',
    ]);
    const repeats = parsed.warnings.filter((w) => w.message.startsWith('the same text'));
    expect(repeats.map((w) => w.where.line)).toEqual([
      14, 25, 27, 43, 49, 70, 74, 76, 103, 113, 136, 167, 169, 171, 173, 175, 184, 195, 202,
    ]);
    expect(said(parsed.warnings.filter((w) => !repeats.includes(w)))).toEqual([
      '115: partial credit is not kept: "half credit answer" will be marked wrong',
      '117: partial credit is not kept: "Bethlehem", "Galilee" will be marked wrong',
      '123: partial credit is not kept: "Nazereth", "Bethlehem" will be marked wrong',
      '190: partial credit is not kept: "half credit answer" will be marked wrong',
    ]);
  });
});

describe('Moodle Aiken fixtures', () => {
  it('questions.aiken.txt: text is plain, as Moodle shows it', async () => {
    const parsed = await parse('moodle-aiken-questions.aiken.txt', 'aiken');
    expect(questionsIn(parsed)).toEqual([
      {
        line: 1,
        text: 'The Moodle project was started by:',
        options: ['Petr Skoda', 'Martin Dougiamas', 'Eloy Lafuente', 'Tim Hunt'],
        key: { type: 'single', answer: 'Martin Dougiamas' },
      },
      {
        line: 8,
        text: 'Moodle\'s abilities include handling user input that includes <html class="cool"> & images:',
        options: ['True', 'False'],
        key: { type: 'single', answer: 'True' },
      },
    ]);
  });

  it('aiken_errors.txt: refused whole by default; with --skip-invalid the two good questions, the errors where Moodle finds them', async () => {
    await expect(parse('moodle-aiken-errors.aiken.txt', 'aiken')).rejects.toThrow(
      /3 errors; nothing was imported/,
    );
    const parsed = await parse('moodle-aiken-errors.aiken.txt', 'aiken', true);
    expect(questionsIn(parsed)).toEqual([
      {
        line: 9,
        text: 'A good question',
        options: ['Correct', 'Incorrect'],
        key: { type: 'single', answer: 'Correct' },
      },
      {
        line: 18,
        text: 'A second good question',
        options: ['Incorrect (No space)', 'Correct (No space)'], // "A)Incorrect": no space needed
        key: { type: 'single', answer: 'Correct (No space)' },
      },
    ]);
    expect(said(parsed.skipped)).toEqual([
      '1: invalid — a question needs at least two options (A. …, B. …)',
      '5: invalid — an option with no question text before it',
      '14: invalid — the question has no ANSWER line: another question starts at line 18',
    ]);
  });
});

describe('Moodle XML fixtures', () => {
  it('truefalse.xml: the embedded logo becomes a figure the text refers to', async () => {
    const parsed = await parse('moodle-xml-truefalse.xml', 'moodle-xml');
    const [figure] = [...parsed.media.values()];
    expect(figure).toMatchObject({ contentType: 'image/jpeg' });
    expect(figure?.bytes.length).toBe(898);
    expect(parsed.banks[0]?.questions).toEqual([
      expect.objectContaining({
        text: `Moodle ![Moodle logo](media:${figure?.sha256}) is an acronym for Modular Object-Oriented Dynamic Learning Education.`,
        options: ['True', 'False'],
        key: { type: 'single', answer: 'False' },
        explanation: 'For further information, see the documentation about Moodle.',
      }),
    ]);
    expect(parsed.warnings).toEqual([]);
  });

  it('sample_questions_with_old_image_tag.xml: Moodle 1.9 <image_base64> kept as a figure below the text', async () => {
    const parsed = await parse('moodle-xml-old-image-tag.xml', 'moodle-xml');
    const [figure] = [...parsed.media.values()];
    expect(figure).toMatchObject({ contentType: 'image/png' });
    expect(parsed.banks[0]?.questions).toEqual([
      expect.objectContaining({
        text: `This is a multichoice question with an image in the old "image" field that was used in Moodle 1.9\n\n![](media:${figure?.sha256})`,
        options: ['wrong answer', 'another wrong answer', 'right answer'],
        key: { type: 'single', answer: 'right answer' },
      }),
    ]);
    expect(said(parsed.skipped)).toEqual(['16: the question type "cloze" is not supported']);
  });
});

describe('storing a real file', () => {
  const database = useTestDatabase();
  beforeAll(async () => {
    await importFile(database.db, fixture('catalogue.yaml'));
  });

  it("stores what was parsed from Moodle's examples.txt, and importing it again changes nothing", async () => {
    const first = await importFile(database.db, real('moodle-gift-examples.gift.txt'), {
      subject: 'test-physics',
      format: 'gift',
    });
    expect(first.subjects[0]).toMatchObject({ created: 21, skipped: 3 });
    const stored = await questionsOf(database.db, 'test-physics');
    expect(stored.find((q) => q.text === "What two people are entombed in Grant's tomb?")).toMatchObject({
      type: 'multiple',
      answer: "Grant; Grant's wife",
    });
    expect(stored.find((q) => q.text === 'When was Ulysses S. Grant born?')).toMatchObject({
      type: 'numerical',
      key: { type: 'numerical', min: 1821, max: 1823, value: 1822 },
      answer: '1822 ± 1',
    });
    const again = await importFile(database.db, real('moodle-gift-examples.gift.txt'), {
      subject: 'test-physics',
      format: 'gift',
    });
    expect(again.subjects[0]).toMatchObject({ created: 0, updated: 0, unchanged: 21 });
  });
});
