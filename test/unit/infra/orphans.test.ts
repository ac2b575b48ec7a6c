/** Finding and stopping an Envoy a previous Pier left running: recognised by pid file and bootstrap path, nothing else. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { alive, findOrphanEnvoy, forgetEnvoyPid, recordEnvoyPid, stopOrphan } from '../../../src/infra/host/orphans';

test('a live process started with the bootstrap is found (with its admin address) and stopped; others are not', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pier-orphans-'));
  const bootstrap = path.join(dir, 'bootstrap.json');
  const admin = path.join(dir, 'admin-address');
  // Stands in for Envoy: a process whose command line names the bootstrap, ignoring SIGTERM (as a draining Envoy might).
  const child = spawn(process.execPath, ['-e', 'process.on("SIGTERM", () => { process.stdout.write("term\\n"); }); process.stdout.write("ready\\n"); setTimeout(() => {}, 60000)', '--', '-c', bootstrap], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  try {
    // Only once it ignores SIGTERM (a busy machine can take seconds to start node).
    await new Promise((r) => child.stdout?.once('data', r));
    let output = '';
    child.stdout?.on('data', (d: Buffer) => { output += d.toString(); });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    assert.equal(findOrphanEnvoy(dir, bootstrap, admin), undefined, 'no pid file');
    recordEnvoyPid(dir, child.pid);
    writeFileSync(admin, '127.0.0.1:9901\n');
    assert.deepEqual(findOrphanEnvoy(dir, bootstrap, admin), { pid: child.pid, adminAddress: '127.0.0.1:9901' });
    assert.equal(findOrphanEnvoy(dir, path.join(dir, 'other.json'), admin), undefined, 'another bootstrap: not ours');
    recordEnvoyPid(dir, process.pid);
    assert.equal(findOrphanEnvoy(dir, bootstrap, admin), undefined, 'never this process');
    recordEnvoyPid(dir, child.pid);
    await stopOrphan(child.pid as number, 500);
    // It ignores SIGTERM, so SIGKILL ended it, and it saw the SIGTERM before.
    assert.equal(await exited, 'SIGKILL');
    assert.match(output, /term/, 'SIGTERM first, SIGKILL after the grace period');
    assert.equal(alive(child.pid as number), false);
    assert.equal(findOrphanEnvoy(dir, bootstrap, admin), undefined, 'a dead pid is no orphan');
    forgetEnvoyPid(dir);
  } finally {
    if (child.pid && alive(child.pid)) process.kill(child.pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
