import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { startAppServer, type AppServer } from './app-server.js';
import { startFakeGoogle } from './google.js';
import { startMailCatcher } from './mail-catcher.js';

export { expect } from '@playwright/test';

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

interface StackFixtures {
  /**
   * What the fresh database holds before the server starts. A file sets it with `test.use` at its top:
   * the stack is made once per file (a new worker), shared by its tests.
   */
  serverSetup: ServerSetup;
  /**
   * Whether the server offers Google sign-in (with the fake Google's keys). Off by default: the login
   * page then loads Google's script, which cannot load on this closed network (a console error).
   */
  googleSignIn: boolean;
  /** A real SMTP server on loopback: journeys read the mailed codes as a learner would. */
  mail: MailCatcher;
  /** Google's side of sign-in: a JWKS and an ID-token signer. */
  google: FakeGoogle;
  /** The built server (npm run build first), wired to the mail catcher (and the fake Google if asked). */
  server: AppServer;
}

/** `cli` commands (seed, invites, imports) run in order on the fresh database. */
export interface ServerSetup {
  cli: string[][];
}

/** The seeded catalogue and an invite code with 50 uses, then `more` commands (e.g. an import). */
export function seededWithInvite(invite: string, ...more: string[][]): ServerSetup {
  return { cli: [['seed'], ['invites', 'create', '--code', invite, '--max-uses', '50'], ...more] };
}

interface PageFixtures {
  /** Opens a page in a fresh context (another learner, a visitor); every such context closes after the test. */
  freshPage: () => Promise<Page>;
}

export const test = base.extend<PageFixtures, StackFixtures>({
  serverSetup: [{ cli: [] }, { scope: 'worker', option: true }],
  googleSignIn: [false, { scope: 'worker', option: true }],
  mail: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const mail = await startMailCatcher();
      await use(mail);
      await mail.close();
    },
    { scope: 'worker' },
  ],
  google: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      const google = await startFakeGoogle();
      await use(google);
      await google.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ serverSetup, googleSignIn, mail, google }, use) => {
      const server = await startAppServer(
        {
          SMTP_URL: mail.url,
          ...(googleSignIn ? { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl } : {}),
        },
        serverSetup.cli,
      );
      await use(server);
      await server.stop();
    },
    // Seeding and imports run the CLI several times before the server's first answer.
    { scope: 'worker', timeout: 120_000 },
  ],
  // Every page and context of a test opens paths on this file's server.
  baseURL: async ({ server }, use) => use(server.url),
  freshPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});
