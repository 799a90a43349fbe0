import type { QuestionType } from '@ai-tutor/contract';
import type { Db } from '../../db/client.js';
import { queryPrepared, type PreparedStatement } from '../../db/prepared.js';

/** What a learner is shown of a question while a session runs: never its key or explanation. */
export interface QuestionBody {
  /** The question's version this body is (docs/decisions/0028-question-versions.md). */
  version: number;
  text: string;
  type: QuestionType;
  passage: string | null;
  /** In the bank's order; shared between starts, so frozen (a start shuffles a copy). */
  options: readonly string[];
}

/** A drawn question: its id and the row version (`xmin`) the draw saw. */
export interface DrawnRef {
  id: string;
  version: string;
}

/**
 * How many bodies one instance keeps: a few exam papers' worth of questions many times over, at
 * about a kilobyte each. Beyond it the oldest entries are dropped.
 */
export const QUESTION_BODY_CACHE_SIZE = 20_000;

/**
 * $1 question ids (uuid[] literal). `xmin` is the row version: every UPDATE of a question (an import
 * that changes its options or type, a key correction, a drop, an approval) writes a new one, whoever
 * makes it, so a body is reused only while its row is unchanged (decision 0021). A passage is never
 * updated in place (its text is its identity): a changed passage is a new row and a new passage_id
 * on the question, hence a new question version.
 */
const BODIES: PreparedStatement = {
  name: 'quiz_question_bodies_v2',
  text: `
    SELECT q.id, q.xmin::text AS row_version, q.version, q.text, q.type, q.options::text AS options_json, p.text AS passage
    FROM questions q LEFT JOIN passages p ON p.id = q.passage_id
    WHERE q.id = ANY($1::uuid[])`,
};

type Cache = Map<string, { version: string; body: QuestionBody }>;
const caches = new WeakMap<Db, Cache>();

/**
 * The learner-facing bodies of drawn questions, by id, built once per question version and reused by
 * every later start on this instance: a start reads only the bodies it has not seen at this version.
 */
export async function questionBodies(db: Db, drawn: readonly DrawnRef[]): Promise<Map<string, QuestionBody>> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const out = new Map<string, QuestionBody>();
  const missing: string[] = [];
  for (const ref of drawn) {
    const hit = cache.get(ref.id);
    if (hit?.version === ref.version) out.set(ref.id, hit.body);
    else missing.push(ref.id);
  }
  if (missing.length === 0) return out;
  const rows = (await queryPrepared(db, BODIES, [`{${missing.join(',')}}`])) as {
    id: string;
    row_version: string;
    version: number;
    text: string;
    type: QuestionType;
    options_json: string;
    passage: string | null;
  }[];
  for (const row of rows) {
    const body: QuestionBody = {
      version: Number(row.version),
      text: row.text,
      type: row.type,
      passage: row.passage,
      options: Object.freeze(JSON.parse(row.options_json) as string[]),
    };
    // Re-inserted at the end: the Map's order is then roughly least recently fetched first.
    cache.delete(row.id);
    cache.set(row.id, { version: row.row_version, body });
    out.set(row.id, body);
  }
  while (cache.size > QUESTION_BODY_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return out;
}
