import { answersMatch, normalizeAnswer } from '@ai-tutor/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exams, modules, questions, subjects, topics } from '../../db/schema.js';
import { textHash } from '../../import/types.js';
import { prompts, type GeneratedQuestion } from './prompts.js';
import { AiError, type AiProvider } from './provider.js';
import { DuplicateIndex } from './similarity.js';

/**
 * `ai generate-questions`: asks the model for questions in small batches, checks each one and saves
 * the good ones as drafts (source 'ai', status 'draft'). Drafts are never served in a quiz until an
 * operator approves them (`questions approve`).
 */

export class GenerationError extends Error {
  override name = 'GenerationError';
}

export const MAX_GENERATE_COUNT = 200;
const DEFAULT_BATCH = 5;
/** Questions shown to the model so it does not repeat them (the newest ones). */
const EXISTING_SAMPLE = 40;
const MAX_CONSECUTIVE_FAILURES = 3;

export interface GenerateOptions {
  subjectSlug: string;
  topicSlug?: string;
  count: number;
  batchSize?: number;
  onProgress?: (saved: number, total: number) => void;
}

export interface GenerateSummary {
  saved: { id: string; text: string }[];
  rejected: { text: string; reason: string }[];
  requests: number;
  failedRequests: number;
  /** Why generation stopped early, when it did. */
  stoppedBecause: string | null;
}

/** What makes a generated question unusable; empty when it is fine. Returns the answer as an option. */
export function checkGeneratedQuestion(q: GeneratedQuestion): { problems: string[]; answer: string | null } {
  const problems: string[] = [];
  if (!q.text.trim()) problems.push('the question text is empty');
  if (!q.explanation.trim()) problems.push('there is no explanation');
  const options = q.options.map((o) => o.trim());
  if (options.length < 2) problems.push('fewer than two options');
  if (options.some((o) => o === '')) problems.push('an option is empty');
  const distinct = new Set(options.map((o) => normalizeAnswer(o)));
  if (distinct.size !== options.length) problems.push('two options are the same');
  const matching = options.filter((o) => answersMatch(o, q.answer));
  if (!q.answer.trim() || matching.length === 0) problems.push('the answer is not among the options');
  else if (matching.length > 1) problems.push('more than one option is correct');
  return { problems, answer: matching.length === 1 ? matching[0]! : null };
}

async function findScope(db: Db, subjectSlug: string, topicSlug: string | undefined) {
  const [subject] = await db
    .select({
      id: subjects.id,
      name: subjects.name,
      module: modules.name,
      exam: exams.name,
    })
    .from(subjects)
    .innerJoin(modules, eq(modules.id, subjects.moduleId))
    .innerJoin(exams, eq(exams.id, modules.examId))
    .where(eq(subjects.slug, subjectSlug));
  if (!subject) throw new GenerationError(`No subject with the slug "${subjectSlug}"`);
  let topic: { id: string; name: string } | null = null;
  if (topicSlug) {
    const [row] = await db
      .select({ id: topics.id, name: topics.name })
      .from(topics)
      .where(and(eq(topics.slug, topicSlug), eq(topics.subjectId, subject.id)));
    if (!row) throw new GenerationError(`No topic "${topicSlug}" in the subject "${subjectSlug}"`);
    topic = row;
  }
  return { subject, topic };
}

/** Refuses a run that cannot start: no provider, or a count out of range. */
function checkCanGenerate(ai: AiProvider, count: number) {
  if (!ai.enabled) {
    throw new GenerationError(
      'No AI provider is configured: set AI_BASE_URL and AI_MODEL (and AI_API_KEY when the endpoint needs ' +
        'one). Nothing was generated; questions can be imported with `npm run cli -- import FILE`.',
    );
  }
  if (!Number.isInteger(count) || count < 1 || count > MAX_GENERATE_COUNT) {
    throw new GenerationError(`--count must be a whole number from 1 to ${MAX_GENERATE_COUNT}`);
  }
}

type Scope = Awaited<ReturnType<typeof findScope>>;

/** One generation run: its scope, the known texts (for duplicates), the summary so far. */
interface Run {
  db: Db;
  scope: Scope;
  count: number;
  index: DuplicateIndex;
  summary: GenerateSummary;
  onProgress: GenerateOptions['onProgress'];
}

/** Checks one generated question and saves it as a draft, or records why it was rejected. */
async function saveGenerated(run: Run, q: GeneratedQuestion) {
  const { summary, scope } = run;
  const { problems, answer } = checkGeneratedQuestion(q);
  const duplicate = run.index.findDuplicate(q.text);
  if (duplicate) problems.push(`near-duplicate of an existing question: "${duplicate.slice(0, 80)}"`);
  if (problems.length || !answer) {
    summary.rejected.push({ text: q.text, reason: problems.join('; ') });
    return;
  }
  const text = q.text.trim();
  const [row] = await run.db
    .insert(questions)
    .values({
      subjectId: scope.subject.id,
      topicId: scope.topic?.id ?? null,
      text,
      textHash: textHash(text),
      options: q.options.map((o) => o.trim()),
      type: 'single',
      key: { type: 'single', answer },
      answer,
      explanation: q.explanation.trim(),
      source: 'ai',
      status: 'draft',
    })
    .onConflictDoNothing()
    .returning({ id: questions.id });
  run.index.add(text);
  if (!row) {
    summary.rejected.push({ text, reason: 'a question with this text exists already' });
    return;
  }
  summary.saved.push({ id: row.id, text });
  run.onProgress?.(summary.saved.length, run.count);
}

export async function generateQuestions(
  db: Db,
  ai: AiProvider,
  options: GenerateOptions,
): Promise<GenerateSummary> {
  const count = options.count;
  checkCanGenerate(ai, count);
  const batchSize = Math.max(1, Math.min(options.batchSize ?? DEFAULT_BATCH, 20));
  const scope = await findScope(db, options.subjectSlug, options.topicSlug);
  const { subject, topic } = scope;

  const existing = await db
    .select({ text: questions.text })
    .from(questions)
    .where(eq(questions.subjectId, subject.id))
    .orderBy(desc(questions.createdAt));
  const recent = existing.slice(0, EXISTING_SAMPLE).map((q) => q.text);

  const summary: GenerateSummary = {
    saved: [],
    rejected: [],
    requests: 0,
    failedRequests: 0,
    stoppedBecause: null,
  };
  const run: Run = {
    db,
    scope,
    count,
    index: new DuplicateIndex(existing.map((q) => q.text)),
    summary,
    onProgress: options.onProgress,
  };
  // Enough requests to make up for rejected questions, never an endless loop.
  const maxRequests = Math.ceil(count / batchSize) * 2 + 1;
  let consecutiveFailures = 0;
  options.onProgress?.(0, count);

  while (summary.saved.length < count) {
    if (summary.requests >= maxRequests) {
      summary.stoppedBecause = `gave up after ${summary.requests} requests (too many questions were rejected)`;
      break;
    }
    const want = Math.min(batchSize, count - summary.saved.length);
    summary.requests++;
    let batch: GeneratedQuestion[];
    try {
      const answer = await ai.run(prompts.questions, {
        exam: subject.exam,
        module: subject.module,
        subject: subject.name,
        topic: topic?.name ?? null,
        count: want,
        existing: [...summary.saved.map((q) => q.text).reverse(), ...recent].slice(0, EXISTING_SAMPLE),
      });
      batch = answer.questions;
      consecutiveFailures = 0;
    } catch (error) {
      if (!(error instanceof AiError)) throw error;
      summary.failedRequests++;
      consecutiveFailures++;
      if (error.kind === 'not_configured' || consecutiveFailures >= MAX_CONSECUTIVE_FAILURES) {
        summary.stoppedBecause = error.message;
        break;
      }
      continue;
    }

    for (const q of batch) {
      // A model that answers with more than asked for may make up for rejected ones; no more than count.
      if (summary.saved.length >= count) break;
      await saveGenerated(run, q);
    }
  }
  return summary;
}
