import { createAiProvider, type AiLogger, type AiUsage } from '../services/ai/provider.js';
import {
  GenerationError,
  generateQuestions,
  MAX_GENERATE_COUNT,
  type GenerateSummary,
} from '../services/ai/generate-questions.js';
import { approveDrafts, listDrafts, rejectDrafts, type Decision } from '../services/ai/question-review.js';
import type { Command } from './commands.js';

/**
 * `ai generate-questions` and `questions review|approve|reject` (issue 7). Output goes to stdout; the
 * progress bar and warnings to stderr.
 */

type Flags = Record<string, string | true>;

/** `--name value`, `--name=value` and bare `--flag`; the rest are positional. */
function parseFlags(args: string[], known: string[]): { flags: Flags; rest: string[] } | string {
  const flags: Flags = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      rest.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (!known.includes(name)) return `unknown option --${name}`;
    const next = args[i + 1];
    if (inline !== undefined) flags[name] = inline;
    else if (next !== undefined && !next.startsWith('--')) flags[name] = args[++i]!;
    else flags[name] = true;
  }
  return { flags, rest };
}

/** A one-line progress bar on stderr when it is a terminal; nothing otherwise. */
export function questionProgress(stream: NodeJS.WriteStream = process.stderr) {
  let drawn = false;
  return {
    update(done: number, total: number) {
      if (!stream.isTTY) return;
      const width = 30;
      const filled = Math.round((width * done) / Math.max(1, total));
      stream.write(
        `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total} questions saved as drafts`,
      );
      drawn = true;
    },
    /** Ends the bar's line so other output starts on a fresh one. */
    clear() {
      if (drawn && stream.isTTY) stream.write('\n');
      drawn = false;
    },
  };
}

function cliLogger(progress: ReturnType<typeof questionProgress>): AiLogger {
  return {
    info: () => undefined,
    warn: (obj, msg) => {
      const ai = (obj as { ai?: Record<string, unknown> }).ai ?? {};
      const detail = Object.entries(ai)
        .filter(([key]) => key !== 'prompt' && key !== 'version')
        .map(([key, value]) => `${key}=${String(value)}`)
        .join(' ');
      progress.clear();
      console.error(`warning: ${msg}${detail ? ` (${detail})` : ''}`);
    },
  };
}

function printSummary(summary: GenerateSummary, usage: AiUsage[]) {
  console.log(`Saved ${summary.saved.length} draft question${summary.saved.length === 1 ? '' : 's'}:`);
  for (const q of summary.saved) console.log(`  ${q.id}  ${q.text.replace(/\s+/g, ' ').slice(0, 100)}`);
  if (summary.rejected.length) {
    console.log(`Rejected ${summary.rejected.length}:`);
    for (const q of summary.rejected) {
      console.log(`  - ${q.text.replace(/\s+/g, ' ').slice(0, 80) || '(empty)'}: ${q.reason}`);
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

const generateUsage = 'ai generate-questions --subject SLUG [--topic SLUG] --count N';

const aiCommand: Command = {
  usage: 'ai generate-questions --subject S [--topic T] --count N',
  summary: 'draft new questions with the AI provider, for review',
  run: async ({ config, database, args }) => {
    const [sub, ...rest] = args;
    if (sub !== 'generate-questions') {
      console.error(
        `ai: unknown sub-command${sub ? ` "${sub}"` : ''}. Usage: npm run cli -- ${generateUsage}`,
      );
      return 1;
    }
    const parsed = parseFlags(rest, ['subject', 'topic', 'count', 'batch']);
    if (typeof parsed === 'string') {
      console.error(`ai generate-questions: ${parsed}. Usage: npm run cli -- ${generateUsage}`);
      return 1;
    }
    const { flags, rest: positional } = parsed;
    if (positional.length) {
      console.error(`ai generate-questions: unexpected argument "${positional[0]}"`);
      return 1;
    }
    if (typeof flags.subject !== 'string') {
      console.error(
        `ai generate-questions: --subject SLUG is required. Usage: npm run cli -- ${generateUsage}`,
      );
      return 1;
    }
    const count = typeof flags.count === 'string' ? Number(flags.count) : NaN;
    if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATE_COUNT) {
      console.error(`ai generate-questions: --count must be a whole number from 1 to ${MAX_GENERATE_COUNT}`);
      return 1;
    }
    if (flags.topic === true) {
      console.error('ai generate-questions: --topic needs a topic slug');
      return 1;
    }
    const batch = typeof flags.batch === 'string' ? Number(flags.batch) : undefined;

    const progress = questionProgress();
    const usage: AiUsage[] = [];
    const ai = createAiProvider(config.ai, cliLogger(progress), { onUsage: (u) => usage.push(u) });
    try {
      const summary = await generateQuestions(database.db, ai, {
        subjectSlug: flags.subject,
        ...(typeof flags.topic === 'string' ? { topicSlug: flags.topic } : {}),
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

const questionsUsage = 'questions review --subject SLUG | questions approve ID... | questions reject ID...';

const questionsCommand: Command = {
  usage: 'questions review --subject S | approve ID… | reject ID…',
  summary: 'list draft questions, approve them (served in quizzes) or reject them (deleted)',
  run: async ({ database, args }) => {
    const [sub, ...rest] = args;
    if (sub === 'review') {
      const parsed = parseFlags(rest, ['subject']);
      if (typeof parsed === 'string' || typeof parsed.flags.subject !== 'string' || parsed.rest.length) {
        console.error(
          `questions review: --subject SLUG is required. Usage: npm run cli -- ${questionsUsage}`,
        );
        return 1;
      }
      try {
        const drafts = await listDrafts(database.db, parsed.flags.subject);
        if (!drafts.length) {
          console.log(`No draft questions in "${parsed.flags.subject}".`);
          return 0;
        }
        for (const [i, q] of drafts.entries()) {
          console.log(`\n#${i + 1}  ${q.id}  (${q.source}${q.topic ? `, topic: ${q.topic}` : ''})`);
          console.log(`  ${q.text.replace(/\n/g, '\n  ')}`);
          for (const option of q.options) console.log(`    ${option === q.answer ? '*' : '-'} ${option}`);
          if (!q.options.length) console.log(`    answer: ${q.answer}`);
          console.log(`  Explanation: ${q.explanation ?? '(none)'}`);
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
      if (!rest.length || rest.some((id) => id.startsWith('--'))) {
        console.error(
          `questions ${sub}: give one or more question ids. Usage: npm run cli -- ${questionsUsage}`,
        );
        return 1;
      }
      const decision =
        sub === 'approve' ? await approveDrafts(database.db, rest) : await rejectDrafts(database.db, rest);
      printDecision(sub === 'approve' ? 'Approved' : 'Rejected', decision);
      return decision.notDrafts.length || decision.inUse.length ? 1 : 0;
    }
    console.error(
      `questions: unknown sub-command${sub ? ` "${sub}"` : ''}. Usage: npm run cli -- ${questionsUsage}`,
    );
    return 1;
  },
};

/** AI commands; spread into `commands` in commands.ts. */
export const aiCommands: Record<string, Command> = { ai: aiCommand, questions: questionsCommand };
