import { useEffect, useState } from 'react';

/**
 * The server's time now, re-read every second: the server's stamp on the list plus what has passed
 * here since it arrived, so a browser whose clock is wrong still counts down to the right moment.
 */
export function useServerNow(serverTime: string | undefined, receivedAt: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const server = serverTime ? Date.parse(serverTime) : NaN;
  if (Number.isNaN(server) || receivedAt === undefined) return now;
  return server + Math.max(0, now - receivedAt);
}
