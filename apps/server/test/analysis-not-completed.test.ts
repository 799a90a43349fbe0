import { itemAnalysisData } from '@ai-tutor/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers/app.js';
import { insertCatalogue, optionQuestions, submit } from './helpers/catalogue.js';
import { createStaff } from './helpers/console.js';
import { createLearner } from './helpers/learner.js';
import { closeTest, scheduleOpenTest, startLive } from './helpers/live-tests.js';

// docs/item-analysis.md: until every taker's session is completed (one who never submitted is completed
// by the server just after the close), the analysis says how many are missing, and the console asks
// again; once the ranking job has run it counts every taker.
const t = useTestApp();

describe('item analysis before every session is completed', () => {
  it('says how many sessions are not completed, then counts every taker', async () => {
    const c = await insertCatalogue(t.app.db, {
      module: { questionCount: 4, durationMinutes: 30 },
      subjects: [{ name: 'Physics', questionCount: 4, questions: optionQuestions('Phy', 4) }],
    });
    const testId = await scheduleOpenTest(t.app.db, c);
    const editor = await createStaff(t.app, 'editor');
    for (const k of [0, 1, 2]) {
      const learner = await createLearner(t.app);
      const started = await startLive(t.app, learner, c, testId);
      expect(started.statusCode).toBe(201);
      // The third leaves without submitting.
      if (k < 2)
        expect((await submit(t.app, learner, started.json().data.assessment.slug)).statusCode).toBe(200);
    }
    const read = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/scheduled-tests/${testId}/item-analysis`,
        headers: editor.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return itemAnalysisData.parse(res.json().data);
    };
    const before = await read();
    expect(before.test.takers).toBe(2);
    expect(before.notCompleted).toBe(1);

    await closeTest(t.app.db, testId);
    await t.app.liveTests.rankDue();
    const after = await read();
    expect(after.test.takers).toBe(3);
    expect(after.notCompleted).toBeUndefined();
  });
});
