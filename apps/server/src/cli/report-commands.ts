import { REPORT_REASONS } from '@ai-tutor/contract';
import { CLI_ACTOR } from '../services/console/audit-repository.js';
import { reportsQueue } from '../services/console/reports-queue.js';
import { listReports } from '../services/bank/reports.js';
import type { Command } from './commands.js';
import { parseCommandArgs, usageError } from './parse.js';
import { shown } from './terminal-text.js';

/**
 * `reports list|resolve` (docs/product.md#question-reports): what learners flagged, by question with counts per reason,
 * and marking a question's open reports resolved (audited, as the console does). `keys correct|drop`
 * resolves them too.
 */

const LIST = 'reports list [--status open|resolved|all]';
const RESOLVE = 'reports resolve QUESTION_ID [--note TEXT]';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUSES = ['open', 'resolved', 'all'] as const;

async function list(db: Parameters<typeof listReports>[0], rest: string[]): Promise<number> {
  const parsed = parseCommandArgs(rest, { status: { type: 'string' } }, false);
  if (typeof parsed === 'string') return usageError('reports list', parsed, LIST);
  const status = parsed.values.status ?? 'open';
  if (!(STATUSES as readonly string[]).includes(status))
    return usageError('reports list', `--status is one of ${STATUSES.join(', ')}`, LIST);
  const rows = await listReports(db, status as (typeof STATUSES)[number]);
  if (!rows.length) console.log(status === 'all' ? 'No reports.' : `No ${status} reports.`);
  for (const r of rows) {
    const reasons = REPORT_REASONS.filter((reason) => r.reasons[reason])
      .map((reason) => `${reason} ${r.reasons[reason]}`)
      .join(', ');
    console.log(
      `${r.questionId}  ${r.total} report${r.total === 1 ? '' : 's'} (${reasons})  ${shown(r.subject)}`,
    );
    console.log(`    ${shown(r.questionText.replace(/\s+/g, ' ').slice(0, 100))}`);
    for (const note of r.notes.slice(0, 5))
      console.log(`    - ${shown(note.replace(/\s+/g, ' ').slice(0, 120))}`);
  }
  return 0;
}

async function resolve(db: Parameters<typeof reportsQueue.resolve>[0], rest: string[]): Promise<number> {
  const parsed = parseCommandArgs(rest, { note: { type: 'string' } }, true);
  if (typeof parsed === 'string') return usageError('reports resolve', parsed, RESOLVE);
  const [questionId, ...extra] = parsed.positionals;
  if (!questionId || extra.length || !UUID.test(questionId))
    return usageError('reports resolve', 'give one question id', RESOLVE);
  const resolved = await reportsQueue.resolve(db, CLI_ACTOR, questionId, {
    dismiss: false,
    note: parsed.values.note ?? 'by an operator',
  });
  if (resolved === undefined) {
    console.error(`reports resolve: no question with id ${questionId}`);
    return 1;
  }
  console.log(
    resolved
      ? `Resolved ${resolved} open report${resolved === 1 ? '' : 's'} on question ${questionId}.`
      : `No open reports on question ${questionId}.`,
  );
  return 0;
}

const reportsCommand: Command = {
  help: [
    { usage: LIST, summary: "learners' reports on questions, by question with counts per reason" },
    { usage: RESOLVE, summary: "mark a question's open reports resolved (keys correct|drop also do)" },
  ],
  run: async ({ database, args }) => {
    const [sub, ...rest] = args;
    if (sub === 'list') return list(database.db, rest);
    if (sub === 'resolve') return resolve(database.db, rest);
    return usageError('reports', sub ? `unknown sub-command "${sub}"` : 'list or resolve?', LIST, RESOLVE);
  },
};

export const reportCommands: Record<string, Command> = { reports: reportsCommand };
