import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string;
  raw: string;
}

/** A real SMTP server on loopback that keeps every mail, so journeys read OTPs as a learner would. */
export async function startMailCatcher() {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address.toLowerCase(), raw });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  /**
   * The code is the only six-digit number in the body. Headers are skipped: the address itself may hold
   * one ("asha-312460@example.test" is a random hex name that came out all digits).
   */
  const codeIn = (raw: string) => {
    const body = raw.slice(raw.search(/\r?\n\r?\n/) + 1).replace(/=\r?\n/g, '');
    return /\b(\d{6})\b/.exec(body)?.[1];
  };

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The newest 6-digit code sent to `to` after `since` mails had arrived. */
    async codeFor(to: string, since = 0, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails
          .slice(since)
          .reverse()
          .find((m) => m.to === to.toLowerCase());
        const code = mail && codeIn(mail.raw);
        if (code) return code;
        if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 250);
        });
      }
    },
    /** Every code mailed to `to`, oldest first (for failure reports). */
    codesFor: (to: string) => mails.filter((m) => m.to === to.toLowerCase()).map((m) => codeIn(m.raw) ?? '?'),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
