/**
 * Where a V8 CPU profile (.cpuprofile, e.g. from PIER_BENCH_PEER_PROFILE) spends its time: self
 * time by area (Pier's xDS server, grpc-js, node's HTTP/2 and sockets, protobuf, GC...) and the
 * top functions, as shares of the busy (non-idle) time.
 * When <file>.windows.json exists ([[start, end], ...] in CLOCK_MONOTONIC microseconds, the
 * profile's clock), only the samples inside those windows count: the updates, not the waits.
 *   node dist/bench/profile-summary.js <file.cpuprofile> [top N functions]
 */
import { existsSync, readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Areas, first match wins; the url is a file URL or path, or node:internal/... for node's own code. */
const AREAS: readonly [string, (url: string, fn: string) => boolean][] = [
  ['idle', (_u, f) => f === '(idle)'],
  ['GC', (_u, f) => f === '(garbage collector)'],
  ['pier xds server', (u) => u.includes('/src/xds/server/')],
  ['pier xds cache', (u) => u.includes('/src/xds/cache/')],
  ['pier (other)', (u) => u.includes('/dist/src/') || u.includes('/dist/bench/')],
  ['grpc-js', (u) => u.includes('@grpc/grpc-js')],
  ['protobufjs / proto-loader', (u) => u.includes('protobufjs') || u.includes('@grpc/proto-loader') || u.includes('@protobufjs')],
  ['logging (pino)', (u) => u.includes('/pino')],
  ['node http2', (u) => u.includes('node:internal/http2')],
  ['node streams / net / timers', (u) => u.startsWith('node:internal/streams') || u === 'node:net' || u.startsWith('node:internal/stream_base') || u.startsWith('node:internal/timers') || u === 'node:events' || u.startsWith('node:internal/process')],
  ['node (other)', (u) => u.startsWith('node:')],
  ['native / builtins', (u, f) => u === '' && f !== '(program)'],
  ['(program)', () => true],
];

function areaOf(url: string, fn: string): string {
  for (const [name, test] of AREAS) if (test(url, fn)) return name;
  return '(program)';
}

function shortUrl(url: string): string {
  const i = url.lastIndexOf('/node_modules/');
  if (i >= 0) return url.slice(i + '/node_modules/'.length);
  const d = url.indexOf('/dist/');
  return d >= 0 ? url.slice(d + '/dist/'.length) : url;
}

export interface ProfileSummary {
  totalMs: number;
  busyMs: number;
  areas: { area: string; ms: number }[];
  functions: { name: string; area: string; ms: number }[];
}

export function summarizeProfile(profile: CpuProfile, windows?: readonly (readonly [number, number])[]): ProfileSummary {
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  let w = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows) {
      while (w < windows.length && at > (windows[w] as readonly [number, number])[1]) w += 1;
      const window = windows[w];
      if (!window || at < window[0]) return;
    }
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const areas = new Map<string, number>();
  const functions = new Map<string, { area: string; us: number }>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const key = `${functionName || '(anonymous)'} ${url ? `${shortUrl(url)}:${lineNumber + 1}` : ''}`.trim();
    const f = functions.get(key) ?? { area, us: 0 };
    f.us += us;
    functions.set(key, f);
  }
  const idle = areas.get('idle') ?? 0;
  return {
    totalMs: total / 1000,
    busyMs: (total - idle) / 1000,
    areas: [...areas].filter(([a]) => a !== 'idle').map(([area, us]) => ({ area, ms: us / 1000 })).sort((a, b) => b.ms - a.ms),
    functions: [...functions].filter(([, f]) => f.area !== 'idle').map(([name, f]) => ({ name, area: f.area, ms: f.us / 1000 })).sort((a, b) => b.ms - a.ms),
  };
}

function main(): void {
  const [file, topArg] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('usage: node dist/bench/profile-summary.js <file.cpuprofile> [top N]\n');
    process.exit(2);
  }
  const windowsFile = `${file}.windows.json`;
  const windows = existsSync(windowsFile) ? JSON.parse(readFileSync(windowsFile, 'utf8')) as [number, number][] : undefined;
  const summary = summarizeProfile(JSON.parse(readFileSync(file, 'utf8')) as CpuProfile, windows);
  const pct = (ms: number): string => `${((100 * ms) / summary.busyMs).toFixed(1)}%`.padStart(6);
  const scope = windows ? `within ${windows.length} update windows` : 'profiled';
  process.stdout.write(`${file}: ${summary.busyMs.toFixed(0)} ms busy of ${summary.totalMs.toFixed(0)} ms ${scope}\n\nby area (self time, share of busy)\n`);
  for (const a of summary.areas) process.stdout.write(`  ${pct(a.ms)}  ${a.ms.toFixed(1).padStart(8)} ms  ${a.area}\n`);
  process.stdout.write(`\ntop functions (self time)\n`);
  for (const f of summary.functions.slice(0, Number(topArg ?? 25))) process.stdout.write(`  ${pct(f.ms)}  ${f.ms.toFixed(1).padStart(8)} ms  ${f.name}  [${f.area}]\n`);
}

if (require.main === module) main();
