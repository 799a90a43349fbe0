import {
  accountMessages as msg,
  limitMessages,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  OTP_CODES_PER_DAY,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TRIES_PER_DAY,
} from '@ai-tutor/contract';
import type { AttemptLimiter, LimitRule } from '../accounts/attempt-limiter.js';
import type { VerificationPurpose } from '../accounts/verifications.js';
import { tooManyRequests } from '../../lib/errors.js';

/*
 * What tells an attack from a class (docs/decisions/0008): failures are counted, not sign-ins — per
 * account (a guesser of one password, from any number of addresses) and per address (a guesser of many
 * accounts) — so 300 learners behind one school address sign in while wrong passwords stay cut off.
 */
const loginWindowSeconds = LOGIN_FAILURE_WINDOW_MINUTES * 60;
export const LOGIN_FAILURE_RULE: LimitRule = {
  name: 'login-account',
  limit: LOGIN_FAILURES_PER_ACCOUNT,
  windowSeconds: loginWindowSeconds,
};
export const LOGIN_ADDRESS_FAILURE_RULE: LimitRule = {
  name: 'login-address',
  limit: LOGIN_FAILURES_PER_ADDRESS,
  windowSeconds: loginWindowSeconds,
};
/** One code mail per purpose and address per OTP_RESEND_COOLDOWN_SECONDS. */
export const OTP_MAIL_RULE: LimitRule = {
  name: 'otp-mail',
  limit: 1,
  windowSeconds: OTP_RESEND_COOLDOWN_SECONDS,
};
const DAY_SECONDS = 24 * 60 * 60;
/** Codes mailed and tries at them per purpose and account per day: ~15 guesses a day, not ~7,200. */
export const OTP_CODES_DAILY_RULE: LimitRule = {
  name: 'otp-codes-day',
  limit: OTP_CODES_PER_DAY,
  windowSeconds: DAY_SECONDS,
};
export const OTP_TRIES_DAILY_RULE: LimitRule = {
  name: 'otp-tries-day',
  limit: OTP_TRIES_PER_DAY,
  windowSeconds: DAY_SECONDS,
};

/** The account flows' limits on one AttemptLimiter; each refusal is a 429 with Retry-After. */
export function createAccountLimits(limiter: AttemptLimiter) {
  const mailKey = (purpose: VerificationPurpose, target: string) => `otp-mail:${purpose}:${target}`;
  const triesKey = (purpose: VerificationPurpose, target: string) => `otp-tries:${purpose}:${target}`;
  const accountKey = (email: string) => `login:${email}`;
  const addressKey = (address: string) => `login:${address}`;
  const refuse = (wait: number, message: string) => {
    if (wait > 0) throw tooManyRequests(message, wait);
  };

  return {
    mailKey,

    /** Before a password check: the address's failures are looked at, one of the account's taken. */
    async beforeSignIn(email: string, address: string | undefined) {
      // Checked, not taken: 300 sign-ins at once from one school address must not count as failures.
      // Parallel guesses may pass the address limit by what the hashing queue lets run at once.
      if (address) {
        refuse(
          await limiter.retryAfter(addressKey(address), LOGIN_ADDRESS_FAILURE_RULE),
          msg.tooManyLoginAttempts,
        );
      }
      // Every attempt on an account takes a slot first, so even parallel guesses stop at the limit.
      refuse(await limiter.take(accountKey(email), LOGIN_FAILURE_RULE), msg.tooManyLoginAttempts);
    },
    /** A wrong password (or unknown address) counts against the client address too. */
    async signInFailed(address: string | undefined) {
      if (address) await limiter.hit(addressKey(address), LOGIN_ADDRESS_FAILURE_RULE);
    },
    /** No password was tried (the hashing queue turned the sign-in away): nothing counts. */
    async signInNotTried(email: string) {
      await limiter.refund(accountKey(email), LOGIN_FAILURE_RULE);
    },
    /** The right password, or a new one set through a reset code: the account starts afresh. */
    async signInSucceeded(email: string) {
      await limiter.reset(accountKey(email), LOGIN_FAILURE_RULE);
    },

    /** Takes the one mail allowed per cooldown and one of the day's codes. */
    async takeMailSlot(purpose: VerificationPurpose, target: string) {
      const key = mailKey(purpose, target);
      const dayWait = await limiter.retryAfter(key, OTP_CODES_DAILY_RULE);
      refuse(dayWait, limitMessages.tooManyCodes(dayWait));
      const wait = await limiter.take(key, OTP_MAIL_RULE);
      refuse(wait, limitMessages.resendTooSoon(wait));
      const raced = await limiter.take(key, OTP_CODES_DAILY_RULE);
      refuse(raced, limitMessages.tooManyCodes(raced));
    },
    /** A mail that failed was never a code: the user may ask again at once, and it is not counted. */
    async giveMailSlotBack(purpose: VerificationPurpose, target: string) {
      await limiter.reset(mailKey(purpose, target), OTP_MAIL_RULE);
      await limiter.refund(mailKey(purpose, target), OTP_CODES_DAILY_RULE);
    },
    /** Takes one of the day's tries at a code of `purpose` for `target`. */
    async takeCodeTry(purpose: VerificationPurpose, target: string) {
      const wait = await limiter.take(triesKey(purpose, target), OTP_TRIES_DAILY_RULE);
      refuse(wait, limitMessages.tooManyCodeTries(wait));
    },
  };
}
