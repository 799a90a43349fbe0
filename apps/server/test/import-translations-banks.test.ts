import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { exams, modules, questions, questionTranslations, subjects, topics } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { failingImport, fixture, scratchFile } from './fixtures/import/bank.js';
import { useTestDatabase } from './helpers/database.js';

/** Translations from CSV columns and Moodle's multi-language texts (docs/import-format.md#questions-in-two-languages). */

const database = useTestDatabase();
const db = () => database.db;
beforeEach(async () => {
  for (const table of [questionTranslations, questions, topics, subjects, modules, exams])
    await database.db.delete(table);
  // The bilingual paper's subject, for the banks to fill.
  await importFile(db(), fixture('bilingual.yaml'));
  await db().delete(questions);
});

async function bank() {
  const rows = await db()
    .select({ question: questions, translation: questionTranslations })
    .from(questions)
    .leftJoin(questionTranslations, eq(questionTranslations.questionId, questions.id))
    .orderBy(asc(questions.text));
  return (start: string) => rows.find((r) => r.question.text.startsWith(start))!;
}

describe('CSV columns per language', () => {
  it('reads text_hi, option_a_hi… explanation_hi as the Hindi translation, maths kept as written', async () => {
    const summary = await importFile(db(), fixture('bilingual.csv'));
    expect(summary.subjects).toEqual([expect.objectContaining({ slug: 'bi-physics', created: 3 })]);
    expect(summary.warnings).toEqual([]);
    const find = await bank();
    expect(find('If $x^2').translation).toMatchObject({
      lang: 'hi',
      text: 'यदि $x^2 = 16$ और $x > 0$ है, तो $x$ का मान क्या है?',
      options: ['2', '4', '8', '16'],
      explanation: '$\\sqrt{16} = 4$ होता है।',
      status: 'approved',
    });
    expect(find('If $x^2').question.answer).toBe('4');
    expect(find('Which is the SI').translation).toMatchObject({
      options: ['न्यूटन', 'जूल', 'वाट', 'पास्कल'],
      explanation: null,
    });
    expect(find('Which colour').translation).toBeNull();

    const again = await importFile(db(), fixture('bilingual.csv'));
    expect(again.subjects).toEqual([expect.objectContaining({ created: 0, updated: 0, unchanged: 3 })]);
    expect(await db().select().from(questionTranslations)).toHaveLength(2);
  });

  it('refuses a row whose Hindi options are fewer than its own, naming the question and its line', async () => {
    const cut = readFileSync(fixture('bilingual.csv'), 'utf8').replace('न्यूटन,जूल,वाट,पास्कल', 'न्यूटन,जूल,वाट,');
    const error = await failingImport(db(), scratchFile('bilingual.csv', cut));
    expect(error.message).toContain(
      'bilingual.csv:3: the "hi" translation of the question "Which is the SI unit of force?": it has 3 options; the question has 4',
    );
    expect(await db().select().from(questions)).toEqual([]);
  });

  it('keeps a language the exam does not list, with a warning that nobody sees it yet', async () => {
    const csv =
      'subject,text,option_a,option_b,answer,text_ta,option_a_ta,option_b_ta\nbi-physics,Which is a vector?,Speed,Velocity,B,எது ஒரு திசையன்?,வேகம்,திசைவேகம்\n';
    const summary = await importFile(db(), scratchFile('tamil.csv', csv));
    expect(summary.warnings).toEqual([
      expect.objectContaining({
        file: 'tamil.csv',
        message:
          'the exam "bi-exam" does not list "ta" among its other languages (en, hi): the "ta" texts of 1 question of "bi-physics" are kept, shown to nobody until it does',
      }),
    ]);
    expect((await bank())('Which is a vector?').translation).toMatchObject({
      lang: 'ta',
      options: ['வேகம்', 'திசைவேகம்'],
    });
  });
});

describe('Moodle XML multi-language texts', () => {
  it('makes the Hindi spans and {mlang hi} blocks a translation, and keeps them out of the English text', async () => {
    const summary = await importFile(db(), fixture('bilingual.xml'), { subject: 'bi-physics' });
    expect(summary.subjects).toEqual([expect.objectContaining({ created: 4 })]);
    const find = await bank();
    const ohm = find('A resistor');
    expect(ohm.question.text).toBe(
      'A resistor of $R = 5\\,\\Omega$ carries $I = 2\\,\\mathrm{A}$. What is the voltage across it?',
    );
    expect(ohm.question.options).toEqual(['$10\\,\\mathrm{V}$', '$2.5\\,\\mathrm{V}$', 'none of these']);
    expect(ohm.question.explanation).toBe('$V = IR = 10\\,\\mathrm{V}$');
    expect(ohm.translation).toMatchObject({
      lang: 'hi',
      text: '$R = 5\\,\\Omega$ का एक प्रतिरोधक $I = 2\\,\\mathrm{A}$ धारा वहन करता है। इसके सिरों पर वोल्टता क्या है?',
      options: ['$10\\,\\mathrm{V}$', '$2.5\\,\\mathrm{V}$', 'इनमें से कोई नहीं'],
      explanation: '$V = IR = 10\\,\\mathrm{V}$ (ओम का नियम)',
      status: 'approved',
    });
    const sound = find('Sound');
    expect(sound.question.text).toBe('Sound travels through a vacuum.');
    expect(sound.translation).toMatchObject({ text: 'ध्वनि निर्वात में चलती है।', options: ['True', 'False'] });
    expect(find('What is 3 + 4?').translation).toBeNull();
    // Spans inside a language's span, and a Hindi-only line: none of it in the English text.
    const nested = find('The SI unit of power');
    expect(nested.question.text).toBe('The SI unit of power is the ____.');
    expect(nested.translation).toMatchObject({
      text: 'शक्ति का SI मात्रक ____ है।\n\n(उत्तर अंग्रेज़ी में लिखें)',
      options: [],
    });

    const again = await importFile(db(), fixture('bilingual.xml'), { subject: 'bi-physics' });
    expect(again.subjects).toEqual([expect.objectContaining({ created: 0, updated: 0, unchanged: 4 })]);
  });

  it('refuses a Hindi text that drops the figure its English text shows, naming the question', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ).toString('base64');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Circuit</text></name>
    <questiontext format="html"><text><![CDATA[<p><span lang="en" class="multilang">Which bulb in the circuit is brightest? <img src="@@PLUGINFILE@@/circuit.png" alt="circuit"></span><span lang="hi" class="multilang">परिपथ में कौन-सा बल्ब सबसे चमकीला है?</span></p>]]></text>
      <file name="circuit.png" encoding="base64">${png}</file></questiontext>
    <single>true</single>
    <answer fraction="100"><text>A</text></answer>
    <answer fraction="0"><text>B</text></answer>
  </question>
</quiz>`;
    const error = await failingImport(db(), scratchFile('circuit.xml', xml), { subject: 'bi-physics' });
    expect(error.message).toContain(
      'the "hi" translation of the question "Which bulb in the circuit is brightest? [figure: circuit]": its text shows 0 figures where the original shows 1',
    );
    expect(error.message).toContain('<question type="multichoice"> #1 "Circuit"');
  });
});
