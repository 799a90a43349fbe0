/**
 * The sign-in burst phase (docs/decisions/0008-limits-tell-an-attack-from-a-class.md): `burst` password sign-ins arrive at
 * once from one address while another learner refreshes their session every `refreshEveryMs`. Prints
 * that learner's refresh latency during the burst (goal: p99 under 100 ms) and how the burst was
 * answered (200 signed in, 503 turned away by the hashing queue with Retry-After).
 */
import { pct, round } from './figures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

export interface BurstDeps {
  /** POST `path` with a JSON body, answering status, parsed body and milliseconds. */
  post: (path: string, body: unknown) => Promise<{ status: number; body: Any; ms: number }>;
  /** Learners' emails that now sign in with `password` (set by the server process). */
  withPasswords: (count: number, password: string) => Promise<string[]>;
  log: (...args: unknown[]) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function signInBurst(
  { post, withPasswords, log }: BurstDeps,
  { burst, refreshEveryMs }: { burst: number; refreshEveryMs: number },
) {
  const password = 'bench-password';
  const [other, ...learners] = await withPasswords(burst + 1, password);
  const first = await post('/api/v1/auth/login', { email: other, password });
  if (first.status !== 200) throw new Error(`sign-in before the burst answered ${first.status}`);
  let refreshToken: string = first.body.data.tokens.refresh_token;

  // The refresh loop alone first: what a refresh costs on this machine with no burst.
  const quiet: number[] = [];
  for (let i = 0; i < 20; i++) {
    const res = await post('/api/v1/auth/refresh', { refresh_token: refreshToken });
    if (res.status !== 200) throw new Error(`refresh answered ${res.status}`);
    refreshToken = res.body.data.tokens.refresh_token;
    quiet.push(res.ms);
    await sleep(refreshEveryMs);
  }

  const started = performance.now();
  let burstOver = false;
  const signIns = Promise.all(learners.map((email) => post('/api/v1/auth/login', { email, password }))).then(
    (answers) => {
      burstOver = true;
      return answers;
    },
  );
  const during: number[] = [];
  const refreshFailures: number[] = [];
  let slowest = { ms: 0, at: 0 };
  while (!burstOver) {
    const sent = performance.now() - started;
    const res = await post('/api/v1/auth/refresh', { refresh_token: refreshToken });
    if (res.status === 200) refreshToken = res.body.data.tokens.refresh_token;
    else refreshFailures.push(res.status);
    if (res.ms > slowest.ms) slowest = { ms: res.ms, at: sent };
    during.push(res.ms);
    await sleep(refreshEveryMs);
  }
  const answers = await signIns;
  const burstMs = performance.now() - started;
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const retryAfter = answers.filter((a) => a.status === 503).map((a) => a.body?.message);
  const signedIn = answers
    .filter((a) => a.status === 200)
    .map((a) => a.ms)
    .sort((a, b) => a - b);

  quiet.sort((a, b) => a - b);
  during.sort((a, b) => a - b);
  log(
    `sign-in burst: ${learners.length} sign-ins at once from one address, another learner refreshing every ${refreshEveryMs} ms`,
  );
  log(
    `  burst answered in ${round(burstMs / 1000)} s: ${JSON.stringify(byStatus)}; signed in p50 ${round(pct(signedIn, 50))} ms, max ${round(signedIn[signedIn.length - 1] ?? NaN)} ms` +
      (retryAfter.length ? `; 503 says "${retryAfter[0]}"` : ''),
  );
  log(
    `  other learner's refresh without the burst: p50 ${round(pct(quiet, 50))} ms  p99 ${round(pct(quiet, 99))} ms  (${quiet.length} refreshes)`,
  );
  log(
    `  other learner's refresh during the burst:  p50 ${round(pct(during, 50))} ms  p99 ${round(pct(during, 99))} ms  max ${round(during[during.length - 1] ?? NaN)} ms  (${during.length} refreshes, ${refreshFailures.length} not 200; the slowest sent ${round(slowest.at / 1000)} s into the burst)  →  goal p99 < 100 ms: ${pct(during, 99) < 100 ? 'met' : 'NOT met'}`,
  );
}
