import type { RunningAttempt } from '@ai-tutor/contract';
import { paths } from '../../../lib/paths';
import { tutorPaths } from '../../../lib/tutor-paths';

/**
 * The route of a running attempt: the same route a start button of its scope opens (a review session's
 * is its exam's review route; a practice session's, the practice route of its scope).
 */
export function runningRoute(a: RunningAttempt): string {
  if (a.mode === 'review' || a.quizType === 'review') return tutorPaths.reviewSession(a.examSlug);
  const subject = a.subjectSlug ?? undefined;
  const topic = a.topicSlug ?? undefined;
  if (a.mode === 'practice') {
    return tutorPaths.practice(a.examSlug, a.quizType, a.moduleSlug ?? '', subject, topic);
  }
  return paths.quiz(a.examSlug, a.quizType, a.moduleSlug ?? '', subject, topic);
}

/**
 * Milliseconds an attempt has left by the server's clock: its deadline minus the server's time when
 * the list was answered, less what has passed here since.
 */
export function msLeft(a: Pick<RunningAttempt, 'deadline' | 'serverTime'>, receivedAt: number, now: number) {
  const left = Date.parse(a.deadline) - Date.parse(a.serverTime) - (now - receivedAt);
  return Number.isNaN(left) ? 0 : Math.max(0, left);
}

/** "Resume — 12:05 left" (minutes may pass 59: a three-hour paper reads 179:59). */
export function resumeLabel(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const mm = String(Math.floor(total / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return `Resume — ${mm}:${ss} left`;
}
