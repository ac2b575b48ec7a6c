/**
 * Reading and parsing many manifest files at once in worker threads (parse-worker.ts), for the
 * file provider's bulk loads (its first full read, a rescan with many files to read), so that
 * every core parses while the provider's thread only takes the results in.
 *
 * Workers are started for one bulk load and terminated when it is done: they hold a second copy
 * of the parser's modules and schemas, which an idle provider does not need. Results come back
 * in request order, batch by batch, while later batches are still being parsed. This thread
 * does not parse batches itself while it waits: measured on two cores, that cost 20-30% more CPU
 * (its garbage lands in the large heap the provider keeps) for no gain in time.
 *
 * Nothing is lost when a worker fails: a worker that cannot start, crashes or exits hands its
 * batches back as "in-thread" outcomes (the caller reads and parses those files itself), with a
 * warning; the other workers take the batches not yet sent.
 */
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../../logging/logger';
import { compactCopy } from '../../compact';
import type { CrdSchemas } from '../../crd/load';
import type { ProviderObject } from '../../defaults';
import { shareKindStrings } from '../kinds';
import type { ParseResult } from '../parse';
import type { BatchRequest, BatchResult, EncodedFile, FileRequest, WorkerSetup } from './protocol';

export type { FileRequest } from './protocol';

export type FileOutcome =
  /** Read by a worker; parsed unless its text had the digest given with the request. */
  | { file: string; kind: 'read'; stamp: string; digest: string; blank: boolean; parsed?: ParseResult }
  /** Not done by a worker: the caller reads and parses the file itself. */
  | { file: string; kind: 'in-thread' };

/** When a bulk load uses workers. */
export interface ParallelParseOptions {
  /** Default: one per core, up to 4 (none on one core); 0 turns them off. */
  workers?: number;
  /** Fewest files to read for a load to use workers. Default 256: below that, starting workers costs more than it saves. */
  minFiles?: number;
}

/**
 * How many workers a load of `files` files uses: none below minFiles. One per core: the loader's
 * thread mostly waits meanwhile (it only takes the results in), and start-up time is what a
 * bulk load holds up (on two cores, 10 x 1,000 routes in 30,011 files: first full configuration
 * 4.66-4.74 s with two workers against 5.10-5.30 s with one, alternating; bench/RESULTS.md §8).
 * None on one core, where a worker only adds its start.
 */
export function workersFor(files: number, options: ParallelParseOptions = {}): number {
  if (files < Math.max(1, options.minFiles ?? 256)) return 0;
  const cores = availableParallelism();
  return Math.max(0, options.workers ?? (cores <= 1 ? 0 : Math.min(cores, 4)));
}

export interface ParallelParserOptions {
  /** Worker threads per bulk load. */
  workers: number;
  /** Custom CRD schemas; absent: the pinned bundle. */
  schemas?: CrdSchemas;
  unknownFields?: 'reject' | 'prune';
  logger: Logger;
  /** Files per message to a worker. Default 128. */
  batchSize?: number;
  /** The worker's script (tests give a broken one). Default: parse-worker.js next to this module. */
  workerScript?: string;
}

/** Batches a worker holds at once: one being parsed, one waiting, so it never idles on a round trip. */
const IN_FLIGHT_PER_WORKER = 2;

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => { resolve = r; });
  return { promise, resolve };
}

/** Builds the outcomes of one batch: its objects in compact form, kind strings shared, named by the caller's path strings. */
function decodeBatch(requests: readonly FileRequest[], result: BatchResult): FileOutcome[] {
  const bodies = JSON.parse(result.bodies) as Record<string, unknown>[];
  for (const [index, value] of result.cloned) bodies[index] = compactCopy(value as Record<string, unknown>);
  return result.files.map((encoded: EncodedFile, i): FileOutcome => {
    const file = requests[i]!.file;
    if (encoded.kind === 'in-thread') return { file, kind: 'in-thread' };
    const { stamp, digest, blank, parsed } = encoded;
    if (!parsed) return { file, kind: 'read', stamp, digest, blank };
    const objects = parsed.objects.map(({ line, body }) => {
      const object = bodies[body]!;
      shareKindStrings(object);
      return { object: object as unknown as ProviderObject, source: file, line };
    });
    return { file, kind: 'read', stamp, digest, blank, parsed: { syntaxOk: parsed.syntaxOk, objects, errors: parsed.errors, rejected: parsed.rejected } };
  });
}

function inThread(requests: readonly FileRequest[]): FileOutcome[] {
  return requests.map(({ file }) => ({ file, kind: 'in-thread' }));
}

export class ParallelParser {
  private readonly setup: WorkerSetup;
  private readonly batchSize: number;
  private readonly script: string;
  /** Aborts of the loads in progress (stop() ends them). */
  private readonly running = new Set<() => Promise<void>>();
  private readonly live = new Set<Worker>();
  private stopped = false;

  constructor(private readonly options: ParallelParserOptions) {
    this.setup = { bundle: options.schemas?.bundle, unknownFields: options.unknownFields };
    this.batchSize = Math.max(1, options.batchSize ?? 128);
    this.script = options.workerScript ?? path.join(__dirname, 'parse-worker.js');
  }

  /**
   * Reads and parses the files, handing consume the outcomes batch by batch in request order (each
   * file once). Resolves when consume has had them all; the workers are terminated by then.
   */
  async parse(requests: readonly FileRequest[], consume: (outcomes: FileOutcome[]) => Promise<void>): Promise<void> {
    const batches: FileRequest[][] = [];
    for (let i = 0; i < requests.length; i += this.batchSize) batches.push(requests.slice(i, i + this.batchSize));
    // Each batch's outcomes, made when it is consumed (decoding a worker's result is this thread's work).
    const results = batches.map(() => deferred<() => FileOutcome[]>());
    const settled = batches.map(() => false);
    const settle = (id: number, outcomes: () => FileOutcome[]): void => {
      if (settled[id]) return;
      settled[id] = true;
      results[id]!.resolve(outcomes);
    };
    const handBack = (id: number): void => settle(id, () => inThread(batches[id]!));
    /** The live workers and the batches each holds. */
    const workers = new Map<Worker, Set<number>>();
    /** Terminations under way (of failed workers too), awaited before parse resolves. */
    const ending: Promise<number>[] = [];
    /** The first batch not handed out yet. */
    let next = 0;
    const end = batches.length;
    const handBackRest = (): void => {
      for (; next < end; next++) handBack(next);
    };

    const start = (): void => {
      const worker = new Worker(this.script, { workerData: this.setup });
      const inFlight = new Set<number>();
      workers.set(worker, inFlight);
      this.live.add(worker);
      worker.once('exit', () => this.live.delete(worker));
      const send = (): void => {
        while (inFlight.size < IN_FLIGHT_PER_WORKER && next < end) {
          const id = next++;
          inFlight.add(id);
          const request: BatchRequest = { id, files: batches[id]! };
          worker.postMessage(request);
        }
      };
      const fail = (reason: unknown): void => {
        if (!workers.delete(worker)) return; // terminated by us, or failed already
        this.options.logger.warn({ err: reason, batches: inFlight.size }, 'a parse worker failed; its files are read in the provider\'s thread');
        for (const id of inFlight) handBack(id);
        inFlight.clear();
        ending.push(worker.terminate());
        if (workers.size === 0) handBackRest();
      };
      worker.on('message', (result: BatchResult) => {
        inFlight.delete(result.id);
        settle(result.id, () => decodeBatch(batches[result.id]!, result));
        send();
      });
      worker.on('error', fail);
      worker.on('messageerror', fail);
      worker.on('exit', (code) => fail(new Error(`parse worker exited with code ${code}`)));
      send();
    };
    const terminateAll = async (): Promise<void> => {
      for (const [worker, inFlight] of workers) {
        for (const id of inFlight) handBack(id);
        ending.push(worker.terminate());
      }
      workers.clear();
      handBackRest();
      await Promise.all(ending);
    };

    if (!this.stopped) {
      const count = Math.min(this.options.workers, batches.length);
      for (let i = 0; i < count; i++) start();
    }
    if (workers.size === 0) handBackRest();
    this.running.add(terminateAll);
    try {
      for (let i = 0; i < batches.length; i++) {
        const outcomes = await results[i]!.promise;
        await consume(outcomes());
      }
    } finally {
      this.running.delete(terminateAll);
      await terminateAll();
    }
  }

  /** Workers running now (none between bulk loads). */
  activeWorkers(): number {
    return this.live.size;
  }

  /** Terminates the workers of the loads in progress; their remaining files are handed back in-thread. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.running].map((abort) => abort()));
  }
}
