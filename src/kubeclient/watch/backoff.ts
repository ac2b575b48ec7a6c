/** Bounded exponential backoff with jitter, and a sleep that an AbortSignal cuts short. */

export interface BackoffOptions {
  /** Delay after the first failure. */
  initialMs: number;
  /** No delay is longer than this. */
  maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 250, maxMs: 30_000 };

/**
 * The delay before retry number `attempt` (0 for the first retry): doubling from initialMs,
 * capped at maxMs, then drawn uniformly from its upper half so that many watchers failing
 * together do not retry together.
 */
export function backoffDelay(options: BackoffOptions, attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.initialMs * 2 ** Math.min(attempt, 30));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Resolves after ms, or as soon as signal aborts (never rejects). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
