import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { exams, modules, questions, questionTranslations, subjects, topics } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { failingImport, fixture, scratchFile } from './fixtures/import/bank.js';
import { useTestDatabase } from './helpers/database.js';

/** Questions in two languages through our own format (docs/import-format.md#questions-in-two-languages). */

const database = useTestDatabase();
const db = () => database.db;
beforeEach(async () => {
  for (const table of [questionTranslations, questions, topics, subjects, modules, exams])
    await database.db.delete(table);
});

/** Each question's text with its translations, by language. */
async function translated() {
  const rows = await db()
    .select({ question: questions, translation: questionTranslations })
    .from(questions)
    .leftJoin(questionTranslations, eq(questionTranslations.questionId, questions.id))
    .orderBy(asc(questions.text));
  return rows;
}

describe('our format with translations', () => {
  it('stores the exam languages and each question’s Hindi texts, approved, figures and maths as written', async () => {
    const summary = await importFile(db(), fixture('bilingual.yaml'));
    expect(summary.subjects).toEqual([expect.objectContaining({ slug: 'bi-physics', created: 3 })]);
    const [exam] = await db().select().from(exams);
    expect(exam).toMatchObject({ languages: ['en', 'hi'], authoritativeLanguage: 'en' });

    const rows = await translated();
    const weight = rows.find((r) => r.question.text.includes('weight'))!;
    expect(weight.translation).toMatchObject({
      lang: 'hi',
      text: 'पृथ्वी के निकट गुरुत्वीय त्वरण लगभग $g = 9.8\\ \\mathrm{m/s^2}$ है। $2\\ \\mathrm{kg}$ द्रव्यमान का भार क्या है?',
      options: ['$9.8\\ \\mathrm{N}$', '$19.6\\ \\mathrm{N}$', '$4.9\\ \\mathrm{N}$', '$2\\ \\mathrm{N}$'],
      hints: ['भार एक बल है।', '$W = mg$ का प्रयोग करें।'],
      status: 'approved',
      source: 'import',
      passage: null,
    });
    // The key stays the question's own, in the base language: a screen maps by the option's position.
    expect(weight.question.answer).toBe('$19.6\\ \\mathrm{N}$');

    const incline = rows.find((r) => r.question.text.includes('incline'))!;
    const sha = /media:([0-9a-f]{64})/.exec(incline.question.text)![1];
    expect(incline.translation!.text).toBe(`चित्र में आनत तल कितना कोण बनाता है? ![एक आनत तल](media:${sha})`);
    expect(incline.translation!.passage).toBe('द्रव्यमान $m$ का एक गुटका खुरदरे आनत तल पर रखा है।');
    expect(incline.translation!.explanation).toBeNull();

    expect(rows.find((r) => r.question.text.includes('scalar'))!.translation).toBeNull();
  });

  it('re-imports idempotently, and a changed translation updates its row (and counts its question as updated)', async () => {
    await importFile(db(), fixture('bilingual.yaml'));
    const before = await db().select().from(questionTranslations);
    const again = await importFile(db(), fixture('bilingual.yaml'));
    expect(again.subjects).toEqual([expect.objectContaining({ created: 0, updated: 0, unchanged: 3 })]);
    expect(await db().select().from(questionTranslations)).toEqual(before);

    const { readFileSync } = await import('node:fs');
    const changed = readFileSync(fixture('bilingual.yaml'), 'utf8').replace(
      'भार एक बल है।',
      'भार एक बल होता है।',
    );
    const third = await importFile(db(), scratchFile('bilingual.yaml', changed));
    expect(third.subjects).toEqual([expect.objectContaining({ created: 0, updated: 1, unchanged: 2 })]);
    const rows = await db().select().from(questionTranslations);
    expect(rows).toHaveLength(2);
    expect(rows.flatMap((r) => r.hints)).toContain('भार एक बल होता है।');
  });

  it('refuses a translation whose options or figures do not match, naming the question, and writes nothing', async () => {
    const source = (await import('node:fs'))
      .readFileSync(fixture('bilingual.yaml'), 'utf8')
      .replace('options: [30°, 45°, 60°]\n              - text', 'options: [30°, 45°]\n              - text')
      .replace('![एक आनत तल](figure:incline)', '(चित्र देखें)');
    // Only the translation's options were cut: the original's line is the first of the two.
    const fixed = source.replace(
      'options: [30°, 45°]\n                answer: 45°',
      'options: [30°, 45°, 60°]\n                answer: 45°',
    );
    const error = await failingImport(db(), scratchFile('bilingual.yaml', fixed));
    expect(error.message).toContain(
      'bilingual.yaml:41: the "hi" translation of the question "What angle does the incline in the figure make? [figure: An …": it has 2 options; the question has 3',
    );
    expect(error.message).toMatch(
      /"hi" translation of the question "What angle[^\n]*its text shows 0 figures where the original shows 1/,
    );
    expect(await db().select().from(exams)).toEqual([]);
  });

  it('refuses a translation in a language the exam does not list, and an authoritative language outside the list', async () => {
    const source = (await import('node:fs'))
      .readFileSync(fixture('bilingual.yaml'), 'utf8')
      .replace('languages: [en, hi]', 'languages: [en]')
      .replace('authoritativeLanguage: en', 'authoritativeLanguage: hi');
    const error = await failingImport(db(), scratchFile('bilingual.yaml', source));
    expect(error.message).toContain('"hi" is not one of the exam\'s languages (en)');
    expect(error.message).toContain(
      'the authoritative language "hi" is not one of the exam\'s languages (en)',
    );
  });

  it('defaults an exam to English only, English authoritative', async () => {
    await importFile(db(), fixture('catalogue.yaml'));
    const [exam] = await db().select().from(exams);
    expect(exam).toMatchObject({ languages: ['en'], authoritativeLanguage: 'en' });
  });
});
