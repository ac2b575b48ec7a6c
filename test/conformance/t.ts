import { setMaxListeners } from 'node:events';

/**
 * A small stand-in for Go's *testing.T as the suite uses it: named subtests (t.run), parallel
 * subtests, fatal failures that stop the current (sub)test, non-fatal errors, and a deadline
 * every wait checks so no test runs longer than its budget.
 */

/** Thrown by fatal(): ends the current (sub)test. */
export class FatalError extends Error {}

export interface Failure {
  /** Subtest path, "" for the test itself. */
  path: string;
  message: string;
}

export class T {
  private readonly children: T[] = [];

  constructor(
    readonly name: string,
    readonly signal: AbortSignal,
    private readonly sink: { failures: Failure[]; logs: string[] },
    private readonly parentPath = '',
  ) {}

  get path(): string {
    return this.parentPath ? `${this.parentPath}/${this.name}` : this.name;
  }

  get failures(): readonly Failure[] {
    return this.sink.failures;
  }

  log(message: string): void {
    this.sink.logs.push(`${this.path}: ${message}`);
  }

  /** Records a failure and goes on (Go's t.Errorf). */
  error(message: string): void {
    this.sink.failures.push({ path: this.path, message });
  }

  /** Records a failure and stops this (sub)test (Go's t.Fatalf / require). */
  fatal(message: string): never {
    throw new FatalError(message);
  }

  /** Throws when the test's time budget is spent. */
  checkDeadline(): void {
    if (this.signal.aborted) throw new FatalError('test deadline exceeded');
  }

  /** A named subtest; its failure is recorded and the caller goes on, as with Go's t.Run. */
  async run(name: string, fn: (t: T) => Promise<void>): Promise<boolean> {
    const child = new T(name, this.signal, this.sink, this.path);
    this.children.push(child);
    const before = this.sink.failures.length;
    try {
      await fn(child);
    } catch (err) {
      child.error(err instanceof FatalError ? err.message : `unexpected error: ${(err as Error).stack ?? String(err)}`);
    }
    return this.sink.failures.length === before;
  }

  /** Subtests that run at the same time (Go's t.Run + t.Parallel). */
  async parallel(cases: readonly (readonly [string, (t: T) => Promise<void>])[]): Promise<void> {
    await Promise.all(cases.map(([name, fn]) => this.run(name, fn)));
  }
}

/** Runs a whole test body; returns its failures (a fatal error at the top counts as one). */
export async function runTest(name: string, timeoutMs: number, body: (t: T) => Promise<void>): Promise<{ failures: Failure[]; logs: string[]; ms: number }> {
  const sink = { failures: [] as Failure[], logs: [] as string[] };
  const controller = new AbortController();
  // Parallel subtests each wait on the test's deadline.
  setMaxListeners(10_000, controller.signal);
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const started = Date.now();
  const t = new T(name, controller.signal, sink);
  try {
    await body(t);
  } catch (err) {
    t.error(err instanceof FatalError ? err.message : `unexpected error: ${(err as Error).stack ?? String(err)}`);
  } finally {
    clearTimeout(timer);
  }
  return { failures: sink.failures, logs: sink.logs, ms: Date.now() - started };
}

export const sleep = (ms: number, signal?: AbortSignal): Promise<void> => new Promise((resolve) => {
  if (signal?.aborted) return resolve();
  const timer = setTimeout(done, ms);
  function done(): void {
    clearTimeout(timer);
    signal?.removeEventListener('abort', done);
    resolve();
  }
  signal?.addEventListener('abort', done, { once: true });
});

/**
 * Polls fn every intervalMs until it returns true, timeoutMs passes, or the test deadline hits
 * (k8s.io wait.PollUntilContextTimeout with immediate=true). fn may throw to stop at once, as a
 * condition func returning an error does. Returns whether the condition was met (false also when
 * the test's deadline comes first, so the caller's message says what was last seen).
 */
export async function pollUntil(t: T, intervalMs: number, timeoutMs: number, fn: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; attempt < 1_000_000; attempt++) {
    if (await fn()) return true;
    if (Date.now() >= deadline || t.signal.aborted) return false;
    await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())), t.signal);
  }
  return false;
}
