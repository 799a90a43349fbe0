/**
 * Accommodations (docs/decisions/0025-console-people.md): a learner's extra time applies to every timed
 * test they start, in the statement that writes the session, so a start costs no extra round trip.
 * `minutes` and `userId` are SQL expressions; the percentage is rounded up, as the contract's
 * `minutesWithExtraTime` (the instructions screen's figure) rounds it. A live test's deadline is still
 * capped at its close by its own statement (services/live-tests/start.ts).
 */
export const minutesWithExtraTimeSql = (minutes: string, userId: string) =>
  `(${minutes} + COALESCE((SELECT ceil(${minutes} * x.extra_time_percent / 100.0)::int + x.extra_time_minutes
    FROM users x WHERE x.id = ${userId}), 0))`;
