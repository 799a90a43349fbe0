import { envelope, sessionData, type SessionData } from '@ai-tutor/contract';
import { sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { keyCommands } from '../src/cli/key-commands.js';
import { fastSerializer } from '../src/lib/fast-serializer.js';
import { acceptedEncoding } from '../src/lib/inline-compression.js';
import { importFile } from '../src/services/catalogue/import-service.js';
import { useTestApp } from './helpers/app.js';
import { scratchFile } from './fixtures/import/bank.js';
import { createLearner, type TestLearner } from './helpers/learner.js';

// A start reuses the learner-facing bodies of questions it has drawn before (decision 0021). Whatever
// changes a question — an import, a key correction, any UPDATE — the next start shows it as it now is,
// and no key or explanation is ever part of a start.
const t = useTestApp();
let learner: TestLearner;

const bank = (options: string, passage: string) => `exams:
  - name: Bodies Exam
    slug: bodies-exam
    modules:
      - name: Bodies Module
        slug: bodies-module
        durationMinutes: 30
        questionCount: 2
        subjects:
          - name: Bodies Physics
            slug: bodies-physics
            durationMinutes: 30
            questionCount: 2
            passages:
              lens: '${passage}'
            questions:
              - text: 'Unit of current?'
                options: ${options}
                answer: 'ampere'
                explanation: 'Named after André-Marie Ampère, the secret explanation.'
              - type: numerical
                passage: lens
                text: 'The combined focal length, in cm, is'
                answer: 12
                tolerance: 0.5
`;

const quiz = {
  examSlug: 'bodies-exam',
  quizType: 'subject',
  moduleSlug: 'bodies-module',
  subjectSlug: 'bodies-physics',
  type: 'quiz',
} as const;

async function start(): Promise<{ data: SessionData; text: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/assessment',
    headers: learner.headers,
    payload: { ...quiz, startAfresh: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { data: (res.json() as { data: SessionData }).data, text: res.body };
}
const byText = (s: SessionData, text: string) =>
  s.evaluation.find((e) => e.baseQuestion.questionText === text)!;

async function importBank(options: string, passage: string) {
  const summary = await importFile(
    t.app.db,
    scratchFile(`bodies-${Math.random()}.yaml`, bank(options, passage)),
  );
  expect(summary.skipped).toEqual([]);
}

beforeAll(async () => {
  learner = await createLearner(t.app);
  await importBank("['ampere', 'volt', 'ohm']", 'Two thin lenses in contact.');
});
afterEach(() => vi.restoreAllMocks());

describe('question bodies reused across starts', () => {
  it('shows an imported change of options and passage at the next start', async () => {
    const first = await start();
    expect([...byText(first.data, 'Unit of current?').baseQuestion.options].sort()).toEqual([
      'ampere',
      'ohm',
      'volt',
    ]);
    expect(byText(first.data, 'The combined focal length, in cm, is').baseQuestion.passage).toBe(
      'Two thin lenses in contact.',
    );
    await start(); // the bodies now come from the cache

    await importBank("['ampere', 'volt', 'ohm', 'tesla']", 'Two thin lenses, 10 cm apart.');
    const next = await start();
    expect([...byText(next.data, 'Unit of current?').baseQuestion.options].sort()).toEqual([
      'ampere',
      'ohm',
      'tesla',
      'volt',
    ]);
    expect(byText(next.data, 'The combined focal length, in cm, is').baseQuestion.passage).toBe(
      'Two thin lenses, 10 cm apart.',
    );
  });

  it('shows a change written by any UPDATE, even one that leaves updated_at alone', async () => {
    await start();
    await t.app.db.execute(
      sql`UPDATE questions SET options = '["ampere", "volt", "weber"]'::jsonb WHERE text = 'Unit of current?'`,
    );
    const next = await start();
    expect([...byText(next.data, 'Unit of current?').baseQuestion.options].sort()).toEqual([
      'ampere',
      'volt',
      'weber',
    ]);
  });

  it('never puts a key or an explanation in a start, before or after a key correction', async () => {
    const before = await start();
    const [row] = (
      await t.app.db.execute(sql`SELECT id::text AS id FROM questions WHERE text = 'Unit of current?'`)
    ).rows as { id: string }[];
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const code = await keyCommands.keys!.run({
      config: t.config,
      database: t.database,
      args: ['correct', row!.id, '--answer', 'volt', '--reason', 'final key'],
    });
    expect(code).toBe(0);
    const after = await start();
    for (const { data, text } of [before, after]) {
      expect(text).not.toMatch(/"(key|answer|baseAnswer|explanation)"/);
      expect(text).not.toContain('secret explanation');
      for (const e of data.evaluation) {
        expect(Object.keys(e).sort()).toEqual([
          '_id',
          'baseQuestion',
          'markedForReview',
          'status',
          'userAnswer',
        ]);
        expect(Object.keys(e.baseQuestion).sort()).toEqual([
          'options',
          'passage',
          'questionText',
          'questionType',
          'subject',
        ]);
      }
    }
    // The corrected key scores the next attempt: the key is read at completion, never from a body.
    const current = byText(after.data, 'Unit of current?');
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/evaluations',
      headers: learner.headers,
      payload: { evaluationId: current._id, userAnswer: 'volt' },
    });
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/assessment/${after.data.assessment.slug}/submit`,
      headers: learner.headers,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.assessment.score).toBe(4);
  });

  it('writes the response as the zod serializer would, and nothing the schema does not declare', async () => {
    const { data } = await start();
    const body = { message: 'Assessment created', data };
    const leaky = {
      ...body,
      data: {
        ...data,
        evaluation: data.evaluation.map((e) => ({ ...e, key: 'x', explanation: 'y', baseAnswer: 'z' })),
      },
    };
    const compiled = fastSerializer(envelope(sessionData))()(leaky);
    expect(JSON.parse(compiled)).toEqual(envelope(sessionData).parse(body));
    expect(compiled).not.toMatch(/"(key|explanation|baseAnswer)"/);
  });
});

describe("a start's response, compressed inline", () => {
  const startWith = (encoding: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/assessment',
      headers: { ...learner.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
      payload: { ...quiz, startAfresh: true },
    });

  it('is brotli for a browser, gzip when only gzip is accepted, plain otherwise', async () => {
    const br = await startWith('gzip, deflate, br');
    expect(br.statusCode).toBe(201);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const fromBr = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(fromBr.data.evaluation).toHaveLength(2);

    const gz = await startWith('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8')).message).toBe(fromBr.message);

    const plain = await startWith(undefined);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.evaluation).toHaveLength(2);
  });

  it('honours q=0 and unknown encodings', () => {
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(acceptedEncoding(' BR ')).toBe('br');
  });
});
