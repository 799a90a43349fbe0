import type { Page } from '@playwright/test';
import { axeCheck } from '../lib/a11y.js';
import { apiAs } from '../lib/api.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens } from '../lib/learner.js';
import { DECLARATION, questionHeading } from '../lib/quiz-page.js';

/**
 * A Hindi-medium learner's day on the sample JEE Main paper (docs/languages.md): Hindi picked on the
 * instructions screen, the questions in Hindi, one switched to English and back with 'View in', answers
 * saved in both languages, and the result, its explanations and the notebook in Hindi. The same answers
 * given in English score the same. At 360 px and at 1280 px, axe clean, nothing wider than the phone.
 */
test.use({ serverSetup: seededWithInvite('E2E-HINDI') });

const DEVANAGARI = /[\u0900-\u097F]/;
const MOCK = { examSlug: 'jee-main-practice', quizType: 'module', moduleSlug: 'jee-main-paper-1' } as const;

interface Question {
  _id: string;
  baseQuestion: {
    questionText: string;
    options: string[];
    translations?: Record<string, { options: string[] }>;
  };
}

async function noSidewaysOverflow(page: Page, screen: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${screen} is ${overflow} px wider than the screen`).toBeLessThanOrEqual(0);
}

async function fits(page: Page, screen: string, phone: boolean) {
  if (phone) await noSidewaysOverflow(page, screen);
  expect(await axeCheck(page, screen)).toEqual([]);
}

for (const width of [360, 1280]) {
  test(`a learner takes the JEE Main paper in Hindi at ${width} px: View in, result, explanations and notebook in Hindi, the same score as in English`, async ({
    page,
    server,
    mail,
  }) => {
    test.setTimeout(150_000);
    const phone = width < 600;
    await page.setViewportSize({ width, height: phone ? 740 : 800 });
    const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-HINDI', 'Sunita Yadav');
    await signInWithTokens(page, session);
    const asA = apiAs(server.url, session);

    // The instructions screen asks for the default language; Hindi is picked.
    await page.goto('/exams/jee-main-practice');
    await page
      .getByRole('button', { name: /Start Mock Test/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Enter Fullscreen Mode' });
    await expect(dialog.getByText('Choose your default language')).toBeVisible();
    await dialog.getByRole('radio', { name: 'हिन्दी' }).check();
    await dialog.getByRole('checkbox', { name: DECLARATION }).check();
    await dialog.getByRole('button').last().click();
    await page.waitForURL('**/quiz/exam/**');
    await expect(questionHeading(page, 1)).toBeVisible({ timeout: 20_000 });

    // The paper as the server holds it, and its keys, read by a second learner's practice reveal.
    const running = await asA('/v1/assessment/running');
    const slug = running.data.attempts[0].slug as string;
    const paper = (await asA(`/v1/assessment/session/${slug}`)).data;
    expect(paper.assessment.languages.chosen).toBe('hi');
    const questions = (paper.evaluation as Question[]).slice(0, 4);
    const b = await registerVerifiedLearner(server.url, mail, 'E2E-HINDI', 'Rahul Verma');
    const asB = apiAs(server.url, b.session);
    const practice = (await asB('/v1/assessment', { ...MOCK, type: 'practice' })).data;
    const keys = new Map<string, string>();
    for (const q of questions) {
      const same = (practice.evaluation as Question[]).find(
        (e) => e.baseQuestion.questionText === q.baseQuestion.questionText,
      )!;
      const checked = await asB(`/v1/evaluations/${same._id}/check`, { reveal: true });
      keys.set(q._id, checked.data.key.correctOptions[0]);
    }

    // Questions 1–2 in Hindi (1 right, 2 wrong); 3 in English (right); 4 switched to English, answered
    // wrong, and back to Hindi. What is saved is always the question's own (English) option text.
    const radios = (n: number) => page.getByRole('radiogroup', { name: new RegExp(`^Question - ${n}`) });
    const viewIn = (name: string) =>
      page.getByRole('group', { name: 'View in' }).getByRole('button', { name, exact: true }).click();
    const questionLang = () => page.locator('#question-text').locator('xpath=ancestor::*[@lang][1]');
    // A second press of the same move within the quiz's settle time is taken for a double tap.
    const move = async (name: string) => {
      await page.waitForTimeout(600);
      await page.getByRole('button', { name, exact: true }).click();
    };
    const saved: string[] = [];
    for (const [n, right, english] of [
      [1, true, false],
      [2, false, false],
      [3, true, true],
      [4, false, true],
    ] as const) {
      const q = questions[n - 1]!;
      await expect(questionHeading(page, n)).toBeVisible();
      await expect(questionLang()).toHaveAttribute('lang', 'hi');
      await expect(page.locator('#question-text')).toContainText(DEVANAGARI);
      const key = q.baseQuestion.options.indexOf(keys.get(q._id)!);
      const index = right ? key : (key + 1) % q.baseQuestion.options.length;
      if (n === 1) await fits(page, 'the quiz in Hindi', phone);
      if (english) {
        await viewIn('English');
        await expect(questionLang()).toHaveAttribute('lang', 'en');
        await expect(page.locator('#question-text')).not.toContainText(DEVANAGARI);
      }
      const radio = radios(n).getByRole('radio').nth(index);
      await radio.check();
      expect(await radio.getAttribute('value')).toBe(q.baseQuestion.options[index]);
      if (n === 4) {
        await viewIn('हिन्दी');
        await expect(questionLang()).toHaveAttribute('lang', 'hi');
        await expect(radios(n).getByRole('radio').nth(index)).toBeChecked();
      }
      saved.push(q.baseQuestion.options[index]!);
      await move('Save & Next');
    }
    await expect(page.getByText('All answers saved')).toBeVisible({ timeout: 30_000 });
    // Back to question 3: it was left in English, and opens so.
    await move('Prev');
    await move('Prev');
    await expect(questionHeading(page, 3)).toBeVisible();
    await expect(questionLang()).toHaveAttribute('lang', 'en');

    await page.getByTestId('quiz-top-bar').getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('button', { name: 'Yes, Submit' }).click();
    await page.waitForURL('**/quiz/result/**', { timeout: 60_000 });
    await expect(page.getByRole('heading', { name: 'Test Analysis' })).toBeVisible({ timeout: 30_000 });

    // The result opens in Hindi: the questions, the answers and the explanations.
    await expect(
      page.getByRole('group', { name: 'View in' }).getByRole('button', { name: 'हिन्दी' }),
    ).toHaveAttribute('aria-pressed', 'true');
    const row2 = page.getByTestId('question-row-2');
    await expect(row2.locator('[lang="hi"]').first()).toContainText(DEVANAGARI);
    await page.getByRole('button', { name: 'Explanation for question 2', exact: true }).click();
    const explanation = page.locator(`#explanation-${questions[1]!._id}`);
    await expect(explanation.locator('[lang="hi"]').last()).toContainText(DEVANAGARI);
    await fits(page, 'the result in Hindi', phone);

    // The same answers in English, through the API, score the same.
    const english = (await asB('/v1/assessment', { ...MOCK, language: 'en' })).data;
    expect(english.assessment.languages.chosen).toBe('en');
    for (const [i, q] of questions.entries()) {
      const same = (english.evaluation as Question[]).find(
        (e) => e.baseQuestion.questionText === q.baseQuestion.questionText,
      )!;
      expect((await asB('/v1/evaluations', { evaluationId: same._id, userAnswer: saved[i] })).status).toBe(
        200,
      );
    }
    expect((await asB(`/v1/assessment/${english.assessment.slug}/submit`, {})).status).toBe(200);
    const [hindiResult, englishResult] = await Promise.all([
      asA(`/v1/assessment/get-session/${slug}`),
      asB(`/v1/assessment/get-session/${english.assessment.slug}`),
    ]);
    // Two right (+4 each) and two wrong (−1 each) under JEE Main's marks.
    expect(hindiResult.data.assessment.score).toBe(6);
    expect(englishResult.data.assessment.score).toBe(hindiResult.data.assessment.score);

    // The notebook: the wrong answers, in Hindi, the language they were answered in.
    await page.goto('/mistakes');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const wrong = page.getByRole('article').filter({ has: page.locator('[lang="hi"]') });
    await expect(wrong.first()).toBeVisible();
    await expect(wrong.first().locator('[lang="hi"]').first()).toContainText(DEVANAGARI);
    await expect(
      wrong.first().getByRole('group', { name: 'View in' }).getByRole('button', { name: 'हिन्दी' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await page.waitForLoadState('networkidle');
    await fits(page, 'the notebook in Hindi', phone);
  });
}
