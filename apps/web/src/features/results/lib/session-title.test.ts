import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionTitle } from './session-title';

/** The browser's own time zone is the learner's: set for each case as a browser in that zone has it. */
function inZone<T>(timeZone: string, read: () => T): T {
  vi.stubEnv('TZ', timeZone);
  return read();
}

describe('sessionTitle', () => {
  const session = { sessionName: 'Physics Quiz · 24 Nov 2026, 20:23', startTime: '2026-11-24T20:23:41.000Z' };
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("replaces the server's clock (UTC) with the learner's own time", () => {
    expect(inZone('Asia/Kolkata', () => sessionTitle(session))).toBe('Physics Quiz · 25 Nov 2026, 01:53');
    expect(inZone('America/New_York', () => sessionTitle(session))).toBe('Physics Quiz · 24 Nov 2026, 15:23');
    expect(inZone('UTC', () => sessionTitle(session))).toBe('Physics Quiz · 24 Nov 2026, 20:23');
  });

  it('writes the day without a leading zero and the time on a 24-hour clock', () => {
    const early = { sessionName: 'Optics Quiz', startTime: '2026-03-04T23:05:00.000Z' };
    expect(inZone('Asia/Kolkata', () => sessionTitle(early))).toBe('Optics Quiz · 5 Mar 2026, 04:35');
    expect(inZone('UTC', () => sessionTitle(early))).toBe('Optics Quiz · 4 Mar 2026, 23:05');
  });

  it('adds the time to a name without a clock, and keeps a name whose own text has dots', () => {
    expect(
      inZone('Asia/Kolkata', () => sessionTitle({ ...session, sessionName: 'JEE Main Mock Test' })),
    ).toBe('JEE Main Mock Test · 25 Nov 2026, 01:53');
    expect(inZone('UTC', () => sessionTitle({ ...session, sessionName: 'Waves · Sound Quiz' }))).toBe(
      'Waves · Sound Quiz · 24 Nov 2026, 20:23',
    );
  });
});
