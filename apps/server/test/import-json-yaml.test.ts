import { DEFAULT_TOPIC_DURATION_MINUTES, DEFAULT_TOPIC_QUESTION_COUNT } from '@ai-tutor/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { exams, modules, performanceRecords, questions, subjects, topics } from '../src/db/schema.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { failingImport, fixture, questionsOf, scratchFile, snapshot } from './fixtures/import/bank.js';
import { useTestDatabase } from './helpers/database.js';

const database = useTestDatabase();
beforeEach(async () => {
  for (const table of [performanceRecords, questions, topics, subjects, modules, exams])
    await database.db.delete(table);
});

const db = () => database.db;

const yamlExam = (subjectYaml: string, extra = '') => `exams:
  - name: Exam A
    slug: exam-a
    modules:
      - name: Module A
        slug: module-a
        durationMinutes: 30
        questionCount: 2
        subjects:
${subjectYaml}
${extra}`;

const subjectA = `          - name: Subject A
            slug: subject-a
            durationMinutes: 10
            questionCount: 1
            topics:
              - name: Topic A
                slug: topic-a
            questions:
              - text: 'Two plus two?'
                options: ['3', '4']
                answer: '4'
                topic: topic-a`;

describe('JSON / YAML import (our own format)', () => {
  it('imports a YAML catalogue: exams, modules, subjects, topics and questions', async () => {
    const summary = await importFile(db(), fixture('catalogue.yaml'));
    expect(summary.catalogue.exams.created).toBe(1);
    expect(summary.catalogue.modules.created).toBe(1);
    expect(summary.catalogue.subjects.created).toBe(2);
    expect(summary.catalogue.topics.created).toBe(3);
    expect(summary.subjects).toEqual([
      expect.objectContaining({ slug: 'test-physics', created: 3, updated: 0, unchanged: 0 }),
      expect.objectContaining({ slug: 'test-chemistry', created: 1 }),
    ]);

    const [exam] = await db().select().from(exams);
    expect(exam).toMatchObject({
      name: 'Test Exam',
      slug: 'test-exam',
      description: 'An exam for the importer tests.',
    });
    const [mod] = await db().select().from(modules);
    expect(mod).toMatchObject({ slug: 'test-paper-1', durationMinutes: 30, questionCount: 4 });
    const optics = (await db().select().from(topics)).find((t) => t.slug === 'test-optics');
    expect(optics).toMatchObject({ durationMinutes: 5, questionCount: 2 });
    const kinematics = (await db().select().from(topics)).find((t) => t.slug === 'test-kinematics');
    expect(kinematics).toMatchObject({
      durationMinutes: DEFAULT_TOPIC_DURATION_MINUTES,
      questionCount: DEFAULT_TOPIC_QUESTION_COUNT,
    });

    const physics = await questionsOf(db(), 'test-physics');
    expect(physics).toContainEqual({
      text: 'A car covers 100 m in 5 s at constant speed. What is its speed in m/s?',
      options: [],
      answer: '20', // YAML read it as a number; it is stored as the text it was
      type: 'text',
      key: { type: 'text', answers: ['20'], wildcard: false },
      explanation: 'Speed = distance / time = 100 / 5 = 20 m/s.',
      source: 'import',
      status: 'approved',
      topic: 'test-kinematics',
      topicName: 'Kinematics',
    });
    // LaTeX is stored as written.
    expect(physics.map((q) => q.text)).toContain(
      'The focal length of a plane mirror is $\\infty$. True or false?',
    );
  });

  it('imports the same format written as JSON', async () => {
    await importFile(db(), fixture('catalogue.json'));
    const maths = await questionsOf(db(), 'json-maths');
    expect(maths).toEqual([
      expect.objectContaining({
        text: 'Half of 3, as a decimal?',
        answer: '1.5',
        options: [],
        status: 'draft',
        topic: null,
      }),
      expect.objectContaining({ text: 'What is $7 \\times 8$?', answer: '56', topic: 'json-arithmetic' }),
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    await importFile(db(), fixture('catalogue.yaml'));
    const before = await snapshot(db());
    const again = await importFile(db(), fixture('catalogue.yaml'));
    expect(await snapshot(db())).toEqual(before);
    expect(again.catalogue.exams).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect(again.catalogue.topics).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect(again.subjects.map((s) => [s.slug, s.created, s.updated, s.unchanged])).toEqual([
      ['test-physics', 0, 0, 3],
      ['test-chemistry', 0, 0, 1],
    ]);
  });

  it('updates by slug and by subject + text, never duplicating', async () => {
    await importFile(db(), scratchFile('v1.yaml', yamlExam(subjectA)));
    const changed = yamlExam(subjectA)
      .replace('name: Subject A', 'name: Subject A (renamed)')
      .replace("options: ['3', '4']", "options: ['3', '4', '5']")
      .replace('topic: topic-a', "topic: topic-a\n                explanation: 'Count on your fingers.'");
    const summary = await importFile(db(), scratchFile('v2.yaml', changed));
    expect(summary.catalogue.subjects).toEqual({ created: 0, updated: 1, unchanged: 0 });
    expect(summary.subjects[0]).toMatchObject({ created: 0, updated: 1, unchanged: 0 });
    const rows = await questionsOf(db(), 'subject-a');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ options: ['3', '4', '5'], explanation: 'Count on your fingers.' });
    expect((await db().select().from(subjects))[0]?.name).toBe('Subject A (renamed)');
  });

  describe('reports each error with its line, and imports nothing', () => {
    const cases: [string, string, RegExp][] = [
      ['a YAML syntax error', 'exams:\n  - name: [unclosed\n', /bad\.yaml:3: Flow sequence/],
      [
        'an answer that is not among the options',
        yamlExam(subjectA.replace("answer: '4'", "answer: 'four'")),
        /bad\.yaml:18: the answer "four" is not among the options/,
      ],
      [
        'a missing required field',
        yamlExam(subjectA.replace('            durationMinutes: 10\n', '')),
        /bad\.yaml:10: exams\[0\]\.modules\[0\]\.subjects\[0\]\.durationMinutes: /,
      ],
      [
        'a misspelt field',
        yamlExam(subjectA.replace('            questions:', '            questons:')),
        /bad\.yaml:10: .*Unrecognized key: "questons"/,
      ],
      [
        'a slug that is not a slug',
        yamlExam(subjectA.replace('slug: subject-a', 'slug: Subject A')),
        /bad\.yaml:11: exams\[0\]\.modules\[0\]\.subjects\[0\]\.slug: a slug uses lower-case letters/,
      ],
      [
        'a topic that the subject does not have',
        yamlExam(subjectA.replace('                topic: topic-a', '                topic: topic-b')),
        /bad\.yaml:21: "topic-b" is not a topic of the subject "subject-a"/,
      ],
      [
        'the same slug twice',
        yamlExam(
          `${subjectA}\n${subjectA
            .replace(/Two plus two/, 'Three plus one')
            .replace('slug: topic-a', 'slug: topic-b')
            .replace('topic: topic-a', 'topic: topic-b')}`,
        ),
        /bad\.yaml:23: the subject slug "subject-a" is used twice in this file \(first at line 11\)/,
      ],
      [
        'the same question twice in a subject',
        yamlExam(
          subjectA.replace(
            '            questions:\n',
            "            questions:\n              - text: 'Two plus two?'\n                answer: '4'\n",
          ),
        ),
        /bad\.yaml:20: the same text as the question at line 18/,
      ],
      [
        'a question with a single option',
        yamlExam(subjectA.replace("options: ['3', '4']", "options: ['4']")),
        /bad\.yaml:18: a question with options needs at least two of them/,
      ],
    ];
    for (const [kind, text, message] of cases) {
      it(kind, async () => {
        await importFile(db(), fixture('catalogue.yaml'));
        const before = await snapshot(db());
        const error = await failingImport(db(), scratchFile('bad.yaml', text));
        expect(error.message).toMatch(message);
        expect(error.message).toContain('nothing was imported');
        expect(await snapshot(db())).toEqual(before);
      });
    }

    it('a JSON syntax error', async () => {
      const error = await failingImport(
        db(),
        scratchFile('bad.json', '{\n  "exams": [\n    {"name": }\n  ]\n}\n'),
      );
      expect(error.message).toMatch(/bad\.json:3: /);
    });
  });

  it('is atomic: a slug owned by another exam, found after other rows were written, rolls all back', async () => {
    await importFile(db(), fixture('catalogue.yaml'));
    const before = await snapshot(db());
    // Exam A is new and valid; exam B then reuses the module slug of the test catalogue.
    const text = `${yamlExam(subjectA)}  - name: Exam B
    slug: exam-b
    modules:
      - name: Stolen
        slug: test-paper-1
        durationMinutes: 10
        questionCount: 1
`;
    const error = await failingImport(db(), scratchFile('clash.yaml', text));
    expect(error.message).toMatch(
      /clash\.yaml:25: the module slug "test-paper-1" already belongs to another exam/,
    );
    expect(await snapshot(db())).toEqual(before);
    expect(await db().select().from(exams)).toHaveLength(1);
  });

  it('checks a dry run against the bank without writing', async () => {
    const summary = await importFile(db(), fixture('catalogue.yaml'), { dryRun: true });
    expect(summary.dryRun).toBe(true);
    expect(summary.catalogue.exams.created).toBe(1);
    expect(await db().select().from(exams)).toHaveLength(0);
  });

  it('notes quiz sizes the bank cannot fill yet', async () => {
    const summary = await importFile(db(), fixture('catalogue.yaml'));
    expect(summary.notes).toContain(
      'topic "test-kinematics": its quiz asks for 10 questions, the bank has 2',
    );
    expect(summary.notes.some((n) => n.startsWith('subject "test-physics"'))).toBe(false);
  });
});
