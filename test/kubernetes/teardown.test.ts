/**
 * A Kubernetes test run stopped from outside leaves nothing behind: by SIGTERM or SIGINT, the
 * node agent and the control plane remove their network namespaces, links, processes and files
 * on the way out (teardown.ts); killed outright (SIGKILL), what it left is removed by the next
 * run's start. Each run here is fixtures/agent-run.ts: a control plane, a node agent, one pod.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { waitFor } from '../helpers/net';
import { isAlive } from './process';

interface RunInfo { pid: number; podPids: number[]; netns: string[] }
interface Run { info: RunInfo; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> }

const FIXTURE = path.join(__dirname, 'fixtures', 'agent-run.js');

/** Starts a run and resolves once its pod runs. */
function startRun(): Promise<Run> {
  const child = spawn(process.execPath, [FIXTURE], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the run did not start in 150 s: ${err.slice(-2000)}`)); }, 150_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) { clearTimeout(timer); resolve({ info: JSON.parse(line) as RunInfo, exited }); }
    });
    void exited.then(({ code, signal }) => { clearTimeout(timer); reject(new Error(`the run exited (${String(code ?? signal)}) before its pod ran: ${err.slice(-2000)}`)); });
  });
}

/** What a run with this pid has on the machine. */
function leftovers(pid: number): { netns: string[]; links: string[]; dirs: string[] } {
  const netns = execFileSync('ip', ['netns', 'list'], { encoding: 'utf8' }).split('\n').map((l) => l.split(' ')[0]).filter((n) => n.startsWith(`pier-pod-${pid}-`));
  const links = execFileSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' }).split('\n')
    .map((l) => l.split(': ')[1]?.split('@')[0] ?? '').filter((n) => n === `pnb${pid}` || n.startsWith(`pn${pid}p`) || n.startsWith(`pn${pid}c`));
  const dirs = readdirSync(tmpdir()).filter((d) => d.startsWith(`pier-node-${pid}-`) || d.startsWith(`pier-k8s-${pid}-`));
  return { netns, links, dirs };
}

const none = { netns: [], links: [], dirs: [] };

async function stoppedBy(signal: 'SIGTERM' | 'SIGINT'): Promise<void> {
  const run = await startRun();
  const before = leftovers(run.info.pid);
  assert.deepEqual(before.netns, run.info.netns);
  assert.ok(before.netns.length === 1 && before.links.length >= 2 && before.dirs.length === 2, `the run's namespace, links and dirs exist: ${JSON.stringify(before)}`);
  process.kill(run.info.pid, signal);
  const exit = await run.exited;
  assert.equal(exit.code, signal === 'SIGTERM' ? 143 : 130, 'it exits as the signal would have ended it');
  assert.deepEqual(leftovers(run.info.pid), none);
  // SIGKILLed on the way out; gone once the kernel has delivered it.
  await waitFor('the pod\'s processes gone', async () => (run.info.podPids.some(isAlive) ? undefined : true), { timeoutMs: 5_000, intervalMs: 50 });
}

describe('a Kubernetes test run stopped from outside leaves nothing behind', { timeout: 600_000 }, () => {
  test('stopped by SIGTERM: namespaces, links, processes and temp dirs are removed on the way out', () => stoppedBy('SIGTERM'));

  test('stopped by SIGINT: the same', () => stoppedBy('SIGINT'));

  test('killed by SIGKILL: what it left is removed by the next run\'s start', async () => {
    const killed = await startRun();
    process.kill(killed.info.pid, 'SIGKILL');
    await killed.exited;
    const left = leftovers(killed.info.pid);
    assert.ok(left.netns.length === 1 && left.dirs.length === 2, `a killed run leaves its namespace and dirs: ${JSON.stringify(left)}`);
    const next = await startRun();
    try {
      assert.deepEqual(leftovers(killed.info.pid), none);
    } finally {
      process.kill(next.info.pid, 'SIGTERM');
      await next.exited;
    }
    assert.deepEqual(leftovers(next.info.pid), none);
  });
});
