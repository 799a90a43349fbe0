import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { startAppServer, type AppServer } from '../lib/app-server.js';
import { launchBrowser, screenshot } from '../lib/browser.js';
import { registerVerifiedLearner, signInWithTokens, type Session } from '../lib/learner.js';
import { startMailCatcher } from '../lib/mail-catcher.js';

let server: AppServer;
let browser: Browser;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

before(async () => {
  mail = await startMailCatcher();
  server = await startAppServer({ SMTP_URL: mail.url }, [
    ['seed'],
    ['invites', 'create', '--code', 'E2E-AI', '--max-uses', '5'],
  ]);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
  await mail?.close();
});

/** A completed NEET Biology quiz with a wrong first answer, made through the API. */
async function completedQuiz(session: Session): Promise<string> {
  const headers = {
    'content-type': 'application/json',
    authorization: `Bearer ${session.tokens.access_token}`,
  };
  const call = async (path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    assert.ok(res.ok, `${path} → ${res.status}`);
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

test('result: ask the AI tutor (fallback says it is not AI-made), share an achievement, open its public page', async () => {
  const { session } = await registerVerifiedLearner(server.url, mail, 'E2E-AI', 'Meera Nair');
  const slug = await completedQuiz(session);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithTokens(page, session);
  await page.goto(`${server.url}/quiz/result/${slug}`);
  await page.getByRole('heading', { name: 'Test Analysis' }).waitFor({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Explanation for question 1', exact: true }).click();
  await page.getByRole('button', { name: 'Ask AI tutor' }).click();
  await page.getByText('Not written by the AI tutor').waitFor();

  await page.getByRole('button', { name: 'Share achievement' }).click();
  const dialog = page.getByRole('dialog');
  const post = dialog.getByLabel('Post');
  await post.waitFor();
  const content = await post.inputValue();
  assert.match(content, /Meera|NEET|Biology/);
  const link = /\/achievements\/[0-9a-f-]{36}/.exec(content)?.[0];
  assert.ok(link, 'the post links to its public achievement page');
  await dialog.getByRole('button', { name: 'Regenerate' }).waitFor();
  await screenshot(page, 'share-achievement');
  // Copying is choosing to share: only then does the page go public (a draft's link is a 404).
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await dialog.getByRole('link', { name: /\/achievements\// }).waitFor();

  // Anyone can check the score: a fresh browser with no session.
  const reader = await (await browser.newContext()).newPage();
  await reader.goto(`${server.url}${link}`);
  await reader.getByText('Meera', { exact: false }).first().waitFor({ timeout: 20_000 });
  const text = await reader.locator('body').innerText();
  assert.ok(!text.includes('Nair'), 'only the first name is public');
  assert.ok(!text.includes('@example.test'), 'no email on the public page');
  await screenshot(reader, 'achievement');
  await context.close();
});
