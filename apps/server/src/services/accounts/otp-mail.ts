import { mailTexts } from '@ai-tutor/contract';
import type { Mail } from '../../lib/mail.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The one mail with a code in it: plain text and HTML, saying what the code is for and that it expires
 * in OTP_TTL_MINUTES. The code is the only six-digit number in the body.
 */
export function otpMail(
  purpose: 'verify-account' | 'reset-password',
  to: { email: string; name?: string | null },
  code: string,
): Mail {
  const p = mailTexts[purpose];
  const greeting = mailTexts.greeting(to.name);
  const { expiry, signature } = mailTexts;
  const text = [
    greeting,
    '',
    mailTexts.codeIntro(p.what),
    '',
    `    ${code}`,
    '',
    expiry,
    p.ignore,
    '',
    signature,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(mailTexts.codeIntro(p.what))}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>${escapeHtml(expiry)}</p>
<p style="color:#6b7280">${escapeHtml(p.ignore)}</p>
<p>${escapeHtml(signature)}</p>
</body></html>`;
  return { to: to.email, subject: mailTexts.subjectWithExpiry(p.subject), text, html };
}
