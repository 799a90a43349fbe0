import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/client.js';
import { questions, questionTranslations } from '../../src/db/schema.js';
import { insertCatalogue, type TestCatalogue } from './catalogue.js';

/** The console's question editor as tests call it (docs/question-bank.md#editing). */

type Headers = Record<string, string>;
export const editUrl = (id: string) => `/api/v1/admin/questions/${id}/edit`;
export const getAs = (app: FastifyInstance, headers: Headers, url: string) =>
  app.inject({ method: 'GET', url, headers });
export const putEdit = (app: FastifyInstance, headers: Headers, id: string, payload: object) =>
  app.inject({ method: 'PUT', url: editUrl(id), headers, payload });

/** The id of the question whose text starts with `start`. */
export const questionIdByText = async (db: Db, start: string) =>
  (
    await db
      .select()
      .from(questions)
      .where(like(questions.text, `${start}%`))
  )[0]!.id;
/** A question's stored Hindi translation row, if any. */
export const hindiRow = async (db: Db, id: string) =>
  (
    await db
      .select()
      .from(questionTranslations)
      .where(and(eq(questionTranslations.questionId, id), eq(questionTranslations.lang, 'hi')))
  )[0];

/** One subject with one single-correct question on lenses, in a topic-less place. */
export async function oneQuestion(app: FastifyInstance): Promise<{ c: TestCatalogue; id: string }> {
  const c = await insertCatalogue(app.db, {
    subjects: [
      {
        name: 'Optics',
        questionCount: 1,
        topics: [{ name: 'Lenses' }],
        questions: [
          {
            text: 'Which lens converges light?',
            options: ['convex', 'concave', 'plane'],
            answer: 'convex',
            explanation: 'A convex lens brings rays together.',
          },
        ],
      },
    ],
  });
  return { c, id: c.subjects[0]!.questionIds[0]! };
}

/** The editor's form for the question as the GET gives it, changed by `change`. */
export async function editForm(app: FastifyInstance, headers: Headers, id: string, change: object = {}) {
  const { data } = (await getAs(app, headers, editUrl(id))).json();
  const { type, text, options, key, explanation, hints, passage, topicSlug, status, version } = data;
  return {
    type,
    text,
    options,
    key,
    explanation,
    hints,
    passage,
    topicSlug,
    status,
    baseVersion: version,
    ...change,
  };
}
