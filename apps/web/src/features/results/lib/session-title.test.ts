import { describe, expect, it } from 'vitest';
import { sessionTitle } from './session-title';

describe('sessionTitle', () => {
  const session = { sessionName: 'Physics Quiz · 24 Nov 2026, 20:23', startTime: '2026-11-24T20:23:41.000Z' };

  it("replaces the server's clock (UTC) with the learner's own time", () => {
    expect(sessionTitle(session, 'Asia/Kolkata')).toBe('Physics Quiz · 25 Nov 2026, 01:53');
    expect(sessionTitle(session, 'America/New_York')).toBe('Physics Quiz · 24 Nov 2026, 15:23');
    expect(sessionTitle(session, 'UTC')).toBe('Physics Quiz · 24 Nov 2026, 20:23');
  });

  it('adds the time to a name without a clock, and keeps a name whose own text has dots', () => {
    expect(sessionTitle({ ...session, sessionName: 'JEE Main Mock Test' }, 'Asia/Kolkata')).toBe(
      'JEE Main Mock Test · 25 Nov 2026, 01:53',
    );
    expect(sessionTitle({ ...session, sessionName: 'Waves · Sound Quiz' }, 'UTC')).toBe(
      'Waves · Sound Quiz · 24 Nov 2026, 20:23',
    );
  });
});
