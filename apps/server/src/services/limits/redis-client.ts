import { Redis } from 'ioredis';

export interface RedisLog {
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
}

/**
 * One ioredis connection for the shared limits. Commands fail fast while Redis is unreachable (no
 * offline queue, one retry), so a caller falls back to its in-memory limiter instead of waiting; the
 * client keeps reconnecting in the background. The first failure of an outage logs one warning, the
 * reconnection one info line — never a line per request.
 */
export function createRedisClient(url: string, log: RedisLog): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 1000,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  });
  let degraded = false;
  client.on('error', (error: Error & { code?: string }) => {
    if (degraded) return;
    degraded = true;
    log.warn(
      { code: error.code, message: error.message },
      'Redis unavailable: limits are counted per instance until it returns',
    );
  });
  client.on('ready', () => {
    if (!degraded) return;
    degraded = false;
    log.info({}, 'Redis reachable again: limits are shared across instances');
  });
  return client;
}

/** True when commands can be sent now; otherwise callers use their in-memory fallback. */
export function redisReady(client: Redis): boolean {
  return client.status === 'ready';
}

export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    if (client.status === 'ready') await client.quit();
    else client.disconnect();
  } catch {
    client.disconnect();
  }
}
