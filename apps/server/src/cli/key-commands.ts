import { userInfo } from 'node:os';
import type { QuestionKey } from '@ai-tutor/contract';
import { keyFromChoice, type KeyChoice } from '../services/quiz/key-choice.js';
import { CorrectionError, correctKey, listCorrections } from '../services/quiz/key-corrections.js';
import type { QuizHooks } from '../services/quiz/hooks.js';
import type { Command } from './commands.js';
import { parseCommandArgs, usageError } from './parse.js';
import { cliQuizHooks } from './quiz-hooks.js';
import { shown } from './terminal-text.js';

/**
 * `keys correct|drop|list` (docs/product.md#key-corrections): an operator corrects a question's key or drops the
 * question; every completed session that had it is rescored and its learner's records rebuilt, in one
 * transaction, with an audit row. The console's key corrections call the same service.
 */

const CORRECT =
  'keys correct QUESTION_ID (--answer TEXT | --answers "A|B" | --value N [--tolerance T] | --range MIN:MAX) --reason TEXT [--by NAME] [--dry-run]';
const DROP = 'keys drop QUESTION_ID --reason TEXT [--by NAME] [--dry-run]';
const LIST = 'keys list';

const options = {
  answer: { type: 'string' },
  answers: { type: 'string' },
  value: { type: 'string' },
  tolerance: { type: 'string' },
  range: { type: 'string' },
  reason: { type: 'string' },
  by: { type: 'string' },
  'dry-run': { type: 'boolean' },
} as const;

/** The new key as the options say it, as the console's API takes it; the service checks its type. */
function choiceFrom(
  values: Partial<Record<Exclude<keyof typeof options, 'dry-run'>, string>>,
): KeyChoice | string {
  if (values.answers !== undefined)
    return {
      answers: values.answers
        .split('|')
        .map((a) => a.trim())
        .filter(Boolean),
    };
  if (values.range !== undefined) {
    const [min, max] = values.range.split(':').map(Number);
    if (!Number.isFinite(min) || !Number.isFinite(max)) return '--range takes MIN:MAX, two numbers';
    return { range: [min!, max!] };
  }
  if (values.value !== undefined) {
    const value = Number(values.value);
    const tolerance = Number(values.tolerance ?? 0);
    if (!Number.isFinite(value) || !Number.isFinite(tolerance) || tolerance < 0)
      return '--value and --tolerance take numbers';
    return { value, tolerance };
  }
  if (values.answer !== undefined) return { answer: values.answer };
  return 'give the new key: --answer, --answers, --value or --range';
}

/** A dry run's detail: each session whose score would change, and each live test's rank moves. */
function printChanges(done: Awaited<ReturnType<typeof correctKey>>): void {
  for (const c of done.changes)
    console.log(
      `  ${shown(c.learner.email)}${c.liveTest ? ` (${shown(c.liveTest)})` : ''}: ${c.scoreBefore} → ${c.scoreAfter}`,
    );
  for (const test of done.liveTests) {
    console.log(`Live test ${shown(test.name)}: ${test.moves.length ? 'rank moves' : 'no rank moves'}`);
    for (const m of test.moves)
      console.log(
        `  ${shown(m.learner.email)}: rank ${m.rankBefore} → ${m.rankAfter}, ` +
          `percentile ${m.percentileBefore.toFixed(2)} → ${m.percentileAfter.toFixed(2)}`,
      );
  }
}

async function run(
  sub: 'correct' | 'drop',
  db: Parameters<typeof correctKey>[0],
  hooks: QuizHooks,
  rest: string[],
): Promise<number> {
  const usage = sub === 'correct' ? CORRECT : DROP;
  const parsed = parseCommandArgs(rest, options, true);
  if (typeof parsed === 'string') return usageError(`keys ${sub}`, parsed, usage);
  const [questionId, ...extra] = parsed.positionals;
  if (!questionId || extra.length) return usageError(`keys ${sub}`, 'give one question id', usage);
  if (!parsed.values.reason) return usageError(`keys ${sub}`, '--reason is required', usage);
  let key: QuestionKey | undefined;
  if (sub === 'correct') {
    const made = choiceFrom(parsed.values);
    if (typeof made === 'string') return usageError('keys correct', made, usage);
    key = keyFromChoice(made);
  }
  try {
    const done = await correctKey(db, hooks, {
      questionId,
      ...(key ? { key } : {}),
      reason: parsed.values.reason,
      operator: parsed.values.by ?? userInfo().username,
      dryRun: parsed.values['dry-run'] ?? false,
    });
    if (done.dryRun) console.log('Dry run: nothing was changed. This is what the correction would do.');
    console.log(`Question: ${shown(done.question.replace(/\s+/g, ' ').slice(0, 100))}`);
    console.log(
      `Key: ${shown(done.before)} → ${done.after === null ? 'dropped (full marks to everyone given it)' : shown(done.after)}`,
    );
    console.log(
      done.dryRun
        ? `Would rescore ${done.changed} of ${done.sessions} completed session${done.sessions === 1 ? '' : 's'} ` +
            `of ${done.learners} learner${done.learners === 1 ? '' : 's'}.`
        : `Rescored ${done.changed} of ${done.sessions} completed session${done.sessions === 1 ? '' : 's'}; ` +
            `records rebuilt for ${done.learners} learner${done.learners === 1 ? '' : 's'}. Audit: ${done.correctionId}`,
    );
    if (done.reportsResolved)
      console.log(
        `${done.dryRun ? 'Would resolve' : 'Resolved'} ${done.reportsResolved} open learner report(s) on it.`,
      );
    if (done.dryRun) printChanges(done);
    return 0;
  } catch (error) {
    if (error instanceof CorrectionError) {
      console.error(`keys ${sub}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

const keysCommand: Command = {
  help: [
    { usage: CORRECT, summary: 'correct a key: completed sessions are rescored and learners told' },
    { usage: DROP, summary: 'drop a question: full marks to everyone who was given it' },
    { usage: LIST, summary: 'the key corrections made, newest first' },
  ],
  run: async ({ config, database, args }) => {
    const [sub, ...rest] = args;
    if (sub === 'correct' || sub === 'drop') return run(sub, database.db, cliQuizHooks(config), rest);
    if (sub === 'list') {
      const rows = await listCorrections(database.db);
      if (!rows.length) console.log('No key corrections yet.');
      for (const r of rows)
        console.log(
          `${r.createdAt.toISOString()}  ${r.kind}  question ${r.questionId}  by ${shown(r.operator)}: ${shown(r.reason)} ` +
            `(${r.sessionsRescored} sessions rescored)`,
        );
      return 0;
    }
    return usageError(
      'keys',
      sub ? `unknown sub-command "${sub}"` : 'correct, drop or list?',
      CORRECT,
      DROP,
      LIST,
    );
  },
};

export const keyCommands: Record<string, Command> = { keys: keysCommand };
