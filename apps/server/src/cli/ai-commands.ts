import { createAiProvider, type AiLogger, type AiUsage } from '../services/ai/provider.js';
import {
  GenerationError,
  generateQuestions,
  MAX_GENERATE_COUNT,
  type GenerateSummary,
} from '../services/ai/generate-questions.js';
import { approveDrafts, listDrafts, rejectDrafts, type Decision } from '../services/ai/question-review.js';
import { runTranslate, TRANSLATE } from './ai-translate-command.js';
import type { Command } from './commands.js';
import { parseCommandArgs, usageError } from './parse.js';
import { progressBar, type ProgressBar } from './progress-bar.js';
import { shown } from './terminal-text.js';

/**
 * `ai generate-questions` and `questions review|approve|reject` (docs/product.md#operators). Output goes to stdout; the
 * progress bar and warnings to stderr.
 */

function cliLogger(progress: ProgressBar): AiLogger {
  return {
    info: () => undefined,
    warn: (obj, msg) => {
      const ai = (obj as { ai?: Record<string, unknown> }).ai ?? {};
      const detail = Object.entries(ai)
        .filter(([key]) => key !== 'prompt' && key !== 'version')
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(' ');
      progress.clear();
      console.error(`warning: ${shown(msg)}${detail ? ` (${shown(detail)})` : ''}`);
    },
  };
}

function printSummary(summary: GenerateSummary, usage: AiUsage[]) {
  console.log(`Saved ${summary.saved.length} draft question${summary.saved.length === 1 ? '' : 's'}:`);
  for (const q of summary.saved)
    console.log(`  ${q.id}  ${shown(q.text.replace(/\s+/g, ' ').slice(0, 100))}`);
  if (summary.rejected.length) {
    console.log(`Rejected ${summary.rejected.length}:`);
    for (const q of summary.rejected) {
      console.log(`  - ${shown(q.text.replace(/\s+/g, ' ').slice(0, 80)) || '(empty)'}: ${shown(q.reason)}`);
    }
  }
  const tokens = usage.reduce((sum, u) => sum + (u.totalTokens ?? 0), 0);
  console.log(
    `${summary.requests} request${summary.requests === 1 ? '' : 's'} to the model` +
      `${summary.failedRequests ? ` (${summary.failedRequests} failed)` : ''}, ${tokens} tokens.`,
  );
  if (summary.saved.length) {
    console.log('Review them with: npm run cli -- questions review --subject SLUG');
  }
}

const GENERATE = 'ai generate-questions --subject SLUG [--topic SLUG] --count N [--batch N]';

const aiCommand: Command = {
  help: [
    { usage: GENERATE, summary: 'draft new questions with the AI provider, saved for review' },
    { usage: TRANSLATE, summary: "draft the exam's missing translations into LANG, saved for review" },
  ],
  run: async (ctx) => {
    const { config, database, args } = ctx;
    const [sub, ...rest] = args;
    if (sub === 'translate') return runTranslate(ctx, rest, cliLogger);
    if (sub !== 'generate-questions')
      return usageError(
        'ai',
        sub ? `unknown sub-command "${sub}"` : 'generate-questions or translate?',
        GENERATE,
        TRANSLATE,
      );
    const parsed = parseCommandArgs(rest, {
      subject: { type: 'string' },
      topic: { type: 'string' },
      count: { type: 'string' },
      batch: { type: 'string' },
    });
    if (typeof parsed === 'string') return usageError('ai generate-questions', parsed, GENERATE);
    const { subject, topic } = parsed.values;
    if (subject === undefined)
      return usageError('ai generate-questions', '--subject SLUG is required', GENERATE);
    const count = Number(parsed.values.count ?? NaN);
    if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATE_COUNT)
      return usageError(
        'ai generate-questions',
        `--count must be a whole number from 1 to ${MAX_GENERATE_COUNT}`,
        GENERATE,
      );
    const batch = parsed.values.batch === undefined ? undefined : Number(parsed.values.batch);
    if (batch !== undefined && (!Number.isInteger(batch) || batch < 1))
      return usageError('ai generate-questions', '--batch must be a whole number from 1', GENERATE);

    const progress = progressBar('questions saved as drafts');
    const usage: AiUsage[] = [];
    const ai = createAiProvider(config.ai, cliLogger(progress), { onUsage: (u) => usage.push(u) });
    try {
      const summary = await generateQuestions(database.db, ai, {
        subjectSlug: subject,
        ...(topic !== undefined ? { topicSlug: topic } : {}),
        count,
        ...(batch ? { batchSize: batch } : {}),
        onProgress: (done, total) => progress.update(done, total),
      });
      progress.clear();
      printSummary(summary, usage);
      if (summary.stoppedBecause) console.error(`Stopped early: ${summary.stoppedBecause}`);
      return summary.saved.length === count ? 0 : 1;
    } catch (error) {
      progress.clear();
      if (error instanceof GenerationError) {
        console.error(`ai generate-questions: ${error.message}`);
        return 1;
      }
      throw error;
    }
  },
};

function printDecision(verb: string, decision: Decision) {
  for (const id of decision.done) console.log(`${verb} ${id}`);
  for (const id of decision.notDrafts) console.error(`not a draft question: ${id}`);
  for (const id of decision.inUse) console.error(`kept ${id}: past quizzes refer to it`);
  console.log(`${verb} ${decision.done.length} question${decision.done.length === 1 ? '' : 's'}.`);
}

const REVIEW = 'questions review --subject SLUG';
const APPROVE = 'questions approve ID...';
const REJECT = 'questions reject ID...';

const questionsCommand: Command = {
  help: [
    { usage: REVIEW, summary: 'list the draft questions of a subject with their answers' },
    { usage: APPROVE, summary: 'approve drafts: quizzes serve them from now on' },
    { usage: REJECT, summary: 'reject drafts: they are deleted' },
  ],
  run: async ({ database, args }) => {
    const [sub, ...rest] = args;
    if (sub === 'review') {
      const parsed = parseCommandArgs(rest, { subject: { type: 'string' } });
      if (typeof parsed === 'string') return usageError('questions review', parsed, REVIEW);
      const { subject } = parsed.values;
      if (subject === undefined) return usageError('questions review', '--subject SLUG is required', REVIEW);
      try {
        const drafts = await listDrafts(database.db, subject);
        if (!drafts.length) {
          console.log(`No draft questions in "${shown(subject)}".`);
          return 0;
        }
        for (const [i, q] of drafts.entries()) {
          console.log(
            `\n#${i + 1}  ${q.id}  (${shown(q.source)}${q.topic ? `, topic: ${shown(q.topic)}` : ''})`,
          );
          console.log(`  ${shown(q.text, { multiline: true }).replace(/\n/g, '\n  ')}`);
          for (const option of q.options)
            console.log(`    ${option === q.answer ? '*' : '-'} ${shown(option)}`);
          if (!q.options.length) console.log(`    answer: ${shown(q.answer)}`);
          console.log(
            `  Explanation: ${q.explanation === null ? '(none)' : shown(q.explanation, { multiline: true })}`,
          );
        }
        console.log(
          `\n${drafts.length} draft${drafts.length === 1 ? '' : 's'}. Decide with: npm run cli -- questions approve ID… | questions reject ID…`,
        );
        return 0;
      } catch (error) {
        if (error instanceof GenerationError) {
          console.error(`questions review: ${error.message}`);
          return 1;
        }
        throw error;
      }
    }
    if (sub === 'approve' || sub === 'reject') {
      const usage = sub === 'approve' ? APPROVE : REJECT;
      const parsed = parseCommandArgs(rest, {}, true);
      if (typeof parsed === 'string') return usageError(`questions ${sub}`, parsed, usage);
      const ids = parsed.positionals;
      if (!ids.length) return usageError(`questions ${sub}`, 'give one or more question ids', usage);
      const decision =
        sub === 'approve' ? await approveDrafts(database.db, ids) : await rejectDrafts(database.db, ids);
      printDecision(sub === 'approve' ? 'Approved' : 'Rejected', decision);
      return decision.notDrafts.length || decision.inUse.length ? 1 : 0;
    }
    return usageError(
      'questions',
      sub ? `unknown sub-command "${sub}"` : 'review, approve or reject?',
      REVIEW,
      APPROVE,
      REJECT,
    );
  },
};

/** AI commands; spread into `commands` in commands.ts. */
export const aiCommands: Record<string, Command> = { ai: aiCommand, questions: questionsCommand };
