import { screenshot } from '../lib/browser.js';
import { expect, seededWithInvite, test } from '../lib/fixtures.js';
import { registerVerifiedLearner, signInWithTokens, type Session } from '../lib/learner.js';

test.use({ serverSetup: seededWithInvite('E2E-AI') });

/** A completed NEET Biology quiz with a wrong first answer, made through the API. */
async function completedQuiz(baseURL: string, session: Session): Promise<string> {
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
  const neet = exams.exams.find((e: { slug: string }) => /neet/i.test(e.slug));
  const module = neet.modules[0];
  const subject = module.subjects.at(-1);
  const created = await call('/v1/assessment', {
    examSlug: neet.slug,
    quizType: 'subject',
    moduleSlug: module.slug,
    subjectSlug: subject.slug,
    type: 'quiz',
  });
  const first = created.evaluation[0];
  await call('/v1/evaluations', { evaluationId: first._id, userAnswer: first.baseQuestion.options[0] });
  await call(`/v1/assessment/${created.assessment.slug}/submit`, {});
  return created.assessment.slug as string;
}

test('result: no AI tutor offered without a provider, share an achievement, open its public page', async ({
  page,
  freshPage,
  server,
  mail,
}) => {
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-AI', 'Meera Nair');
  const slug = await completedQuiz(server.url, session);
  await signInWithTokens(page, session);
  await page.goto(`/quiz/result/${slug}`);
  await expect(page.getByRole('heading', { name: 'Test Analysis' })).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Explanation for question 1', exact: true }).click();
  // No AI provider here: 'Ask AI tutor' would only repeat the explanation, so it is not offered.
  await expect(page.getByRole('heading', { name: 'Explanation', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ask AI tutor' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Share achievement' }).click();
  const dialog = page.getByRole('dialog');
  const post = dialog.getByLabel('Post');
  await expect(post).toHaveValue(/Meera|NEET|Biology/);
  const link = /\/achievements\/[0-9a-f-]{36}/.exec(await post.inputValue())?.[0];
  expect(link, 'the post links to its public achievement page').toBeTruthy();
  await expect(dialog.getByRole('button', { name: 'Regenerate' })).toBeVisible();
  await screenshot(page, 'share-achievement');
  // Copying is choosing to share: only then does the page go public (a draft's link is a 404).
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('link', { name: /\/achievements\// })).toBeVisible();

  // Anyone can check the score: a fresh browser with no session.
  const reader = await freshPage();
  await reader.goto(link!);
  await expect(reader.getByText('Meera', { exact: false }).first()).toBeVisible({ timeout: 20_000 });
  const body = reader.locator('body');
  await expect(body, 'only the first name is public').not.toContainText('Nair');
  await expect(body, 'no email on the public page').not.toContainText('@example.test');
  await screenshot(reader, 'achievement');
});
