import type { Db } from '../../db/client.js';
import { adaptiveQuestionIds } from '../review/adaptive.js';
import { dueQuestionIds } from '../review/due.js';

/** The review queue's draws (services/review) as review and adaptive sessions use them. */

interface Place {
  exam: { id: string };
  module: { id: string } | null;
  subject: { id: string } | null;
}

/** The learner's due questions of an exam, interleaved across topics by the queue. */
export const dueDraw = (db: Db, userId: string, examId: string, limit: number, newCardsPerDay?: number) =>
  dueQuestionIds(db, userId, examId, limit, newCardsPerDay);

/** The learner's weakest topics of the place, at a difficulty near their level. */
export const adaptiveDraw = (db: Db, userId: string, place: Place, count: number) =>
  adaptiveQuestionIds(
    db,
    userId,
    {
      examId: place.exam.id,
      ...(place.module ? { moduleId: place.module.id } : {}),
      ...(place.subject ? { subjectId: place.subject.id } : {}),
    },
    count,
  );
