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

const quiz = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="truefalse">
    <name><text>Fine</text></name>
    <questiontext format="plain_text"><text>A fine question.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>
${body}
</quiz>
`;

describe('Moodle XML import', () => {
  it('imports multichoice, truefalse, shortanswer and numerical, with generalfeedback as explanation', async () => {
    const summary = await importFile(db(), fixture('questions.xml'), { subject: 'test-physics' });
    expect(summary.subjects[0]).toMatchObject({ slug: 'test-physics', created: 4, skipped: 2 });
    const rows = (await questionsOf(db(), 'test-physics')).filter((q) => q.topicName === 'Thermodynamics');
    expect(rows).toEqual([
      expect.objectContaining({
        text: 'Heat flows by itself from a colder to a hotter body.',
        options: ['True', 'False'],
        answer: 'False',
        explanation: null,
      }),
      expect.objectContaining({
        text: 'The SI unit of temperature is the ____.',
        options: [],
        answer: 'kelvin',
      }),
      expect.objectContaining({
        // HTML became text: tags gone, entities decoded.
        text: 'Two bodies each in thermal equilibrium with a third are in equilibrium with each other. This is the … law of thermodynamics.',
        options: ['zeroth', 'first', 'second', 'third'],
        answer: 'zeroth',
        explanation: 'It is the zeroth law: it defines temperature.',
      }),
      expect.objectContaining({
        text: 'Water boils at 100 °C at 1 atm. In kelvin (to 2 decimals)?',
        answer: '373.15',
        explanation: 'T = 100 + 273.15 = 373.15 K',
      }),
    ]);
  });

  it('names the element and line of each skipped question', async () => {
    const summary = await importFile(db(), fixture('questions.xml'), { subject: 'test-physics' });
    expect(summary.skipped.map((s) => [s.where.line, s.where.element, s.message])).toEqual([
      [35, '<question type="matching"> #6 "Match"', 'a matching question cannot be served'],
      [39, '<question type="essay"> #7 "Essay"', 'an essay question (no answer to check) cannot be served'],
    ]);
    expect(summary.warnings).toEqual([]);
  });

  it('changes nothing when the same file is imported again', async () => {
    await importFile(db(), fixture('questions.xml'), { subject: 'test-physics' });
    const before = await snapshot(db());
    const again = await importFile(db(), fixture('questions.xml'), { subject: 'test-physics' });
    expect(again.subjects[0]).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
    expect(await snapshot(db())).toEqual(before);
  });

  describe('errors name the file, line and element, and nothing is imported', () => {
    const cases: [string, string, RegExp][] = [
      [
        'XML that is not well-formed',
        quiz('<question type="truefalse">\n</quiz>'),
        /bad\.xml:\d+: not well-formed XML/,
      ],
      [
        'a root that is not <quiz>',
        '<questions></questions>\n',
        /bad\.xml:1: a Moodle XML file has a <quiz> root element/,
      ],
      [
        'a multichoice question with no right answer',
        quiz(`  <question type="multichoice">
    <name><text>None right</text></name>
    <questiontext><text>Pick one</text></questiontext>
    <answer fraction="0"><text>a</text></answer>
    <answer fraction="0"><text>b</text></answer>
  </question>`),
        /bad\.xml:9 <question type="multichoice"> #2 "None right": no answer has a positive fraction/,
      ],
      [
        'a numerical answer that is not a number',
        quiz(`  <question type="numerical">
    <name><text>NaN</text></name>
    <questiontext><text>How much?</text></questiontext>
    <answer fraction="100"><text>lots</text></answer>
  </question>`),
        /bad\.xml:9 <question type="numerical"> #2 "NaN": the answer "lots" is not a number/,
      ],
      [
        'a question without answers',
        quiz(`  <question type="shortanswer">
    <name><text>Empty</text></name>
    <questiontext><text>Say something</text></questiontext>
  </question>`),
        /bad\.xml:9 <question type="shortanswer"> #2 "Empty": the question has no <answer>/,
      ],
      [
        'a question without text',
        quiz(`  <question type="truefalse">
    <name><text>Blank</text></name>
    <questiontext><text></text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
  </question>`),
        /bad\.xml:9 <question type="truefalse"> #2 "Blank": the question text is empty/,
      ],
      [
        'entity declarations',
        '<?xml version="1.0"?>\n<!DOCTYPE quiz [<!ENTITY a "aaaa">]>\n<quiz></quiz>\n',
        /DTD entity declarations are not accepted/,
      ],
    ];
    for (const [kind, text, message] of cases) {
      it(kind, async () => {
        const before = await snapshot(db());
        const error = await failingImport(db(), scratchFile('bad.xml', text), { subject: 'test-physics' });
        expect(error.message).toMatch(message);
        expect(await snapshot(db())).toEqual(before);
      });
    }
  });

  it('keeps <single>false</single> multichoice as a multiple-answer question: every option with credit is right', async () => {
    const summary = await importFile(
      db(),
      scratchFile(
        'multi.xml',
        quiz(`  <question type="multichoice">
    <name><text>Two right</text></name>
    <questiontext><text>Pick the primes</text></questiontext>
    <single>false</single>
    <answer fraction="50"><text>2</text></answer>
    <answer fraction="50"><text>3</text></answer>
    <answer fraction="-100"><text>4</text></answer>
  </question>`),
      ),
      { subject: 'test-physics' },
    );
    expect(summary.skipped).toEqual([]);
    expect(summary.subjects[0]?.created).toBe(2);
    const [question] = (await questionsOf(db(), 'test-physics')).filter((q) => q.text === 'Pick the primes');
    expect(question).toMatchObject({
      type: 'multiple',
      options: ['2', '3', '4'],
      key: { type: 'multiple', answers: ['2', '3'] },
      answer: '2; 3',
    });
    expect(summary.warnings.map((w) => w.message)).toEqual([
      "the answers' weights are not kept: the exam's marking scheme gives the marks",
    ]);
  });

  it('decodes every HTML entity (Greek letters, typographic quotes, accents), not only a few', async () => {
    await importFile(
      db(),
      scratchFile(
        'entities.xml',
        quiz(`  <question type="multichoice">
    <name><text>Entities</text></name>
    <questiontext format="html"><text><![CDATA[<p>A circle&rsquo;s area is &pi;r&sup2;; &Delta;&theta; is small, &alpha; &ne; &beta; (cf. Amp&egrave;re, &eacute;t&eacute;).</p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>&ldquo;Area&rdquo; &asymp; 3.14&nbsp;r&sup2;; &#x3C0; &#960; stay decoded &amp; R&D stays.</p>]]></text></generalfeedback>
    <answer fraction="100" format="html"><text><![CDATA[&pi;r&sup2;]]></text></answer>
    <answer fraction="0" format="html"><text>2&amp;pi;r</text></answer>
  </question>`),
      ),
      { subject: 'test-physics' },
    );
    const [question] = (await questionsOf(db(), 'test-physics')).filter((q) => q.text.startsWith('A circle'));
    expect(question).toMatchObject({
      text: 'A circle’s area is πr²; Δθ is small, α ≠ β (cf. Ampère, été).',
      explanation: '“Area” ≈ 3.14 r²; π π stay decoded & R&D stays.',
      options: ['πr²', '2πr'],
    });
  });
});
