/**
 * What the Kubernetes tests leave on the machine (network namespaces, links, temp dirs) must go
 * however their run ends:
 * - stopped by SIGTERM, SIGINT or SIGHUP: node's default for those signals exits at once, without
 *   'exit' handlers or finally blocks, so the tests' async stop() never runs. Each owner registers
 *   a synchronous teardown here; the first such signal runs them all (last registered first),
 *   then the process exits as the signal would have ended it.
 * - killed (SIGKILL, a crash): nothing runs. Every leftover is named after the pid of the process
 *   that made it, and the next run removes those whose process is gone (removeDeadOwnersTempDirs,
 *   and the network's own check in node-agent/network.ts and netns.ts).
 */
import { readdirSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import * as path from 'node:path';
import { isAlive } from './process';

const teardowns = new Set<() => void>();
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;
let installed = false;

function runAll(): void {
  for (const teardown of [...teardowns].reverse()) {
    try { teardown(); } catch { /* the others still run */ }
  }
  teardowns.clear();
}

function install(): void {
  if (installed) return;
  installed = true;
  for (const signal of SIGNALS) {
    process.once(signal, () => {
      runAll();
      // As the signal would have ended it: 128 + its number.
      process.exit(128 + constants.signals[signal]);
    });
  }
}

/** Registers a synchronous teardown to run if the process is stopped by a signal; the returned function unregisters it. */
export function onTermination(teardown: () => void): () => void {
  install();
  teardowns.add(teardown);
  return () => { teardowns.delete(teardown); };
}

/** A temp dir named after this process (`<prefix><pid>-XXXXXX`), so a later run can tell whether its owner is gone. */
export function ownedTempPrefix(prefix: string): string {
  return path.join(tmpdir(), `${prefix}${process.pid}-`);
}

/** The pid a leftover's name carries after its prefix, or undefined when it carries none. */
export function ownerPid(name: string, prefix: string): number | undefined {
  if (!name.startsWith(prefix)) return undefined;
  const m = /^(\d+)(?:-|$)/.exec(name.slice(prefix.length));
  return m ? Number(m[1]) : undefined;
}

/** Removes the temp dirs `<prefix><pid>-*` whose process is gone (a run killed before its teardown). */
export function removeDeadOwnersTempDirs(prefix: string): string[] {
  const removed: string[] = [];
  let entries: string[];
  try { entries = readdirSync(tmpdir()); } catch { return removed; }
  for (const name of entries) {
    const pid = ownerPid(name, prefix);
    if (pid === undefined || pid === process.pid || isAlive(pid)) continue;
    try {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
      removed.push(name);
    } catch { /* in use or gone meanwhile */ }
  }
  return removed;
}
