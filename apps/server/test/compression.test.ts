import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue } from './helpers/catalogue.js';
import { createLearner, type TestLearner } from './helpers/learner.js';
let learner: TestLearner;
const t = useTestApp();
beforeAll(async () => {
  learner = await createLearner(t.app);
  // Enough exams for a list response well over the 1 kB threshold.
  for (let i = 0; i < 4; i++) {
    await insertCatalogue(t.app.db, {
      examName: `Exam ${i} with a fairly long name for its card`,
      module: { name: `Module ${i}` },
      subjects: [{ name: `Subject ${i}`, topics: [{ name: `Topic ${i}` }], questions: [] }],
    });
  }
});

const exams = (encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/v1/exams?page=1&limit=4',
    headers: { ...learner.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });

describe('API response compression', () => {
  it('sends larger responses as brotli or gzip to clients that accept it, with the same content', async () => {
    const plain = await exams();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await exams('br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await exams('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small responses alone', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ message: 'ok' });
  });
});
