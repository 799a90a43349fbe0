import type { Tx } from '../../db/client.js';
import type { ParsedQuestion } from '../../import/index.js';
import {
  counts,
  emptySummary,
  type Counts,
  type ImportOptions,
  type SubjectCounts,
} from './import-summary.js';

/** A question ready to write, with the id of its topic when it names one. */
export interface QuestionItem {
  q: ParsedQuestion;
  topicId: string | null;
}

/**
 * One import run: several files (the seed) share the transaction, the counters and the progress.
 * The writers (catalogue, questions, quiz sizes) take it as their first argument.
 */
export function createImportRun(tx: Tx, options: ImportOptions, total: number) {
  const summary = emptySummary();
  return {
    tx,
    options,
    total,
    /** Questions written so far, for `onProgress`. */
    done: 0,
    summary,
    /** What this run wrote into, for the quiz-size check at the end. */
    touched: { modules: new Set<string>(), subjects: new Set<string>(), topics: new Set<string>() },
    count(kind: keyof typeof summary.catalogue, outcome: keyof Counts) {
      summary.catalogue[kind][outcome]++;
    },
    subjectCounts(slug: string, name: string): SubjectCounts {
      let entry = summary.subjects.find((s) => s.slug === slug);
      if (!entry) {
        entry = { slug, name, ...counts(), skipped: 0 };
        summary.subjects.push(entry);
      }
      return entry;
    },
  };
}

export type ImportRun = ReturnType<typeof createImportRun>;
