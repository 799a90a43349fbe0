import type { Page } from '@playwright/test';
import { axeCheck } from '../lib/a11y.js';
import { screenshot } from '../lib/browser.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens, type Session } from '../lib/learner.js';
import { answerCurrent, questionHeading } from '../lib/quiz-page.js';

test.use({ serverSetup: seededWithInvite('E2E-TUTOR') });

/**
 * A completed, timed subject quiz made through the API: the first question answered with its first
 * option, the rest left unattempted — every unattempted question enters the review queue.
 */
async function completedQuiz(baseURL: string, session: Session): Promise<{ slug: string; examSlug: string }> {
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${session.tokens.access_token}`,
  };
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${baseURL}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.ok, `${path} → ${res.status}`).toBe(true);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- loosely typed API fixture
    return ((await res.json()) as { data: any }).data;
  };
  const exams = await call('/v1/exams?page=1&limit=4');
  const exam = exams.exams[0];
  const module = exam.modules[0];
  const subject = module.subjects[0];
  const created = await call('/v1/assessment', {
    examSlug: exam.slug,
    quizType: 'subject',
    moduleSlug: module.slug,
    subjectSlug: subject.slug,
    type: 'quiz',
  });
  const first = created.evaluation[0];
  const answer = first.baseQuestion.options[0] ?? '1';
  await call('/v1/evaluations', { evaluationId: first._id, userAnswer: answer });
  // Every question was opened (as the web app reports with the submit): the skipped ones are mistakes.
  const visited = (created.evaluation as { _id: string }[]).map((e) => e._id);
  await call(`/v1/assessment/${created.assessment.slug}/submit`, { visited });
  return { slug: created.assessment.slug as string, examSlug: exam.slug as string };
}

/** "Due for review: N" on a page, as a number (0 when the card says nothing is due). */
async function dueCount(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: /^(Due for review: \d+|Nothing due for review)$/ });
  await expect(heading).toBeVisible({ timeout: 20_000 });
  return Number(/\d+/.exec((await heading.textContent()) ?? '')?.[0] ?? 0);
}

test('the tutor loop: a result’s coach → the mistakes notebook (report, dismiss) → a review session → fewer due', async ({
  page,
  server,
  mail,
}) => {
  // Waits for the queue's first learning step (one minute) before reviewing.
  test.setTimeout(240_000);
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-TUTOR', 'Kavya Iyer');
  const { slug, examSlug } = await completedQuiz(server.url, session);
  await signInWithTokens(page, session);

  // The timed result coaches negative marking, with its arithmetic.
  await page.goto(`/quiz/result/${slug}`);
  const coach = page.getByRole('region', { name: 'Negative marking coach' });
  await expect(coach).toBeVisible({ timeout: 20_000 });
  await expect(coach.getByText('Marks left unattempted:')).toBeVisible();
  await screenshot(page, 'tutor-coach');
  // Each new screen with axe (serious or critical findings fail the journey at its end).
  const a11y: string[] = [];

  // The notebook has the skipped questions; one is reported, one is dismissed.
  await page.goto(`/mistakes?exam=${encodeURIComponent(examSlug)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mistakes notebook' })).toBeVisible({
    timeout: 20_000,
  });
  const items = page.getByRole('article');
  await expect(items.first()).toBeVisible();
  const totalText = page.getByText(/^\d+ questions?( · page \d+ of \d+)?$/);
  const total = async () => Number(/^\d+/.exec((await totalText.textContent()) ?? '')?.[0]);
  const before = await total();
  await items.first().getByRole('button', { name: 'Report a problem' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report a problem' });
  await dialog.getByRole('radio', { name: 'There is a typo' }).check();
  await dialog.getByLabel('Note (optional)').fill('The units are missing.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText('Thank you. The question has been reported and will be checked.'),
  ).toBeVisible();
  await items.first().getByRole('button', { name: "I've got this" }).click();
  await expect(page.getByText('Removed from your review queue.')).toBeVisible();
  await expect.poll(total).toBe(before - 1);
  await screenshot(page, 'tutor-mistakes');
  a11y.push(...(await axeCheck(page, '/mistakes')));

  // The exam's due count, then a review session: untimed, checked answer by answer.
  // FSRS's first learning step is a minute: the skipped questions fall due a minute after the test.
  await page.goto(`/exams/${encodeURIComponent(examSlug)}`);
  await expect
    .poll(
      async () => {
        await page.reload();
        return dueCount(page);
      },
      { timeout: 90_000, intervals: [5_000] },
    )
    .toBeGreaterThan(0);
  const due = await dueCount(page);
  a11y.push(...(await axeCheck(page, 'exam page with due card and mastery')));
  await page.goto('/review');
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  a11y.push(...(await axeCheck(page, '/review')));
  await page
    .getByRole('link', { name: /^Start review/ })
    .first()
    .click();
  await page.waitForURL('**/review/*/session');
  await expect(questionHeading(page, 1)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Review' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);

  await answerCurrent(page);
  await page.getByRole('radio', { name: 'Sure', exact: true }).check();
  await page.getByRole('button', { name: 'Check' }).click();
  // A wrong first try stays open (decision 0016): 'Show solution' locks it and shows the key.
  const tryAgain = page.getByText('Not quite — try again.');
  await expect(page.getByText('Answer key').or(tryAgain)).toBeVisible();
  if (await tryAgain.isVisible()) {
    await page.getByRole('button', { name: 'Show solution' }).click();
  }
  await expect(page.getByText('Answer key')).toBeVisible();
  await expect(page.getByText('Checked: your answer is locked.')).toBeVisible();
  await screenshot(page, 'tutor-review-check');
  a11y.push(...(await axeCheck(page, 'review session, checked')));

  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('button', { name: 'Yes, Submit' }).click();
  await page.waitForURL('**/quiz/result/*');

  // The reviewed question is rescheduled: fewer are due now.
  await page.goto(`/exams/${encodeURIComponent(examSlug)}`);
  await expect.poll(() => dueCount(page)).toBeLessThan(due);
  expect(a11y, a11y.join('\n')).toEqual([]);
});
