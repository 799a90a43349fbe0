import type { Db, DbOrTx } from '../../db/client.js';

/**
 * The review helper's queue (services/tutor) as the sessions use it. Placeholder until h/review's
 * contract lands: no question is due and no adaptive draw exists.
 */

interface Place {
  exam: { id: string };
  module: { id: string } | null;
  subject: { id: string } | null;
}

export async function dueDraw(_db: Db, _userId: string, _examId: string, _limit: number): Promise<string[]> {
  return [];
}

export async function adaptiveDraw(
  _db: Db,
  _userId: string,
  _place: Place,
  _count: number,
): Promise<string[]> {
  return [];
}

/** One checked answer of a practice or review session, for the review queue to reschedule. */
export interface CheckedAnswer {
  userId: string;
  examId: string;
  questionId: string;
  sessionId: string;
  position: number;
  mode: 'practice' | 'review' | 'timed';
  score: number | null;
  maxScore: number;
  answered: boolean;
  confidence: 'sure' | 'unsure' | 'guess';
}

export async function recordCheckedAnswer(_tx: DbOrTx, _answer: CheckedAnswer): Promise<void> {}
