import { APP_TITLE, OTP_TTL_MINUTES } from '@ai-tutor/contract';
import type { Mail } from '../../plugins/app/mailer.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const PURPOSES = {
  'verify-account': {
    subject: `${APP_TITLE}: your code to verify your email address`,
    what: `verify your email address for your ${APP_TITLE} account`,
    ignore: 'If you did not create an account, you can ignore this email.',
  },
  'reset-password': {
    subject: `${APP_TITLE}: your code to reset your password`,
    what: `reset the password of your ${APP_TITLE} account`,
    ignore:
      'If you did not ask to reset your password, you can ignore this email; your password stays as it is.',
  },
} as const;

/**
 * The one mail with a code in it: plain text and HTML, saying what the code is for and that it expires
 * in OTP_TTL_MINUTES. The code is the only six-digit number in the body.
 */
export function otpMail(
  purpose: keyof typeof PURPOSES,
  to: { email: string; name?: string | null },
  code: string,
): Mail {
  const p = PURPOSES[purpose];
  const greeting = to.name ? `Hello ${to.name},` : 'Hello,';
  const expiry = `This code expires in ${OTP_TTL_MINUTES} minutes and can be used once.`;
  const text = [
    greeting,
    '',
    `Your code to ${p.what} is:`,
    '',
    `    ${code}`,
    '',
    expiry,
    p.ignore,
    '',
    `— ${APP_TITLE}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>Your code to ${escapeHtml(p.what)} is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#6b7280">${escapeHtml(p.ignore)}</p>
<p>— ${APP_TITLE}</p>
</body></html>`;
  return { to: to.email, subject: `${p.subject} (expires in ${OTP_TTL_MINUTES} minutes)`, text, html };
}
