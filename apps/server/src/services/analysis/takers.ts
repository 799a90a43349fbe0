import {
  fullMarks,
  schemeById,
  type AnswerValue,
  type QuestionKey,
  type QuestionType,
} from '@ai-tutor/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { givenQuestion } from '../quiz/given-question.js';
import { MAX_OPTIONS, newColumns, type AnswerColumns } from './item-columns.js';

/**
 * The completed sessions an analysis reads (a live test's takers, a module's first attempts), with
 * what each wrote by position: the server's own completions (the sweep, a read) count like submits;
 * and those answers as the columns item-columns.ts computes over.
 */

export interface SessionRow {
  id: string;
  userId: string;
  score: number;
  scheme: string;
  questionIds: string[];
  /** The version of each question the session was given, by position (null: none recorded). */
  versions: (number | null)[];
  scores: (number | null)[];
  answers: (string | null)[];
  seconds: number[];
  startMs: number;
  endMs: number;
}

interface RawRow {
  id: string;
  user_id: string;
  score: number;
  marking_scheme: string;
  qids: string;
  versions: string | null;
  scores: string | null;
  answers: string;
  seconds: string;
  start_ms: number;
  end_ms: number | null;
}

/** Completed, scored sessions `where` selects (an alias `a` of assessments). */
export async function completedSessions(db: DbOrTx, where: SQL): Promise<SessionRow[]> {
  const result = await db.execute(sql`
    SELECT a.id, a.user_id, a.score, a.marking_scheme, array_to_json(a.question_ids)::text AS qids,
      array_to_json(a.question_versions)::text AS versions,
      a.scores::text AS scores, array_to_json(sh.answers)::text AS answers,
      array_to_json(sh.time_spent)::text AS seconds,
      (extract(epoch from a.start_time) * 1000)::float8 AS start_ms,
      (extract(epoch from coalesce(a.end_time, a.completed_at)) * 1000)::float8 AS end_ms
    FROM assessments a JOIN answer_sheets sh ON sh.assessment_id = a.id
    WHERE ${where} AND a.session_completed AND a.score IS NOT NULL`);
  return (result.rows as unknown as RawRow[]).map((r) => {
    const questionIds = JSON.parse(r.qids) as string[];
    return {
      id: r.id,
      userId: r.user_id,
      score: Number(r.score),
      scheme: r.marking_scheme,
      questionIds,
      versions: r.versions ? (JSON.parse(r.versions) as (number | null)[]) : questionIds.map(() => null),
      scores: r.scores ? (JSON.parse(r.scores) as (number | null)[]) : questionIds.map(() => null),
      answers: JSON.parse(r.answers) as (string | null)[],
      seconds: (JSON.parse(r.seconds) as (number | null)[]).map((s) => Number(s ?? 0)),
      startMs: Number(r.start_ms),
      endMs: Number(r.end_ms ?? r.start_ms),
    };
  });
}

export interface BankQuestion {
  id: string;
  subjectId: string;
  subjectName: string;
  topicName: string | null;
  type: QuestionType;
  text: string;
  options: string[];
  key: QuestionKey;
  dropped: boolean;
}

/**
 * Per question, the version most of the sessions were given (a tie: the newer); a live test's takers
 * share one unless it was edited while the test ran (docs/decisions/0031-sessions-read-what-was-given.md).
 */
export function givenVersions(sessions: SessionRow[]): Map<string, number> {
  const counts = new Map<string, Map<number, number>>();
  for (const s of sessions)
    s.questionIds.forEach((qid, pos) => {
      const version = s.versions[pos];
      if (version === null || version === undefined) return;
      const of = counts.get(qid) ?? new Map<number, number>();
      of.set(version, (of.get(version) ?? 0) + 1);
      counts.set(qid, of);
    });
  const most = new Map<string, number>();
  for (const [qid, of] of counts) {
    const [version] = [...of].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]!;
    most.set(qid, version);
  }
  return most;
}

/** The questions as sessions were given them (`versions`; absent: the current version). */
export async function bankQuestions(
  db: DbOrTx,
  ids: string[],
  versions: Map<string, number> = new Map(),
): Promise<Map<string, BankQuestion>> {
  if (ids.length === 0) return new Map();
  const given = ids.map((id) => versions.get(id) ?? 'NULL');
  const result = await db.execute(sql`
    SELECT q.id, q.subject_id, s.name AS subject_name, t.name AS topic_name, q.type, q.text,
      q.options::text AS options, q.key::text AS key, q.dropped_at IS NOT NULL AS dropped
    FROM unnest(${`{${ids.join(',')}}`}::uuid[], ${`{${given.join(',')}}`}::int[]) AS x(id, version)
    ${givenQuestion(sql`x.id`, sql`x.version`)}
    JOIN subjects s ON s.id = q.subject_id LEFT JOIN topics t ON t.id = q.topic_id`);
  const rows = result.rows as {
    id: string;
    subject_id: string;
    subject_name: string;
    topic_name: string | null;
    type: QuestionType;
    text: string;
    options: string;
    key: string;
    dropped: boolean;
  }[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        subjectId: r.subject_id,
        subjectName: r.subject_name,
        topicName: r.topic_name,
        type: r.type,
        text: r.text,
        options: JSON.parse(r.options) as string[],
        key: JSON.parse(r.key) as QuestionKey,
        dropped: Boolean(r.dropped),
      },
    ]),
  );
}

/** Open reports per question. */
export async function openReports(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT question_id, count(*)::int AS n FROM question_reports
    WHERE status = 'open' AND question_id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    GROUP BY question_id`);
  return new Map(
    (result.rows as { question_id: string; n: number }[]).map((r) => [r.question_id, Number(r.n)]),
  );
}

const parseAnswer = (text: string): AnswerValue => {
  try {
    return JSON.parse(text) as AnswerValue;
  } catch {
    return text;
  }
};

/** The options a key names right (single and multiple); typed answers have none. */
export const keyOptions = (key: QuestionKey): string[] =>
  key.type === 'single' ? [key.answer] : key.type === 'multiple' ? key.answers : [];

/**
 * The sessions as answer columns over `itemIds` (a question a session did not have stays absent):
 * per cell the marks, fully right or partial, the options chosen and the time. Each distinct
 * answer text is parsed once per question (a class picks among a few options).
 */
export function columnsOf(
  sessions: SessionRow[],
  itemIds: string[],
  bank: Map<string, BankQuestion>,
): AnswerColumns {
  const k = itemIds.length;
  const cols = newColumns(
    sessions.map((s) => s.id),
    sessions.map((s) => s.score),
    k,
  );
  const itemAt = new Map(itemIds.map((id, i) => [id, i]));
  const questions = itemIds.map((id) => bank.get(id)!);
  const optionAt = questions.map((q) => new Map(q.options.map((o, i) => [o, i])));
  const chosenBits = questions.map(() => new Map<string, number>());
  const bitsOf = (i: number, text: string) => {
    let bits = chosenBits[i]!.get(text);
    if (bits === undefined) {
      const answer = parseAnswer(text);
      bits = 0;
      for (const a of Array.isArray(answer) ? answer : typeof answer === 'string' ? [answer] : []) {
        const at = optionAt[i]!.get(a);
        if (at !== undefined && at < MAX_OPTIONS) bits |= 1 << at;
      }
      chosenBits[i]!.set(text, bits);
    }
    return bits;
  };
  const fullBySchemes = new Map<string, number[]>();
  sessions.forEach((s, row) => {
    let full = fullBySchemes.get(s.scheme);
    if (!full) {
      const scheme = schemeById(s.scheme);
      full = questions.map((q) => fullMarks(scheme, q.type));
      fullBySchemes.set(s.scheme, full);
    }
    s.questionIds.forEach((qid, pos) => {
      const i = itemAt.get(qid);
      if (i === undefined) return;
      const cell = row * k + i;
      const mark = s.scores[pos] ?? null;
      cols.present[cell] = 1;
      cols.seconds[cell] = s.seconds[pos] ?? 0;
      const text = s.answers[pos] ?? null;
      if (text !== null && questions[i]!.options.length) cols.chosen[cell] = bitsOf(i, text);
      if (mark === null) return;
      cols.answered[cell] = 1;
      cols.marks[cell] = mark;
      if (mark >= full[i]!) cols.right[cell] = 1;
      else if (mark > 0) cols.partial[cell] = 1;
    });
  });
  return cols;
}
