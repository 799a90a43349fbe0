import type { Page } from '@playwright/test';
import { screenshot } from '../lib/browser.js';
import { catalogueFixture, type FixtureQuestion } from '../lib/catalogue-file.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { questionHeading, questionNumber, startFromDialog } from '../lib/quiz-page.js';

// Six questions with known keys and explanations (four with options, two free-text numbers); the
// one-minute mock test runs out of time.
const scoredQuiz = catalogueFixture('scored-quiz.json');
const oneMinuteExam = catalogueFixture('one-minute-exam.json');
test.use({
  serverSetup: seededWithInvite('E2E-QUIZ', ['import', scoredQuiz.path], ['import', oneMinuteExam.path]),
});

// docs/product.md#marking-schemes: +4 for a correct answer, −1 for a wrong one, nothing for a question left unanswered.
const CORRECT = 4;
const WRONG = -1;

/** The fixture question on screen (the draw shuffles questions and options). */
async function questionOnScreen(page: Page, questions: FixtureQuestion[]): Promise<FixtureQuestion> {
  const escaped = questions.map((q) => q.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const shown = page.getByText(new RegExp(`^(${escaped.join('|')})$`));
  await expect(shown).toBeVisible();
  const text = (await shown.textContent())?.replace(/\s+/g, ' ').trim();
  const question = questions.find((q) => q.text === text);
  if (!question) throw new Error(`"${text}" is not one of the fixture's questions`);
  return question;
}

/** Answers the question on screen right or wrong on purpose; returns the question and the answer given. */
async function answer(page: Page, verdict: 'right' | 'wrong') {
  const question = await questionOnScreen(page, scoredQuiz.questions);
  const given =
    verdict === 'right'
      ? question.answer
      : (question.options?.find((o) => o !== question.answer) ?? String(Number(question.answer) + 1));
  if (question.options) await page.getByRole('radio', { name: given, exact: true }).check();
  else await page.getByRole('textbox', { name: 'Answer', exact: true }).fill(given);
  return { question, given };
}

test('subject quiz: answer, mark, clear, jump, reload, offline, submit, scored result with explanations, attempts', async ({
  page,
  context,
  server,
  mail,
}) => {
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-QUIZ');
  await signInWithTokens(page, session);
  const answers: { question: FixtureQuestion; given: string }[] = [];

  await page.goto('/exams');
  await page
    .getByRole('article', { name: 'Scored Drill' })
    .getByRole('link', { name: 'Show Details' })
    .click();
  await page.waitForURL('**/exams/scored-drill');
  const examUrl = page.url();
  const start = page.getByRole('button', { name: /Start Subject Quiz/ }).first();
  await expect(start).toBeVisible();
  await screenshot(page, 'exam-detail');
  await startFromDialog(page, start);
  await screenshot(page, 'quiz');

  // Q1 answered right, Q2 marked for review, Q3 answered then cleared, Q4 answered wrong.
  const first = await answer(page, 'right');
  answers.push(first);
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(questionHeading(page, 2)).toBeVisible();
  await page.getByRole('button', { name: 'Mark for Review' }).click();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(questionHeading(page, 3)).toBeVisible();
  await answer(page, 'right');
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await page.getByRole('button', { name: /^Question 3\b/ }).click();
  await page.getByRole('button', { name: 'Clear Response' }).click();
  await page.getByRole('button', { name: /^Question 4\b/ }).click();
  await expect(questionHeading(page, 4)).toBeVisible();
  answers.push(await answer(page, 'wrong'));
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByText('All answers saved')).toBeVisible();

  // A reload resumes the same session with every answer.
  const quizUrl = page.url();
  await page.reload();
  await expect(questionHeading(page)).toBeVisible({ timeout: 20_000 });
  expect(page.url()).toBe(quizUrl);
  await page.getByRole('button', { name: /^Question 1\b/ }).click();
  await expect(questionHeading(page, 1)).toBeVisible();
  if (first.question.options)
    await expect(page.getByRole('radio', { name: first.given, exact: true })).toBeChecked();
  else await expect(page.getByRole('textbox', { name: 'Answer', exact: true })).toHaveValue(first.given);
  await expect(page.getByRole('button', { name: /Question 2\b.*marked for review/i })).toBeVisible();
  await expect(page.getByRole('button', { name: /Question 3\b.*not answered/i })).toBeVisible();

  // Offline: the answer (Q5, right) waits in the queue and goes out when the network returns.
  await page.getByRole('button', { name: /^Question 5\b/ }).click();
  await expect(questionHeading(page, 5)).toBeVisible();
  await context.setOffline(true);
  answers.push(await answer(page, 'right'));
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByText(/Offline — 1 answer/)).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('All answers saved')).toBeVisible({ timeout: 30_000 });
  expect(await questionNumber(page)).toBe(6);

  // Q6 stays unanswered.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Are you sure you want to submit the exam?')).toBeVisible();
  await page.getByRole('button', { name: 'Yes, Submit' }).click();
  await page.waitForURL('**/quiz/result/*');
  await expect(page.getByRole('heading', { name: 'Test Analysis' })).toBeVisible({ timeout: 20_000 });
  const resultUrl = page.url();
  await expect(page.getByText('Click on any question to view explanation')).toBeVisible();

  // The score is +4 per right answer and −1 per wrong one over the answers given, out of 4 × 6.
  const score = answers.reduce((sum, a) => sum + (a.given === a.question.answer ? CORRECT : WRONG), 0);
  const totalMarks = CORRECT * scoredQuiz.questions.length;
  expect(score).toBe(2 * CORRECT + WRONG);
  const summary = page.getByRole('region', { name: 'Performance Summary' });
  await expect(summary).toContainText(new RegExp(`Score\\s*${score} / ${totalMarks}`));
  await expect(summary).toContainText(`${((score / totalMarks) * 100).toFixed(1)}%`);
  await screenshot(page, 'result');

  // A row opens its own question's explanation (the fixture's text), and only that one.
  const table = page.getByRole('table', { name: /questions$/ });
  const rowOf = (question: FixtureQuestion) => table.getByRole('row').filter({ hasText: question.text });
  await expect(table.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(6);
  const wrong = answers[1]!.question;
  await expect(rowOf(wrong)).toContainText('Incorrect');
  await expect(rowOf(first.question)).toContainText('Correct');
  await expect(page.getByText(wrong.explanation!)).toBeHidden();
  await rowOf(wrong).click();
  await expect(page.getByText(wrong.explanation!)).toBeVisible();
  await expect(page.getByText(first.question.explanation!)).toBeHidden();
  await rowOf(wrong).click();
  await expect(page.getByText(wrong.explanation!)).toBeHidden();

  // On a phone the result fits the screen's width, each question a card with nothing cut.
  await page.setViewportSize({ width: 360, height: 740 });
  const cards = page.getByRole('list', { name: /questions$/ }).getByRole('listitem');
  await expect(cards).toHaveCount(6);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `the result page is ${overflow} px wider than a 360 px screen`).toBeLessThanOrEqual(0);
  const cut = await cards.evaluateAll((all) =>
    all
      .filter((card) => card.scrollWidth > card.clientWidth || card.getBoundingClientRect().right > 360)
      .map((card) => card.textContent?.slice(0, 40)),
  );
  expect(cut, 'no question card is wider than the screen').toEqual([]);
  await expect(cards.first().getByText('Your Answer')).toBeVisible();
  await screenshot(page, 'result-phone');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(table).toBeVisible();

  // Back to the exam page: the subject's attempts list leads to the same result.
  await page.goto(examUrl);
  await page
    .getByRole('link', { name: /Attempts/ })
    .nth(1)
    .click();
  await page.waitForURL('**/attempts/subject/*');
  await expect(page.getByRole('heading', { name: 'Assessment Attempts' })).toBeVisible();
  await screenshot(page, 'attempts');
  await page
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first()
    .click();
  await page.waitForURL(resultUrl);
  await expect(page.getByRole('heading', { name: 'Test Analysis' })).toBeVisible();
});

test('a one-minute mock test submits itself when time runs out', async ({ page, server, mail }) => {
  // The minute itself, then the submission and the result.
  test.setTimeout(180_000);
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-QUIZ', 'Ravi Kumar');
  await signInWithTokens(page, session);
  await page.goto('/exams/timer-drill');
  await startFromDialog(page, page.getByRole('button', { name: /Start Mock Test/ }).first());
  // One right answer (+4 of 3 × 4 marks), whichever of the drill's sums this session shows first.
  const question = await questionOnScreen(page, oneMinuteExam.questions);
  await page.getByRole('radio', { name: question.answer, exact: true }).check();
  await page.getByRole('button', { name: 'Save & Next' }).click();
  await expect(page.getByText('Time Remaining')).toBeVisible();
  await page.waitForURL('**/quiz/result/*', { timeout: 90_000 });
  await expect(page.getByRole('heading', { name: 'Test Analysis' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('region', { name: 'Performance Summary' })).toContainText(
    new RegExp(`Score\\s*${CORRECT} / ${CORRECT * oneMinuteExam.questions.length}`),
  );
});
