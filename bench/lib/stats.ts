/** Small statistics and printing helpers for the benchmarks: percentiles, tables, memory. */
import * as v8 from 'node:v8';

/** Nearest-rank percentile (p in 0..100) of values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function max(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : Math.max(...values);
}

/** Milliseconds since start, from process.hrtime.bigint() values. */
export function msSince(start: bigint, end: bigint = process.hrtime.bigint()): number {
  return Number(end - start) / 1e6;
}

/** Runs fn and returns its result and how long it took, in milliseconds. */
export function timed<T>(fn: () => T): { value: T; ms: number } {
  const started = process.hrtime.bigint();
  const value = fn();
  return { value, ms: msSince(started) };
}

export function fmtMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  return ms.toFixed(2);
}

export function fmtBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return '-';
  const sign = bytes < 0 ? '-' : '';
  const b = Math.abs(bytes);
  if (b >= 1024 * 1024) return `${sign}${(b / 1024 / 1024).toFixed(1)} MiB`;
  if (b >= 1024) return `${sign}${(b / 1024).toFixed(1)} KiB`;
  return `${sign}${b.toFixed(0)} B`;
}

/** Prints a compact, aligned table: a title line, a header row, then the rows. */
export function printTable(title: string, header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  process.stdout.write(`\n${title}\n`);
  process.stdout.write(`${line(header)}\n`);
  process.stdout.write(`${widths.map((w) => '-'.repeat(w)).join('  ')}\n`);
  for (const r of rows) process.stdout.write(`${line(r)}\n`);
}

export function note(text: string): void {
  process.stdout.write(`  ${text}\n`);
}

/** Lets pending callbacks, timers and finalizers run. */
export function settle(ms = 0): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The gc() that node --expose-gc provides. */
export function requireGc(): () => void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') throw new Error('run node with --expose-gc (bench/run.ts re-executes itself with it)');
  return gc;
}

export interface MemorySample {
  heapUsed: number;
  rss: number;
  external: number;
  /** Of heapUsed, what compiled code takes (V8's code spaces): it grows as paths get optimized, data or not. */
  code: number;
}

/** heapUsed without compiled code: the data a program holds. */
export function dataHeap(m: MemorySample): number {
  return m.heapUsed - m.code;
}

/** Memory after full garbage collections, with the event loop turned in between (so closed handles are freed). */
export async function memoryAfterGc(rounds = 4): Promise<MemorySample> {
  const gc = requireGc();
  for (let i = 0; i < rounds; i++) {
    gc();
    await settle(20);
  }
  gc();
  const m = process.memoryUsage();
  const code = v8.getHeapSpaceStatistics().filter((space) => space.space_name.startsWith('code_')).reduce((sum, space) => sum + space.space_used_size, 0);
  return { heapUsed: m.heapUsed, rss: m.rss, external: m.external, code };
}

/** Waits until cond() holds, checking every intervalMs; throws after timeoutMs. */
export async function until(what: string, cond: () => boolean, timeoutMs: number, intervalMs = 1): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await (intervalMs <= 0 ? new Promise<void>((r) => setImmediate(r)) : settle(intervalMs));
  }
}
