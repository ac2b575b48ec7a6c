/**
 * Envoys left running by a Pier that died without stopping them (kill -9, OOM): they are not
 * children of the new Pier, but they still serve traffic (with the last configuration they got)
 * and keep reconnecting to the xDS port. Each launched Envoy's pid is kept in its work
 * directory, which stays the same across restarts of a Pier with the same xDS address; a new
 * Pier that finds a live Envoy there, started with that very bootstrap file, replaces it
 * without a gap: the new Envoy starts first (listeners share the ports, SO_REUSEPORT), and the
 * old one is stopped once the new one is ready.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const PID_FILE = 'envoy.pid';

export function recordEnvoyPid(workDir: string, pid: number | undefined): void {
  if (pid === undefined) return;
  writeFileSync(path.join(workDir, PID_FILE), `${pid}\n`);
}

export function forgetEnvoyPid(workDir: string): void {
  rmSync(path.join(workDir, PID_FILE), { force: true });
}

export interface OrphanEnvoy {
  pid: number;
  /** Its admin address ("127.0.0.1:PORT"), when it wrote one. */
  adminAddress?: string;
}

/**
 * A live Envoy started with this work directory's bootstrap, if any (Linux: /proc). Read it
 * before starting the new Envoy, which rewrites the files it is found by.
 */
export function findOrphanEnvoy(workDir: string, bootstrapPath: string, adminAddressPath: string): OrphanEnvoy | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(workDir, PID_FILE), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 1 || pid === process.pid) return undefined;
  try {
    // The pid may have been reused by anything since: only an Envoy with this bootstrap counts.
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    if (!args.includes(bootstrapPath) || !alive(pid)) return undefined;
  } catch {
    return undefined;
  }
  let adminAddress: string | undefined;
  try {
    adminAddress = readFileSync(adminAddressPath, 'utf8').trim() || undefined;
  } catch { /* none written */ }
  return { pid, adminAddress };
}

/** Running (a zombie waiting to be reaped by init counts as gone). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true; // no /proc: the signal said it is there
  }
}

/** SIGTERM (Envoy drains), SIGKILL after graceMs; resolves once the process is gone. */
export async function stopOrphan(pid: number, graceMs = 5000): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch { /* gone meanwhile */ }
  }
}
