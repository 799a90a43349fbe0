import { describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.js';
import { parseAnswers } from '../src/services/quiz/answer-sheets.js';
import { useTestDatabase } from './helpers/database.js';

/** Decision 0013: sessions started before the answer sheets keep every answer, mark and lock. */
describe('migration 0011: answer sheets', () => {
  const db = useTestDatabase('0010_options_external');

  it("moves each session's options, answers, marks, times and checks to its sheet", async () => {
    const [user] = await db.query(
      `INSERT INTO users (name, email) VALUES ('Asha', 'asha@example.com') RETURNING id`,
    );
    const [exam] = await db.query(`INSERT INTO exams (name, slug) VALUES ('JEE', 'jee') RETURNING id`);
    const session = (slug: string, extra: string, values: string) =>
      db.query(
        `INSERT INTO assessments (slug, user_id, quiz_type, exam_id, session_name, total_questions, total_marks,
           total_time, start_time, deadline, scope_key, question_ids, question_types, options, answers, marked,
           time_spent${extra})
         VALUES ($1, $2, 'subject', $3, 'Physics Quiz', 3, 12, 30, now(), now() + interval '30 minutes', $1,
           ARRAY[gen_random_uuid(), gen_random_uuid(), gen_random_uuid()],
           '{single,multiple,numerical}', '[["A", "B"], ["x", "y", "z"], []]'${values})
         RETURNING id`,
        [slug, user!.id, exam!.id],
      );
    const [running] = await session(
      'running',
      ', mode, checked',
      `, '["B", ["x", "z"], null]', '{f,t,f}', '{5,40,0}', 'practice', '{t,f,f}'`,
    );
    const [completed] = await session(
      'completed',
      ', session_completed, scores',
      `, '[null, [], "-2.5"]', '{f,f,f}', '{0,0,7}', true, '[null, null, 4]'`,
    );

    await migrate(db);

    const sheets = await db.query(
      `SELECT s.assessment_id, s.user_id, s.deadline = a.deadline AS same_deadline, s.total_time, s.completed,
         s.question_types, s.options::text AS options, s.answers, s.marked, s.time_spent, s.checked
       FROM answer_sheets s JOIN assessments a ON a.id = s.assessment_id ORDER BY a.slug DESC`,
    );
    expect(sheets).toMatchObject([
      {
        assessment_id: running!.id,
        user_id: user!.id,
        same_deadline: true,
        total_time: 30,
        completed: false,
        question_types: ['single', 'multiple', 'numerical'],
        options: '[["A", "B"], ["x", "y", "z"], []]',
        marked: [false, true, false],
        time_spent: [5, 40, 0],
        checked: [true, false, false],
      },
      { assessment_id: completed!.id, completed: true, time_spent: [0, 0, 7], checked: null },
    ]);
    expect(parseAnswers(sheets[0]!.answers as string[])).toEqual(['B', ['x', 'z'], null]);
    expect(parseAnswers(sheets[1]!.answers as string[])).toEqual([null, [], '-2.5']);
    // Stored as a save stores them (jsonb's text), so a resumed session's next save compares alike.
    expect(sheets[0]!.answers).toEqual(['"B"', '["x", "z"]', null]);

    const left = await db.query(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'assessments'
         AND column_name IN ('question_types', 'options', 'answers', 'marked', 'time_spent', 'checked')`,
      [db.schema],
    );
    expect(left).toEqual([]);
  });
});
