import type { Confidence, Outcome } from '@ai-tutor/contract';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';

/**
 * The review queue's scheduler (decision 0011): ts-fsrs with its defaults (90 % retention, learning
 * steps 1 and 10 minutes) and no fuzz, so a due date is a pure function of the answers and their times.
 */
export const scheduler = fsrs({ enable_fuzz: false });

/**
 * What an answer tells FSRS. Wrong or left blank: forgotten (Again). Partly right, or right by a guess:
 * recalled with difficulty (Hard). Right and unsure, or right in a timed test that asks no confidence:
 * Good. Right and sure: Easy.
 */
export function ratingFor(outcome: Outcome, confidence: Confidence | null): Grade {
  if (outcome === 'incorrect' || outcome === 'unattempted') return Rating.Again;
  if (outcome === 'partial' || confidence === 'guess') return Rating.Hard;
  if (confidence === 'sure') return Rating.Easy;
  return Rating.Good;
}

/** Whether an answer to a question without a card puts it in the queue: anything but a sure-ish right. */
export function entersQueue(outcome: Outcome, confidence: Confidence | null): boolean {
  return ratingFor(outcome, confidence) <= Rating.Hard;
}

/**
 * The card after one answer at `at`: an existing card is reviewed; a question without one gets a new
 * card (reviewed once) only when the answer puts it in the queue, else null.
 */
export function nextCard(
  card: Card | null,
  outcome: Outcome,
  confidence: Confidence | null,
  at: Date,
): Card | null {
  if (!card && !entersQueue(outcome, confidence)) return null;
  return scheduler.next(card ?? createEmptyCard(at), at, ratingFor(outcome, confidence)).card;
}
