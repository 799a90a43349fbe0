import type { Browser } from 'playwright-core';
import { startAppServer, type AppServer } from './app-server.js';
import { launchBrowser } from './browser.js';
import { startFakeGoogle } from './google.js';
import { startMailCatcher } from './mail-catcher.js';

export interface Stack {
  server: AppServer;
  browser: Browser;
  mail: Awaited<ReturnType<typeof startMailCatcher>>;
  google: Awaited<ReturnType<typeof startFakeGoogle>>;
  stop: () => Promise<void>;
}

/**
 * Mail catcher, fake Google, the built server (seeded, with an invite code `invite` of 50 uses, then
 * any further `cli` commands, e.g. an import) and Chromium: what a journey file needs, once per file.
 */
export async function startStack(invite: string, cli: string[][] = []): Promise<Stack> {
  const mail = await startMailCatcher();
  const google = await startFakeGoogle();
  const server = await startAppServer(
    { SMTP_URL: mail.url, GOOGLE_CLIENT_ID: google.clientId, GOOGLE_JWKS_URL: google.jwksUrl },
    [['seed'], ['invites', 'create', '--code', invite, '--max-uses', '50'], ...cli],
  );
  const browser = await launchBrowser();
  return {
    server,
    browser,
    mail,
    google,
    stop: async () => {
      await browser.close();
      await server.stop();
      await google.close();
      await mail.close();
    },
  };
}
