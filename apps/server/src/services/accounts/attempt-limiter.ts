/** How many attempts a key may make within a sliding window. */
export interface LimitRule {
  limit: number;
  windowSeconds: number;
}

/**
 * Counts attempts per key in a sliding window: failed sign-ins per account, OTP mails per purpose and
 * address. The in-memory store serves one instance; a shared store (Redis) can implement the same
 * interface for several instances.
 */
export interface AttemptLimiter {
  /** Seconds until `key` may act again under `rule`; 0 when it may act now. Records nothing. */
  retryAfter(key: string, rule: LimitRule): Promise<number>;
  /** Records one attempt. */
  hit(key: string, rule: LimitRule): Promise<void>;
  /** Atomically: when allowed, records the attempt and answers 0; otherwise the seconds to wait. */
  take(key: string, rule: LimitRule): Promise<number>;
  /** Forgets every attempt of `key`. */
  reset(key: string): Promise<void>;
}

interface Entry {
  hits: number[];
  windowMs: number;
}

/** Sliding-window log in a Map; stale keys are swept as the map is used. */
export function createMemoryAttemptLimiter(now: () => number = () => Date.now()): AttemptLimiter {
  const entries = new Map<string, Entry>();
  let operations = 0;

  const sweep = (at: number) => {
    for (const [key, entry] of entries) {
      const newest = entry.hits[entry.hits.length - 1];
      if (newest === undefined || newest <= at - entry.windowMs) entries.delete(key);
    }
  };
  const current = (key: string, rule: LimitRule, at: number): Entry | undefined => {
    if (++operations % 1000 === 0) sweep(at);
    const entry = entries.get(key);
    if (!entry) return undefined;
    entry.windowMs = Math.max(entry.windowMs, rule.windowSeconds * 1000);
    const from = at - rule.windowSeconds * 1000;
    while (entry.hits.length && (entry.hits[0] ?? 0) <= from) entry.hits.shift();
    return entry;
  };
  const wait = (entry: Entry | undefined, rule: LimitRule, at: number) => {
    if (!entry || entry.hits.length < rule.limit) return 0;
    const oldest = entry.hits[entry.hits.length - rule.limit] ?? at;
    return Math.max(1, Math.ceil((oldest + rule.windowSeconds * 1000 - at) / 1000));
  };
  const record = (key: string, rule: LimitRule, at: number, entry: Entry | undefined) => {
    const target = entry ?? { hits: [], windowMs: rule.windowSeconds * 1000 };
    target.hits.push(at);
    // Only the newest `limit` hits can ever matter.
    if (target.hits.length > rule.limit) target.hits.splice(0, target.hits.length - rule.limit);
    entries.set(key, target);
  };

  return {
    async retryAfter(key, rule) {
      const at = now();
      return wait(current(key, rule, at), rule, at);
    },
    async hit(key, rule) {
      const at = now();
      record(key, rule, at, current(key, rule, at));
    },
    async take(key, rule) {
      const at = now();
      const entry = current(key, rule, at);
      const seconds = wait(entry, rule, at);
      if (seconds === 0) record(key, rule, at, entry);
      return seconds;
    },
    async reset(key) {
      entries.delete(key);
    },
  };
}
