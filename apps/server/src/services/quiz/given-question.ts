import { sql, type SQL } from 'drizzle-orm';

/**
 * `JOIN questions q` for a question as a session was given it (docs/decisions/0028-question-versions.md):
 * its learner-visible content and key from the version the session holds, and what is the question's
 * own now (topic, subject, dropped, status) from the row. The version a session holds is usually the
 * current one, read from the row itself; an older one comes from question_versions. A session that holds
 * no version for the position (none recorded) reads the current one.
 * `id` and `version` are SQL expressions of the query around it (e.g. `s.question_id`,
 * `a.question_versions[s.pos]`).
 */
export function givenQuestionSql(id: string, version: string, alias = 'q'): string {
  return `JOIN LATERAL (
      SELECT qq.id, qq.subject_id, qq.topic_id, qq.dropped_at, qq.status, qq.source, qq.version AS current_version,
        coalesce(v.version, qq.version) AS version,
        coalesce(v.text, qq.text) AS text, coalesce(v.type, qq.type) AS type,
        coalesce(v.options, qq.options) AS options, coalesce(v.key, qq.key) AS key,
        coalesce(v.answer, qq.answer) AS answer,
        CASE WHEN v.id IS NULL THEN qq.explanation ELSE v.explanation END AS explanation,
        coalesce(v.hints, qq.hints) AS hints,
        CASE WHEN v.id IS NULL THEN qq.passage_id ELSE v.passage_id END AS passage_id
      FROM questions qq
      LEFT JOIN question_versions v ON v.question_id = qq.id AND v.version = (${version}) AND v.version <> qq.version
      WHERE qq.id = (${id})
    ) ${alias} ON true`;
}

const MARK_ID = '@@id@@';
const MARK_VERSION = '@@version@@';

/** givenQuestionSql for a drizzle query; `id` and `version` may be bound parameters. */
export function givenQuestion(id: string | SQL, version: string | SQL, alias = 'q'): SQL {
  const [head = '', rest = ''] = givenQuestionSql(MARK_ID, MARK_VERSION, alias).split(MARK_VERSION);
  const [middle = '', tail = ''] = rest.split(MARK_ID);
  const part = (x: string | SQL) => (typeof x === 'string' ? sql.raw(x) : x);
  return sql.join([sql.raw(head), part(version), sql.raw(middle), part(id), sql.raw(tail)]);
}
