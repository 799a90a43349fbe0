import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

interface Part {
  headers: Record<string, string>;
  body: string;
}

function splitHeaders(raw: string): Part {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes: number[] = [];
    const text = part.body.replace(/=\r?\n/g, '');
    for (let i = 0; i < text.length; i++) {
      const hex = text.slice(i + 1, i + 3);
      if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return part.body;
}

/** "=?UTF-8?Q?…?=" / "=?UTF-8?B?…?=" words in a header. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeBody({
            headers: { 'content-transfer-encoding': 'quoted-printable' },
            body: data.replace(/_/g, ' '),
          }),
    );
}

/** A tiny MIME reader: enough for nodemailer's text + HTML mails (multipart/alternative). */
export function parseMail(raw: string, to: string[]): ReceivedMail {
  const top = splitHeaders(raw);
  const contentType = top.headers['content-type'] ?? 'text/plain';
  let text = '';
  let html = '';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const parts = boundary
    ? top.body
        .split(`--${boundary}`)
        .slice(1)
        .filter((chunk) => !chunk.startsWith('--'))
        .map((chunk) => splitHeaders(chunk.replace(/^\r?\n/, '')))
    : [top];
  for (const part of parts) {
    const type = (part.headers['content-type'] ?? contentType).toLowerCase();
    if (type.startsWith('text/plain')) text = decodeBody(part);
    else if (type.startsWith('text/html')) html = decodeBody(part);
  }
  return { to, subject: decodeWords(top.headers.subject ?? ''), text, html, raw };
}

export interface MailServer {
  /** smtp://127.0.0.1:<port> for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** While true, every mail is refused with a 5xx (a broken relay). */
  failing: boolean;
  /** The next mail to `to` that arrives after `since` mails (default: any not yet seen). */
  waitForMail: (to: string, since?: number, timeoutMs?: number) => Promise<ReceivedMail>;
  /** The six-digit code in a mail's text body. */
  codeIn: (mail: ReceivedMail) => string;
  mailsTo: (to: string) => ReceivedMail[];
  close: () => Promise<void>;
}

/** A real SMTP server on loopback that keeps every mail it receives. */
export async function startMailServer(): Promise<MailServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const state = { failing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.failing) {
          callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        mails.push(parseMail(Buffer.concat(chunks).toString('utf8'), to));
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  const seen = new Set<ReceivedMail>();

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    get failing() {
      return state.failing;
    },
    set failing(value: boolean) {
      state.failing = value;
    },
    mailsTo: (to) => mails.filter((m) => m.to.includes(to.toLowerCase())),
    async waitForMail(to, since, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails
          .slice(since ?? 0)
          .find((m) => m.to.includes(to.toLowerCase()) && (since !== undefined || !seen.has(m)));
        if (mail) {
          seen.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(left, 250));
          waiters.add(wake);
        });
      }
    },
    codeIn(mail) {
      const codes = mail.text.match(/\b\d{6}\b/g) ?? [];
      if (codes.length !== 1)
        throw new Error(`expected one six-digit code in the mail, found ${codes.length}`);
      return codes[0]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
