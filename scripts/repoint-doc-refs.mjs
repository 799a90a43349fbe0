#!/usr/bin/env node
/**
 * Repoints comments (and test titles, and API descriptions) that cite documents a clone does not have
 * — SPEC.md §n, DESIGN.md §n, issue numbers — at the repository's own docs. Rules are keyed by text, not
 * by file and line, so the same run works on any branch or a merged tree:
 *
 *   node scripts/repoint-doc-refs.mjs            # rewrite in place, print what changed
 *   node scripts/repoint-doc-refs.mjs --dry-run  # print only
 *   node scripts/check-doc-refs.mjs              # then: what is left for a person to repoint
 *
 * First the phrase rules (a citation whose sentence needs other words), then per section of the old
 * documents a target chosen by the words on the same line. Both map to sections of docs/product.md,
 * docs/api.md and docs/architecture.md; a new rule's target must exist (check-doc-refs.mjs says so).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryFiles, root } from './doc-refs-files.mjs';

const P = (anchor) => `docs/product.md#${anchor}`;
const A = (anchor) => `docs/api.md#${anchor}`;

/** Citations that need their sentence changed, not only the reference. */
const PHRASES = [
  ['Business constants of SPEC.md §9 and DESIGN.md §4.', `Business constants (${P('constants')}).`],
  [
    'User-facing texts of SPEC.md, verbatim. Validation messages are §5; the rest are §2 and §8.',
    `User-facing texts, verbatim: ${P('validation-messages')}, ${P('screens')} and ${P('errors-and-empty-states')}.`,
  ],
  ['Server-only bounds SPEC.md leaves open.', 'Server-only bounds the forms do not check.'],
  ['(DESIGN.md §6.1 and §6.3)', `(${P('key-corrections')}, ${P('live-test-rules')})`],
  ['`quiz` (SPEC.md) = `timed`', '`quiz` (the first name of it) = `timed`'],
  ["`timed` (SPEC.md's `quiz` means the same)", '`timed` (`quiz` means the same)'],
  [
    'SPEC.md sends the code as a number',
    `The web app sends the code as a number (${P('validation-messages')})`,
  ],
  [
    'SPEC.md sends the OTP as a number',
    `The web app sends the OTP as a number (${P('validation-messages')})`,
  ],
  [
    'accepts SPEC.md’s type "quiz" as a timed session',
    `accepts the type "quiz" (${A('quiz-sessions')}) as a timed session`,
  ],
  ["a timed test (SPEC.md's quiz)", `a timed test (${P('quiz-screen')})`],
  ["before SPEC.md's failure toast", `before the failure toast (${P('exam-day-start-queue')})`],
  ['shows SPEC.md’s failure toast', 'shows the failure toast'],
  ['shows everything SPEC.md lists', `shows everything ${P('quiz-screen')} lists`],
  ["a timed test keeps SPEC.md's text", `a timed test keeps the text of ${P('errors-and-empty-states')}`],
  ["(SPEC.md's columns)", `(the columns of ${P('result-screen')})`],
  ["SPEC.md's elements come first.", `The elements ${P('result-screen')} lists come first.`],
  ["SPEC.md: '0ms' when zero or negative", `'0ms' when zero or negative (${P('result-screen')})`],
  [
    "(SPEC.md's three, and Partially Correct for partial marks)",
    `(${P('marking-schemes')}: Correct, Incorrect, Not Attempted, and Partially Correct for partial marks)`,
  ],
  ["SPEC.md's numeric Mobile Number", `the numeric Mobile Number (${P('sign-in-screens')})`],
  [
    '(SPEC.md shows no show/hide control, so there is none)',
    `(${P('sign-in-screens')} has no show/hide control, so there is none)`,
  ],
  ["(the contract's\n * SPEC.md §5 message)", `(the contract's\n * message, ${P('validation-messages')})`],
  ['the SPEC.md §5 messages', `the messages of ${P('validation-messages')}`],
  ['SPEC.md §5 messages', `the messages of ${P('validation-messages')}`],
  ['every SPEC.md §5 message', `every message of ${P('validation-messages')}`],
  ['the SPEC.md §5 message', `the message (${P('validation-messages')})`],
  ['(DESIGN.md §4 "Auth")', `(${A('accounts')})`],
  ['of DESIGN.md §4 "Auth"', `of ${A('accounts')}`],
  ['(DESIGN.md §4 Auth)', `(${A('accounts')})`],
  ['(DESIGN.md §4 Quiz)', `(${A('quiz-sessions')})`],
  ['**review** (DESIGN.md §6.2)', `**review** (${P('review-queue')})`],
  ['(§6.3)', `(${P('test-instructions')})`],
  ['(SPEC.md §1 hooks)', `(${P('ai-tutor-and-achievements')})`],
  ['Live tests (DESIGN.md §6.3): scheduled papers', `Live tests (${P('live-test-rules')}): scheduled papers`],
  // Issue numbers: what the issue was about, in the docs.
  ["(issue 19's 25 s)", '(the exam-day goal is 25 s: docs/performance.md#exam-day-capacity)'],
  ['(issue 19: ≤ 25 s)', '(the exam-day goal: ≤ 25 s, docs/performance.md#exam-day-capacity)'],
  ['(issue 19)', `(${P('exam-day-start-queue')})`],
  ['(issue 16 item 4, docs/decisions/0008)', '(docs/decisions/0008-limits-tell-an-attack-from-a-class.md)'],
  ['(issue 20, item 6)', '(docs/import-format.md#what-is-kept-converted-warned-and-refused)'],
  ['(issue 16 item 19)', `(${P('exam-page')})`],
  ['Issue 16 item 19: one question', 'Seen by a learner: one question'],
  ['Issue 16 item 15: the mouse-down', 'Seen by a learner: the mouse-down'],
  ["'Assessment Attempts' (issue 6)", `'Assessment Attempts' (${P('attempts-screen')})`],
  [
    "'Test Analysis' (issue 6) with the AI tutor's actions (issue 7)",
    `'Test Analysis' (${P('result-screen')}) with the AI tutor's actions (${P('ai-tutor-and-achievements')})`,
  ],
  ['the CBT quiz screen (issue 5)', `the CBT quiz screen (${P('quiz-screen')})`],
  ['`questions review|approve|reject` (issue 7)', `\`questions review|approve|reject\` (${P('operators')})`],
  ['(issue 7)', `(${P('ai-tutor-and-achievements')})`],
  [
    'The longest text each API field accepts (issue 16)',
    `The longest text each API field accepts (${A('input-limits')})`,
  ],
  ['before any route runs (issue 16)', `before any route runs (${A('envelope')})`],
  [
    'against the code before issue 18 in 7 alternating runs',
    'against the code before these measures in 7 alternating runs',
  ],
];

const SECTION_REF = /\b(SPEC|DESIGN)\.md §(\d+(?:\.\d+)?)((?:,? (?:and )?§\d+(?:\.\d+)?)*)/g;

/** Where a section of the old documents is now, by the words around the citation. */
function targetOf(doc, section, line) {
  const has = (pattern) => pattern.test(line);
  if (doc === 'SPEC') {
    switch (section) {
      case '1':
        return P('who-it-is-for');
      case '2':
        if (has(/guard|access group|main area/i)) return P('access-groups');
        if (has(/toast/i)) return P('layouts');
        if (has(/legend|colour/i)) return P('quiz-screen');
        if (has(/verify-user|verify-invite/)) return P('account-checks');
        if (has(/\/login|\/register|forget-password|verify-otp|reset-password/)) return P('sign-in-screens');
        if (has(/\/exams|page 1|limit 4/)) return P('exams-list');
        return P('routes');
      case '3':
        if (has(/average|decimal/i)) return P('performance-records');
        if (has(/saved quiz state|locally saved/i)) return P('saving-answers');
        return P('what-the-app-keeps');
      case '4':
        if (has(/startup|start-up|'at'|session survives|store the session|tokens? live/i)) {
          return P('startup-and-sign-in-state');
        }
        if (has(/resend/i)) return P('resend-cooldown');
        if (has(/toast/i)) return P('layouts');
        if (has(/marked-for-review|four states/i)) return P('question-status');
        if (has(/\+4|−1|-1 incorrect|correct answer/i)) return P('marking-schemes');
        return P('saving-answers');
      case '5':
        return P('validation-messages');
      case '7':
        return A('conventions');
      case '8':
        return P('errors-and-empty-states');
      case '9':
        return P('constants');
    }
    return null;
  }
  switch (section) {
    case '2':
      return 'docs/architecture.md#server-floors';
    case '4':
      if (has(/auth|account|one-time|secret/i)) return A('accounts');
      if (has(/quiz/i)) return A('quiz-sessions');
      return A('conventions');
    case '6.1':
      if (has(/figure|media|sha-?256|passage/i)) return P('figures-and-passages');
      if (has(/key correction|corrects|dropped|drop\b/i)) return P('key-corrections');
      if (has(/question types/i)) return P('question-types');
      if (has(/scheme|marks|partial|jee|status/i)) return P('marking-schemes');
      return P('question-types');
    case '6.2':
      if (has(/\bhints?\b/i) && !has(/check|feedback|records|practice, review/i)) return P('hints');
      if (has(/tutor loop/i)) return P('review-queue');
      if (has(/mastery|difficulty|adaptive|weakest/i)) return P('mastery-and-adaptive-sessions');
      if (has(/report/i)) return P('question-reports');
      if (has(/notebook|mistake/i)) return P('mistakes-notebook');
      if (has(/coach|negative-marking|guessing pays|where the marks went/i)) return P('result-screen');
      if (has(/sessions count|feed the performance records|enter the records/i))
        return P('performance-records');
      if (has(/practice|check|untimed|confidence/i)) return P('practice-and-review-sessions');
      if (has(/review queue|review card|fsrs|due|review (phase|session)/i)) return P('review-queue');
      return P('practice-and-review-sessions');
    case '6.3':
      if (has(/first attempt|practice percentile|percentile among|ordinary mock test/i)) {
        return P('practice-percentile');
      }
      if (has(/instructions|declaration/i)) return P('test-instructions');
      if (has(/\/exams|section|quiz route|\?live|started through/)) return P('live-tests');
      return P('live-test-rules');
    case '6.4':
      return P('running-attempts');
  }
  return null;
}

function repoint(text) {
  let out = text;
  for (const [from, to] of PHRASES) out = out.split(from).join(to);
  return out
    .split('\n')
    .map((line) =>
      line.replace(SECTION_REF, (whole, doc, first, more) => {
        const sections = [first, ...[...more.matchAll(/§(\d+(?:\.\d+)?)/g)].map((m) => m[1])];
        const targets = sections.map((section) => targetOf(doc, section, line));
        if (targets.includes(null)) return whole;
        return [...new Set(targets)].join(', ');
      }),
    )
    .join('\n');
}

const dryRun = process.argv.includes('--dry-run');
let changedLines = 0;
for (const file of repositoryFiles()) {
  const before = readFileSync(join(root, file), 'utf8');
  const after = repoint(before);
  if (after === before) continue;
  const oldLines = before.split('\n');
  after.split('\n').forEach((line, i) => {
    if (line !== oldLines[i]) {
      changedLines++;
      console.log(`${file}:${i + 1}: ${line.trim()}`);
    }
  });
  if (!dryRun) writeFileSync(join(root, file), after);
}
console.log(`${changedLines} line(s) ${dryRun ? 'would change' : 'changed'}.`);
