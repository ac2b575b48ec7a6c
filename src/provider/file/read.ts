/**
 * Reading manifest files in bulk: at most `concurrency` files open at once (so 100,000 files load
 * without EMFILE, whatever the descriptor limit), and a read that fails for a reason that passes
 * is tried again with a growing delay rather than leaving the file out:
 * - EMFILE, ENFILE (out of descriptors), EAGAIN, EBUSY, EINTR;
 * - ENOENT while the path exists again (the file was replaced between listing and reading);
 * - the file changed while it was read (its size or times differ before and after).
 * What still fails after the last attempt is returned as an error; the caller reports it and may
 * try again later.
 */
import { promises as fs, type BigIntStats } from 'node:fs';

export type ReadResult =
  | { kind: 'text'; text: string; stamp: string }
  | { kind: 'missing' }
  | { kind: 'error'; error: NodeJS.ErrnoException; transient: boolean; attempts: number };

export interface FileReaderOptions {
  /** Files open at once. Default 64. */
  concurrency?: number;
  /** Attempts per read before giving up. Default 6. */
  attempts?: number;
  /** Delay before the second attempt; doubles with each further one. Default 5 ms. */
  backoffMs?: number;
  /** The file system calls (tests replace them to inject failures). */
  fsApi?: Pick<typeof fs, 'open' | 'stat'>;
}

const TRANSIENT: ReadonlySet<string> = new Set(['EMFILE', 'ENFILE', 'EAGAIN', 'EBUSY', 'EINTR']);

class ChangedWhileReading extends Error {
  readonly code = 'ECHANGED';
  constructor() {
    super('the file changed while it was read');
  }
}

/** What identifies one version of a file's content, for rescans: device, inode, size, modification and change times. */
export function stampOf(stat: BigIntStats): string {
  return `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
}

/** A counting semaphore: at most `limit` holders at once, the others wait in order. */
class Slots {
  private used = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.used >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.used++;
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes on directly
      else this.used--;
    }
  }
}

export class FileReader {
  private readonly slots: Slots;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly fsApi: Pick<typeof fs, 'open' | 'stat'>;
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(options: FileReaderOptions = {}) {
    this.slots = new Slots(options.concurrency ?? 64);
    this.attempts = options.attempts ?? 6;
    this.backoffMs = options.backoffMs ?? 5;
    this.fsApi = options.fsApi ?? fs;
  }

  /** Stops retries in progress: they resolve with their last error. */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** The file's stamp (stampOf), or undefined when it cannot be stat'ed. */
  stamp(file: string): Promise<string | undefined> {
    return this.slots.run(() => this.fsApi.stat(file, { bigint: true }).then(stampOf, () => undefined));
  }

  /** Reads one file as UTF-8, trying again while the failure is transient. */
  async read(file: string): Promise<ReadResult> {
    let last: NodeJS.ErrnoException | undefined;
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      if (attempt > 1) {
        if (this.closed) break;
        await this.delay(this.backoffMs * 2 ** (attempt - 2));
      }
      try {
        return await this.slots.run(() => this.readOnce(file));
      } catch (err) {
        last = err as NodeJS.ErrnoException;
        if (last.code === 'ENOENT') {
          // Gone, unless something is at the path again (replaced between listing and reading).
          const again = await this.stamp(file);
          if (again === undefined) return { kind: 'missing' };
          continue;
        }
        if (!(last instanceof ChangedWhileReading) && !TRANSIENT.has(last.code ?? '')) {
          return { kind: 'error', error: last, transient: false, attempts: attempt };
        }
      }
    }
    return { kind: 'error', error: last ?? new Error('read cancelled'), transient: true, attempts: this.attempts };
  }

  private async readOnce(file: string): Promise<ReadResult> {
    const handle = await this.fsApi.open(file, 'r');
    try {
      const before = stampOf(await handle.stat({ bigint: true }));
      const text = await handle.readFile({ encoding: 'utf8' });
      const after = stampOf(await handle.stat({ bigint: true }));
      if (before !== after) throw new ChangedWhileReading();
      return { kind: 'text', text, stamp: after };
    } finally {
      await handle.close();
    }
  }
}

/** Runs fn over items with at most `width` calls in flight; resolves when all are done. */
export async function forEachLimited<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
