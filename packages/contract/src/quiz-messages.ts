/**
 * Texts of the signed-in screens and the server's quiz, practice, live-test and tutor answers
 * (docs/product.md#screens, docs/product.md#errors-and-empty-states). Apart from messages.ts, which
 * /login's first chunk carries whole: a module goes into one chunk with every export any screen uses,
 * so these would cost every learner's first page bytes they never read.
 */

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
