import {
  APP_TITLE,
  OTP_CODES_PER_DAY,
  OTP_LENGTH,
  OTP_TRIES_PER_DAY,
  OTP_TTL_MINUTES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_LENGTH,
} from './constants.js';

/** User-facing texts, verbatim: docs/product.md#validation-messages, docs/product.md#screens and docs/product.md#errors-and-empty-states. */
export const validationMessages = {
  required: 'Required',
  invalidEmail: 'Invalid Email Format',
  passwordMin: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordRequired: 'Password is required',
  passwordsMustMatch: 'Passwords must match',
  confirmPasswordRequired: 'Confirm Password is required',
  nameRequired: 'Name is required',
  phoneLength: `Phone number must be ${PHONE_LENGTH} digits`,
  inviteCodeRequired: 'Invite Code is required',
  otpRequired: 'OTP is required',
  otpSixDigits: `OTP must be exactly ${OTP_LENGTH} digits`,
  inviteVerificationRequired: 'Invite code is Required',
  /** Server-only bounds the forms do not check. */
  passwordMax: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
} as const;

export const uiTexts = {
  failedToCreateAssessment: 'Failed to create assessment',
  noAttempts: 'No assessment attempts found',
  explanationNotAvailable: 'Explanation is not available.',
  notAnswered: 'Not answered',
  submitConfirmTitle: 'Are you sure you want to submit the exam?',
  submitConfirmBody: 'You will not be able to make any further changes after submission.',
  submitConfirmNo: 'No, Go Back',
  submitConfirmYes: 'Yes, Submit',
  evaluating: 'Evaluating...',
  loading: 'Loading...',
  fullscreenTitle: 'Enter Fullscreen Mode',
  fullscreenHint: 'You can exit fullscreen mode at any time by pressing ESC.',
  clickQuestionHint: 'Click on any question to view explanation',
} as const;

/** Server messages: what the API says in `message`. */
export const apiMessages = {
  ok: 'ok',
  notFound: 'Not found',
  routeNotFound: 'Route not found',
  validationFailed: 'Validation failed',
  malformedJson: 'Malformed JSON in request body',
  unauthorized: 'Authentication required',
  forbidden: 'Not allowed',
  internal: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable. Please try again shortly.',
  invalidValue: 'Invalid value',
  /** Readiness probe (operators and load balancers). */
  shuttingDown: 'shutting down',
  databaseUnavailable: 'database unavailable',
  webAppNotBuilt: 'The web app is not built. Run "npm run build".',
} as const;

/** What the accounts API says in `message` (docs/api.md#accounts); the web app shows these in toasts. */
export const accountMessages = {
  signedUp: 'Registration successful. We have sent a verification code to your email.',
  loggedIn: 'Login successful',
  invalidCredentials: 'Invalid email or password',
  tooManyLoginAttempts: 'Too many failed sign-in attempts. Please try again later.',
  emailTaken: 'An account with this email already exists',
  inviteValid: 'Invite code is valid',
  inviteInvalid: 'This invite code is not valid, has expired or has been used up',
  inviteAccepted: 'Invite code accepted',
  inviteAlreadyUsed: 'You have already used an invite code',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  accountVerified: 'Your account has been verified',
  alreadyVerified: 'Your account is already verified',
  otpSent: 'A new verification code has been sent to your email',
  otpExpired: 'This code has expired or is no longer valid. Please request a new one.',
  otpEmailMismatch: 'This code was sent to a different email address',
  resendTooSoon: 'Please wait before requesting another code',
  resetOtpSent: 'If an account exists for this email, we have sent a code to it',
  resetOtpVerified: 'Code verified. You can now set a new password.',
  resetOtpInvalid: 'Invalid or expired code. Please check the code or request a new one.',
  passwordReset: 'Your password has been reset. Please sign in with your new password.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please start again.',
  sessionRefreshed: 'Session refreshed',
  sessionInvalid: 'Session expired or invalid. Please sign in again.',
  loggedOut: 'Logged out',
  userNotFound: 'Account not found',
  profileUpdated: 'Profile updated',
  verifyFirst: 'Please verify your account first.',
  inviteFirst: 'Please enter an invite code first.',
  mailUnavailable: 'We could not send the email right now. Please try again in a minute.',
} as const;

/** What the admin API says in `message`. */
export const adminMessages = {
  inviteCreated: 'Invite code created',
  inviteTaken: (code: string) => `Invite code ${code} already exists.`,
} as const;

/** "Incorrect code. 3 tries left." */
export const wrongOtpMessage = (triesLeft: number) =>
  triesLeft > 0
    ? `Incorrect code. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`
    : 'Incorrect code. This code can no longer be used. Please request a new one.';

/** Limits (docs/decisions/0008): the 429/503 answers that say when to come back (also in Retry-After). */
const waitText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 2) return `${Math.max(1, Math.ceil(seconds))} seconds`;
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
};
/**
 * Shown (web) while a sign-in or sign-up waits out the hashing queue's Retry-After and tries again. Its
 * own export: /login shows it, and limitMessages would bring accountMessages into /login's entry.
 */
export const signInQueuedMessage = 'Many people are signing in, retrying…';

export const limitMessages = {
  /** "Please wait before requesting another code (42 s)." */
  resendTooSoon: (seconds: number) => `${accountMessages.resendTooSoon} (${seconds} s).`,
  signInBusy: (seconds: number) =>
    `Many people are signing in right now. Please try again in ${waitText(seconds)}.`,
  tooManyCodes: (seconds: number) =>
    `You have asked for ${OTP_CODES_PER_DAY} codes today, the most allowed. Please try again in ${waitText(seconds)}.`,
  tooManyCodeTries: (seconds: number) =>
    `You have entered a code ${OTP_TRIES_PER_DAY} times today, the most allowed. Please try again in ${waitText(seconds)}.`,
} as const;

/**
 * What the server says when a request fails at the edge, before any route runs (docs/api.md#envelope): the
 * framework's own refusals in the envelope, never echoing the URL or a header.
 */
export const requestMessages = {
  textHasForbiddenCharacters: 'Must not contain NUL characters or unpaired surrogates',
  textTooLong: (max: number) => `Must be at most ${max} characters`,
  badRequest: 'Bad request',
  malformedUrl: 'The address is malformed (bad percent-encoding or forbidden characters)',
  uriTooLong: 'The address is too long',
  methodNotAllowed: 'Method not allowed',
  bodyTooLarge: 'The request body is too large',
  emptyJsonBody: 'The request body is empty but its content type is JSON',
  unsupportedMediaType: 'Unsupported content type or encoding: send application/json',
  requestTimeout: 'The request took too long to arrive',
  headersTooLarge: 'The request headers are too large',
  shuttingDown: 'This server is restarting. Please try again shortly.',
} as const;

/** The code mail (server): what each kind of code is for, and the lines around the code. */
export const mailTexts = {
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
  subjectWithExpiry: (subject: string) => `${subject} (expires in ${OTP_TTL_MINUTES} minutes)`,
  greeting: (name?: string | null) => (name ? `Hello ${name},` : 'Hello,'),
  codeIntro: (what: string) => `Your code to ${what} is:`,
  expiry: `This code expires in ${OTP_TTL_MINUTES} minutes and can be used once.`,
  signature: `— ${APP_TITLE}`,
} as const;
