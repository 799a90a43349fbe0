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

/** What the catalogue API says in `message`. */
export const catalogueMessages = {
  examNotFound: 'Exam not found',
  figureNotFound: 'Figure not found',
} as const;

type ScopeKind = 'Exam' | 'Module' | 'Subject' | 'Topic';

/** What the quiz and results API say in `message` (docs/api.md#quiz-sessions). */
export const quizMessages = {
  created: 'Assessment created',
  answerSaved: 'Answer saved',
  submitted: 'Assessment submitted',
  assessmentNotFound: 'Assessment not found',
  questionNotFound: 'Question not found',
  stillRunning: 'This session is still running. Submit it to see the result.',
  alreadySubmitted: 'This session has been submitted: answers can no longer change.',
  timeUp: 'Time is up for this session: answers can no longer change.',
  answerNotAnOption: "The answer must be one of the question's options.",
  answerNotAList: 'This question takes a list of options (one or more).',
  answerNotOne: 'This question takes one answer, not a list.',
  answerNotANumber: 'The answer must be a number, such as 12, -3 or 0.25.',
  resumed: 'Assessment resumed',
  /** A start that kept losing races with the same learner's other starts (very rare). */
  startFailed: 'The test could not be started. Please try again.',
  /** A 503 when the start queue is full (the web app retries and says you are in the queue). */
  startBusy: (seconds: number) =>
    `Many learners are starting right now. Please try again in ${Math.max(1, Math.ceil(seconds))} seconds.`,
  startQueued: 'Many learners are starting — you are in the queue',
  saveFailed: 'The answer could not be saved. Please try again.',
  /** `Module "jee-main" not found in JEE` (a quiz) or `Topic "vectors" not found` (a records filter). */
  scopeNotFound: (kind: ScopeKind, slug: string, within?: string) =>
    `${kind} "${slug}" not found${within === undefined ? '' : ` in ${within}`}`,
  noQuestions: (scopeName: string) =>
    `No questions are available for ${scopeName} yet. Please choose another quiz.`,
  /** A draw found nothing because the learner's running timed test holds the scope's questions. */
  scopeInRunningTest: (scopeName: string) =>
    `The questions of ${scopeName} are in your timed test that is running. Submit that test first, or choose another quiz.`,
} as const;

/**
 * Apart from practiceMessages: quiz.ts's request schema (which the web uses) names it, and naming the
 * object would keep all of it in /login's entry (366 B gzip), where messages.ts is bundled.
 */
export const timeLimitReviewOnlyMessage = 'timeLimitMinutes is only for review and adaptive sessions';

/** What the practice, review and hint API say in `message` (docs/product.md#practice-and-review-sessions). */
export const practiceMessages = {
  checked: 'Answer checked',
  hintGiven: 'Hint ready',
  /** Also a review or adaptive session given a time limit: with a countdown it is a test. */
  checkTimed: 'Checking answers is only available in untimed practice and review sessions.',
  hintTimed: 'Hints are only available in untimed practice and review sessions, not in a timed test.',
  /** The question is also in the learner's running timed test: its key waits for that test. */
  inRunningTest:
    'This question is also in your timed test that is running. Check it, or ask for a hint, after you submit that test.',
  answerLocked: 'This answer has been checked and is locked: it can no longer change.',
  alreadyChecked: 'This answer has already been checked.',
  hintSkipped: (level: number) =>
    `Ask for the previous hint first: hint ${level} comes after hint ${level - 1}.`,
  nothingDue: (examName: string) =>
    `Nothing is due for review in ${examName} right now. Practise or take a test, and come back later.`,
  noAdaptiveQuestions: (scopeName: string) =>
    `No questions are available for an adaptive session of ${scopeName} yet. Please choose another quiz.`,
  /** A configured AI tutor did not write this hint (it failed, or its hint gave the key away). */
  hintAiUnavailable: 'The AI tutor could not give this hint, so it comes from the question instead.',
  /** The nudge of a question without authored hints: what is asked, and the topic it rests on. */
  hintNudge: (asked: string, topic: string) =>
    `What is asked: ${asked} This is a question of ${topic}: which idea of ${topic} links what you are given to what is asked?`,
  hintNudgeNoQuote: (topic: string) =>
    `Re-read what is asked. This is a question of ${topic}: which idea of ${topic} links what you are given to what is asked?`,
  /** Fallback hints of a question without a stored solution, by level (1–3). */
  hintGeneric: {
    1: 'Re-read the question: what exactly is asked for, and what are you given?',
    2: 'Recall the definition, law or formula this topic rests on, and which of the given facts it uses.',
    3: 'Write down how what is given relates to what is asked, then put in the values before simplifying.',
  },
  /** Level 4 of a question without a stored solution. */
  hintKeyOnly: (key: string) =>
    `No worked solution is stored for this question. The correct answer is: ${key}`,
  timeLimitReviewOnly: timeLimitReviewOnlyMessage,
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
export const limitMessages = {
  /** "Please wait before requesting another code (42 s)." */
  resendTooSoon: (seconds: number) => `${accountMessages.resendTooSoon} (${seconds} s).`,
  signInBusy: (seconds: number) =>
    `Many people are signing in right now. Please try again in ${waitText(seconds)}.`,
  /** Shown (web) while a sign-in or sign-up waits out the hashing queue's Retry-After and tries again. */
  signInQueued: 'Many people are signing in, retrying…',
  tooManyCodes: (seconds: number) =>
    `You have asked for ${OTP_CODES_PER_DAY} codes today, the most allowed. Please try again in ${waitText(seconds)}.`,
  tooManyCodeTries: (seconds: number) =>
    `You have entered a code ${OTP_TRIES_PER_DAY} times today, the most allowed. Please try again in ${waitText(seconds)}.`,
} as const;

/** The quiz's save status and toasts (web): no connection and a failing server read differently. */
const answersWaiting = (n: number) => `${n} ${n === 1 ? 'answer' : 'answers'} waiting`;
export const saveTexts = {
  allSaved: 'All answers saved',
  saving: 'Saving…',
  offline: (waiting: number) => `Offline — ${answersWaiting(waiting)}`,
  retrying: (waiting: number) => `Not saved yet, retrying — ${answersWaiting(waiting)}`,
  connectionLost: 'Connection lost. Your answers are kept on this device and will be sent when it is back.',
  serverFailed:
    'Your answer could not be saved: the server had a problem. It is kept on this device and will be sent again shortly.',
  rejected: 'This answer could not be saved.',
  submitOffline: (waiting: number) =>
    `You are offline — ${waiting} ${waiting === 1 ? 'answer is' : 'answers are'} still waiting. Submit again once you are back online.`,
  submitServerFailed: (waiting: number) =>
    `The server could not take your answers yet — ${waiting} ${waiting === 1 ? 'answer is' : 'answers are'} still waiting. Submit again in a moment.`,
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

/** "2026-11-25 14:05 UTC": how a server message names a moment (the web formats `availableAt` itself). */
const utcText = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What the live-test API says in `message` (docs/product.md#live-test-rules), and the web's texts around it. */
export const liveTestMessages = {
  notFound: 'Live test not found',
  /** 409 with `availableAt` = opensAt. */
  notOpenYet: (opensAt: Date) => `This live test opens at ${utcText(opensAt)}.`,
  closed: 'This live test has closed.',
  alreadyTaken: 'You have already taken this live test: it allows one attempt.',
  /** 409 with `availableAt` = closesAt (the ranking follows within seconds). */
  resultsNotYet: (closesAt: Date) => `Results open at ${utcText(closesAt)}, when the live test closes.`,
  /** 409 with `availableAt` a few seconds ahead: closed, ranking being computed. */
  rankingInProgress: 'The ranking is being computed. Please try again in a few seconds.',
  /** The web's line after submitting: "Submitted — results open at 14:05" (local time). */
  submittedResultsAt: (time: string) => `Submitted — results open at ${time}`,
  /** 409 with `availableAt`: the question is in a live paper (out of circulation, decision 0014). */
  outOfCirculation: (backAt: Date) =>
    `This question is in a live test: its answer, explanation and hints open at ${utcText(backAt)}.`,
  /** 409 with `availableAt`: a draw found nothing because the scope's questions are in a live paper. */
  scopeInLiveTest: (scopeName: string, backAt: Date) =>
    `The questions of ${scopeName} are in a live test until ${utcText(backAt)}. Please choose another quiz, or come back then.`,
} as const;

/** What the tutor loop's calls say in `message` (docs/product.md#review-queue). */
export const tutorMessages = {
  mistakeNotFound: 'This question is not in your review queue.',
  mistakeDismissed: 'Removed from your review queue.',
  reportReceived: 'Thank you. The question has been reported and will be checked.',
  reportUpdated: 'Thank you. Your report on this question has been updated.',
  reportQuestionNotFound: 'Question not found',
} as const;
