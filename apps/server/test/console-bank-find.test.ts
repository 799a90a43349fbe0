import type { BankPage } from '@ai-tutor/contract';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { questionReports, questions, questionStats } from '../src/db/schema.js';
import { searchQuery } from '../src/services/bank/bank-repository.js';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';

/** The question bank found from the console: search, filters, sorting, paging and who may look. */
const t = useTestApp();

type Headers = Record<string, string>;
const find = async (headers: Headers, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/questions${query}`, headers });
  return { status: res.statusCode, body: res.json() as { message: string; data: BankPage | null } };
};

/** A word no other test's questions hold, so a search finds only this file's. */
const marker = () => `zq${randomBytes(4).toString('hex')}`;

async function bank() {
  const word = marker();
  const catalogue = await insertCatalogue(t.app.db, {
    subjects: [
      {
        name: 'Physics',
        topics: [{ name: 'Current Electricity' }, { name: 'Optics' }],
        questions: [
          {
            text: `${word} By Kirchhoff's junction rule, the current in the third wire is`,
            options: ['2 A', '3 A', '5 A', '1 A'],
            answer: '5 A',
            topic: 0,
          },
          {
            text: `${word} A convex lens of focal length 20 cm forms an image at`,
            options: ['40 cm', '20 cm', '10 cm', 'infinity'],
            answer: '40 cm',
            explanation: 'Use the lens formula; Kirchhoffs laws play no part here.',
            topic: 1,
          },
          {
            text: `${word} The figure shows a circuit ![circuit](media:${'a'.repeat(64)})`,
            options: ['Resistors in series', 'Resistors in parallel', 'Neither', 'Both'],
            answer: 'Resistors in parallel',
            topic: 0,
          },
          { text: `${word} A drafted question on refraction`, status: 'draft', topic: 1 },
        ],
      },
      {
        name: 'Chemistry',
        questions: [{ text: `${word} Avogadro's number is`, options: ['6.022e23', '1'] }],
      },
    ],
  });
  const [kirchhoff, lens, figure, draft] = catalogue.subjects[0]!.questionIds as [
    string,
    string,
    string,
    string,
  ];
  return {
    word,
    catalogue,
    kirchhoff,
    lens,
    figure,
    draft,
    avogadro: catalogue.subjects[1]!.questionIds[0]!,
  };
}

describe('GET /api/v1/admin/questions', () => {
  it('finds questions by a word in the text, the options or the explanation, and by the start of a word', async () => {
    const editor = await createStaff(t.app, 'editor');
    const b = await bank();
    const ids = async (query: string) =>
      (await find(editor.headers, query)).body.data!.rows.map((row) => row.id);

    // the stem "kirchhoff" matches "Kirchhoff's" in a text and "Kirchhoffs" in an explanation
    expect(new Set(await ids(`?search=${b.word}+kirchhoff`))).toEqual(new Set([b.kirchhoff, b.lens]));
    expect(await ids(`?search=${b.word}+parallel`)).toEqual([b.figure]);
    expect(await ids(`?search=${b.word}+kirch`)).toHaveLength(2);
    // an apostrophe's lone 's' is a stop word, not a word every question must hold
    expect(await ids(`?search=${b.word}+${encodeURIComponent("Kirchhoff's")}`)).toHaveLength(2);
    expect(await ids(`?search=${b.word}+avogadro`)).toEqual([b.avogadro]);
    expect(await ids(`?search=${b.word}+thermodynamics`)).toEqual([]);
    // punctuation cannot break the query's syntax: it is not searched for
    const odd = await find(editor.headers, `?search=${encodeURIComponent(`${b.word} & | ! (:*`)}`);
    expect(odd.status).toBe(200);
    expect(odd.body.data!.total).toBe(5);
    expect((await find(editor.headers, `?search=${encodeURIComponent('&&&')}`)).body.data!.total).toBe(0);
  });

  it('filters by place, type, status, figures and open reports, and says where each question sits', async () => {
    const editor = await createStaff(t.app, 'editor');
    const b = await bank();
    const physics = b.catalogue.subjects[0]!;
    const rows = async (query: string) =>
      (await find(editor.headers, `?search=${b.word}${query}`)).body.data!.rows;

    const inOptics = await rows(`&topicSlug=${physics.topics[1]!.slug}`);
    expect(inOptics.map((row) => row.id).sort()).toEqual([b.lens, b.draft].sort());
    expect(inOptics.find((row) => row.id === b.lens)).toMatchObject({
      exam: b.catalogue.exam.name,
      module: b.catalogue.module.name,
      subject: 'Physics',
      topic: 'Optics',
      type: 'single',
      status: 'approved',
      facility: null,
      answers: 0,
      openReports: 0,
      hasFigure: false,
    });
    expect((await rows(`&subjectSlug=${b.catalogue.subjects[1]!.slug}`)).map((row) => row.id)).toEqual([
      b.avogadro,
    ]);
    expect((await rows(`&examSlug=${b.catalogue.exam.slug}&status=draft`)).map((row) => row.id)).toEqual([
      b.draft,
    ]);
    expect((await rows('&hasFigure=true')).map((row) => row.id)).toEqual([b.figure]);
    expect(await rows('&hasFigure=false')).toHaveLength(4);

    await t.app.db.update(questions).set({ droppedAt: new Date() }).where(eq(questions.id, b.avogadro));
    expect(await rows('&status=dropped')).toMatchObject([{ id: b.avogadro, status: 'dropped' }]);
    expect((await rows('&status=approved')).map((row) => row.id)).not.toContain(b.avogadro);

    const learner = await createLearner(t.app);
    await t.app.db
      .insert(questionReports)
      .values({ userId: learner.id, questionId: b.kirchhoff, reason: 'wrong-key' });
    expect(await rows('&hasReports=true')).toMatchObject([{ id: b.kirchhoff, openReports: 1 }]);

    expect((await find(editor.headers, '?hasFigure=maybe')).status).toBe(400);
    expect((await find(editor.headers, '?type=essay')).status).toBe(400);
  });

  it('sorts by difficulty from learners’ answers and pages the result', async () => {
    const editor = await createStaff(t.app, 'editor');
    const b = await bank();
    // Kirchhoff: 1 of 4 right over two shards; lens: 3 of 4 right
    await t.app.db.insert(questionStats).values([
      { questionId: b.kirchhoff, shard: 0, answers: 2, correct: 1 },
      { questionId: b.kirchhoff, shard: 1, answers: 2, correct: 0 },
      { questionId: b.lens, shard: 0, answers: 4, correct: 3 },
    ]);
    const page = async (query: string) =>
      (await find(editor.headers, `?search=${b.word}${query}`)).body.data!;
    const hardestFirst = await page('&sort=difficulty&order=asc');
    expect(hardestFirst.rows.slice(0, 2)).toMatchObject([
      { id: b.kirchhoff, facility: 0.25, answers: 4 },
      { id: b.lens, facility: 0.75, answers: 4 },
    ]);
    // never answered: no difficulty yet, listed last either way
    expect(hardestFirst.rows.at(-1)!.facility).toBeNull();
    expect((await page('&sort=difficulty&order=desc')).rows[0]!.id).toBe(b.lens);

    const second = await page('&sort=difficulty&order=asc&limit=2&page=2');
    expect(second.total).toBe(5);
    expect(second.rows).toHaveLength(2);
    expect(second.rows.map((row) => row.id)).not.toContain(b.kirchhoff);
  });

  it('is for editors and admins: 401 without a token, 403 for a learner or a teacher', async () => {
    expect((await find({})).status).toBe(401);
    const learner = await createLearner(t.app);
    expect((await find(learner.headers)).status).toBe(403);
    expect((await find((await createStaff(t.app, 'teacher')).headers)).status).toBe(403);
    expect((await find((await createStaff(t.app, 'admin')).headers)).status).toBe(200);
  });

  it('turns what was typed into words a full-text query can hold', () => {
    expect(searchQuery("Kirchhoff's  LAW!")).toBe('kirchhoff:* & s:* & law:*');
    expect(searchQuery('ΔH° = −285 kJ')).toBe('δh:* & 285:* & kj:*');
    expect(searchQuery('  $$ ')).toBeNull();
  });
});
