/** Business constants (docs/product.md#constants). One place, used by server and web app. */
export const APP_TITLE = 'AI TUTOR';
export const MARKETING_HEADLINE = 'Innovative AI solutions for a Smarter world';
export const MARKETING_MISSION =
  'Our mission is to use AI to solve real-world problems — starting with helping every learner prepare for the exam that matters to them.';

export const TOAST_DEFAULT_DURATION_MS = 3000;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_LENGTH = 10;

export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_ATTEMPTS = 5;
export const RESET_TOKEN_TTL_MINUTES = 15;

export const SCORE_CORRECT = 4;
export const SCORE_INCORRECT = -1;
export const GOOD_THRESHOLD = 50;
export const AVERAGE_DECIMALS = 2;
export const PERCENT_DECIMALS = 1;

export const EXAMS_PAGE_SIZE = 4;
export const EXAMS_START_PAGE = 1;
export const ATTEMPTS_PAGE_SIZES = [15, 20, 25, 30] as const;
export const ATTEMPTS_DEFAULT_PAGE_SIZE = 15;

export const QUESTION_GRID_COLUMNS = 5;
export const DEFAULT_SUBJECT_LABEL = 'General';
export const RESULT_MAX_WIDTH_PX = 1000;
export const PIE_CHART_HEIGHT = 280;

/** Seconds after the deadline during which a save in flight is still accepted. */
export const SAVE_GRACE_SECONDS = 10;
/**
 * A topic quiz's size when its content does not say: the database column defaults (schema.ts), so an
 * import that leaves them out, the seed and the catalogue all get these.
 */
export const DEFAULT_TOPIC_DURATION_MINUTES = 15;
export const DEFAULT_TOPIC_QUESTION_COUNT = 10;
/** The most time one answer may report having taken (a day): the save schema's cap, and the web's. */
export const TIME_SPENT_MAX_SECONDS = 86_400;

/**
 * A percentile among a handful of attempts says nothing ('100.00 among 1'): it is given only from this
 * many first attempts of the module on (docs/decisions/0016-honest-tutor-and-real-mistakes.md). Here,
 * not beside the percentile's schema in live-tests.ts: the result page reads it, and importing it from
 * there brought that module's schemas and all of zod (25 kB gzip) into the page.
 */
export const PERCENTILE_MIN_FIRST_ATTEMPTS = 10;

export const GOOGLE_BUTTON_HEIGHTS = { large: 40, medium: 32, small: 20 } as const;

/**
 * What a session draws from. `review` (docs/product.md#review-queue): the learner's due questions of an exam;
 * `adaptive`: their weakest topics of an exam, module or subject.
 */
export const QUIZ_TYPES = ['module', 'subject', 'topic', 'review', 'adaptive'] as const;
export type QuizType = (typeof QUIZ_TYPES)[number];
/** The quiz types that are a catalogue scope (a module, subject or topic paper): the records' kinds. */
export const CATALOGUE_QUIZ_TYPES = ['module', 'subject', 'topic'] as const;
export type CatalogueQuizType = (typeof CATALOGUE_QUIZ_TYPES)[number];

/**
 * `type` of a new session (docs/product.md#practice-and-review-sessions): `timed` (`quiz` means the same) or `practice`
 * (untimed, feedback per question). A review session is always of mode `review`.
 */
export const SESSION_TYPES = ['quiz', 'timed', 'practice'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];
/** How a session runs: only `timed` sessions feed the performance records or refuse check and hints. */
export const SESSION_MODES = ['timed', 'practice', 'review'] as const;
export type SessionMode = (typeof SESSION_MODES)[number];
/**
 * An untimed session (practice, or review without a time) has no countdown, but its row still needs a
 * deadline for the sweep: this long after its start it is submitted as any other left-open session.
 */
export const UNTIMED_SESSION_DAYS = 7;
/** How many questions an adaptive session draws unless its body says. */
export const ADAPTIVE_QUESTION_COUNT = 10;
/** A timed adaptive session's time per question when no timeLimitMinutes is given. */
export const ADAPTIVE_MINUTES_PER_QUESTION = 2;
/**
 * New review cards introduced in any 24 hours unless REVIEW_NEW_CARDS_PER_DAY says (Anki's "new cards
 * per day"): a mock full of mistakes does not bury the learner; the rest wait for the next days.
 */
export const REVIEW_NEW_CARDS_PER_DAY = 20;
/** The longest time limit a review or adaptive session may ask for. */
export const SESSION_TIME_LIMIT_MAX_MINUTES = 300;

/** Hint levels 1–4, asked for one at a time; only level 4 shows the worked solution (and the key). */
export const HINT_LABELS = {
  1: 'Nudge',
  2: 'Concept',
  3: 'First step',
  4: 'Worked solution',
} as const;
export type HintLevel = keyof typeof HINT_LABELS;
export const HINT_MAX_LEVEL = 4;
/** Checks of one practice position before it locks and shows the solution (decision 0016). */
export const CHECK_MAX_TRIES = 3;
export type HintLabel = (typeof HINT_LABELS)[HintLevel];
/** The most authored hints a question may carry (levels 1–3; level 4 is always the worked solution). */
export const AUTHORED_HINTS_MAX = 3;
/** Hint calls a learner may make per window (per user, per server instance), as explain's. */
export const HINT_RATE_LIMIT = { max: 20, windowSeconds: 60 } as const;
export const ATTEMPT_ENTITY_TYPES = ['exam_module', 'subject', 'topic'] as const;
export type AttemptEntityType = (typeof ATTEMPT_ENTITY_TYPES)[number];

export type PerformanceStatus = 'Good' | 'Average';
export const performanceStatus = (averageScore: number): PerformanceStatus =>
  averageScore >= GOOD_THRESHOLD ? 'Good' : 'Average';

/** Limits (docs/decisions/0008): what an attack is refused and a class behind one address is not. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURES_PER_ADDRESS = 60;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/** Codes mailed to one account (either kind, each counted apart) and tries at them, per day. */
export const OTP_CODES_PER_DAY = 5;
export const OTP_TRIES_PER_DAY = 15;

/**
 * The longest text each API field accepts (docs/api.md#input-limits). Every string a request carries — body, path or
 * query — has one of these maxima and is refused with a 400 before any work (text.ts).
 */
export const TEXT_LIMITS = {
  name: 100,
  /** RFC 5321's longest forward path. */
  email: 254,
  phone: 32,
  /** Exam, module, subject, topic and assessment slugs. */
  slug: 120,
  inviteCode: 64,
  /** Ids in paths and bodies (UUIDs, with room to answer a malformed one with a 404). */
  id: 100,
  /** Refresh and password-reset tokens. */
  token: 512,
  /** A Google ID token (a signed JWT). */
  googleToken: 8192,
  /** A typed answer (free text) or an option. */
  answer: 2000,
  /** How many options a question may have (and so a multiple-correct answer may name). */
  optionsPerQuestion: 10,
  /** LinkedIn's authorisation code and redirect URI. */
  oauthCode: 2000,
  url: 2000,
  oauthState: 200,
} as const;
/**
 * The router's ceiling on one path segment: above every path field's maximum, so a long parameter gets
 * its field's clear 400; anything longer is a 414 before routing.
 */
export const PATH_PARAM_MAX_LENGTH = 512;
