import type { AiLogger, AiUsage } from '../services/ai/provider.js';
import { createAiProvider } from '../services/ai/provider.js';
import {
  TranslationError,
  translateExam,
  type TranslateSummary,
} from '../services/ai/translate-questions.js';
import type { CommandContext } from './commands.js';
import { parseCommandArgs, usageError } from './parse.js';
import { progressBar } from './progress-bar.js';
import { shown } from './terminal-text.js';

/**
 * `ai translate --exam SLUG --to LANG` (docs/decisions/0027-questions-in-two-languages.md): drafts the exam's missing
 * translations, saved as drafts for a person to approve. Output on stdout, progress and warnings on
 * stderr; exits 1 when any question is left without its draft.
 */

export const TRANSLATE = 'ai translate --exam SLUG --to LANG [--limit N]';

const line = (text: string, max: number) => shown(text.replace(/\s+/g, ' ').slice(0, max));

function printSummary(summary: TranslateSummary, usage: AiUsage[]) {
  const { lang, saved, rejected } = summary;
  console.log(`${summary.missing} question${summary.missing === 1 ? '' : 's'} had no "${lang}" translation.`);
  console.log(`Saved ${saved.length} draft translation${saved.length === 1 ? '' : 's'}:`);
  for (const q of saved) console.log(`  ${q.id}  ${line(q.text, 100)}`);
  if (rejected.length) {
    console.log(`Not saved ${rejected.length}:`);
    for (const q of rejected) console.log(`  ${q.id}  ${line(q.text, 60)}: ${shown(q.reason)}`);
  }
  const tokens = usage.reduce((sum, u) => sum + (u.totalTokens ?? 0), 0);
  console.log(
    `${usage.length + summary.failedRequests} request${usage.length + summary.failedRequests === 1 ? '' : 's'} to the model` +
      `${summary.failedRequests ? ` (${summary.failedRequests} failed)` : ''}, ${tokens} tokens.`,
  );
  if (saved.length)
    console.log('They are drafts: learners see none of them until a person has reviewed and approved them.');
}

export async function runTranslate(
  { config, database }: CommandContext,
  rest: string[],
  log: (p: ReturnType<typeof progressBar>) => AiLogger,
) {
  const parsed = parseCommandArgs(rest, {
    exam: { type: 'string' },
    to: { type: 'string' },
    limit: { type: 'string' },
  });
  if (typeof parsed === 'string') return usageError('ai translate', parsed, TRANSLATE);
  const { exam, to } = parsed.values;
  if (exam === undefined) return usageError('ai translate', '--exam SLUG is required', TRANSLATE);
  if (to === undefined) return usageError('ai translate', '--to LANG is required (e.g. hi)', TRANSLATE);
  const limit = parsed.values.limit === undefined ? undefined : Number(parsed.values.limit);
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
    return usageError('ai translate', '--limit must be a whole number from 1', TRANSLATE);

  const progress = progressBar('questions translated');
  const usage: AiUsage[] = [];
  const ai = createAiProvider(config.ai, log(progress), { onUsage: (u) => usage.push(u) });
  try {
    const summary = await translateExam(database.db, ai, {
      examSlug: exam,
      to,
      ...(limit ? { limit } : {}),
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.clear();
    printSummary(summary, usage);
    if (summary.stoppedBecause) console.error(`Stopped early: ${summary.stoppedBecause}`);
    return summary.saved.length === Math.min(summary.missing, limit ?? Infinity) ? 0 : 1;
  } catch (error) {
    progress.clear();
    if (error instanceof TranslationError) {
      console.error(`ai translate: ${error.message}`);
      return 1;
    }
    throw error;
  }
}
