/**
 * When to process file system events. A single edit is processed at once (leading edge: no fixed
 * delay is added to it); what arrives while a run is in progress, or right after it, is gathered
 * for `windowMs` (the trailing window) and processed in one more run. A burst of events therefore
 * costs one run at its start and one run per window while it lasts, never one run per event, and
 * an edit is never delayed by more than the run in progress plus one window.
 */
export class BurstScheduler {
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private again = false;
  private lastEnd = Number.NEGATIVE_INFINITY;
  private stopped = false;
  /** Callers of runNow() waiting for the next run to start and finish. */
  private waiters: (() => void)[] = [];

  constructor(private readonly run: () => Promise<void>, private readonly windowMs: number) {}

  /** Something changed: run at once if idle and out of the last run's window, else at the end of the window. */
  request(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) return;
    const wait = this.lastEnd + this.windowMs - performance.now();
    if (wait <= 0) this.start();
    else this.timer = setTimeout(() => this.start(), wait);
  }

  /** Runs as soon as possible, without waiting for a window; resolves once a run that started after this call is over. */
  runNow(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    if (this.running) this.again = true;
    else this.start();
    return done;
  }

  private start(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.again = false;
    const waiters = this.waiters;
    this.waiters = [];
    // run() reports its own failures; a rejection here must not stop the scheduling.
    this.running = this.run().catch(() => undefined).finally(() => {
      this.running = undefined;
      this.lastEnd = performance.now();
      for (const resolve of waiters) resolve();
      if (this.stopped) return;
      if (this.waiters.length > 0) this.start(); // runNow() during the run: go again at once
      else if (this.again) {
        this.again = false;
        this.timer = setTimeout(() => this.start(), this.windowMs);
      }
    });
  }

  /** No more runs; resolves when the one in progress (if any) is over. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
