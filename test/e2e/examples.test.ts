/**
 * Every directory of examples/ (beyond the quickstart) as its README tells a reader to use it:
 * its setup commands (certificates), `pier serve --resources examples/<dir>` with real Envoy and
 * the backends the README starts, then each command of its `<!-- test: run -->` blocks with the
 * output the README states. The README is the test's only script, so the two cannot drift.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { requireEnvoy, requireGrpcurl } from '../helpers/tools';
import { PierProcess } from '../helpers/pier';
import { repoRoot } from '../helpers/paths';
import { docBlocks, isAssignment, runCommands, runDocCommand, serveCommands } from '../helpers/doc-commands';

const ROOT = repoRoot();
const EXAMPLES = path.join(ROOT, 'examples');
/** The ten feature families the issue names; each must have its directory. */
const FAMILIES = ['https-sni', 'traffic-split', 'matching', 'redirects-rewrites', 'grpc', 'tls-passthrough', 'tcp-udp', 'listenerset', 'frontend-mtls', 'retries'];
const PIER_SERVE = /^node dist\/src\/cli\/main\.js serve\s+(.*)$/;
/** How long one command may keep failing while Envoy takes its configuration. */
const COMMAND_DEADLINE_MS = 30_000;
const COMMAND_TIMEOUT_MS = 10_000;

const exampleDirs = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'quickstart' && existsSync(path.join(EXAMPLES, d.name, 'README.md')))
  .map((d) => d.name)
  .sort();

function toolEnv(): NodeJS.ProcessEnv {
  const dirs = [path.dirname(requireEnvoy()), path.dirname(requireGrpcurl())];
  return { ...process.env, PATH: [...dirs, process.env.PATH ?? ''].join(path.delimiter) };
}

function runBash(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-euo', 'pipefail', '-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => { output += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { output += d.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => { clearTimeout(timer); resolve({ code, output }); });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('examples/: every README runs as written against pier serve and real Envoy', () => {
  test('each feature family has its example', () => {
    for (const family of FAMILIES) assert.ok(exampleDirs.includes(family), `examples/${family}/README.md exists`);
  });

  for (const dir of exampleDirs) {
    test(`examples/${dir}`, async () => {
      const env = toolEnv();
      const readme = readFileSync(path.join(EXAMPLES, dir, 'README.md'), 'utf8');
      const blocks = docBlocks(readme);
      const serves = blocks.filter((b) => b.kind === 'serve').flatMap((b) => serveCommands(b.text));
      const runs = blocks.filter((b) => b.kind === 'run').flatMap((b) => runCommands(b.text));
      assert.ok(serves.some((s) => PIER_SERVE.test(s) && s.includes(`--resources examples/${dir}`)), `the README starts pier serve --resources examples/${dir}`);
      assert.ok(runs.some((c) => c.expect.length > 0), 'the README states an expected output');

      for (const setup of blocks.filter((b) => b.kind === 'setup')) {
        const r = await runBash(setup.text, env);
        assert.equal(r.code, 0, `setup block at README line ${setup.line} failed:\n${r.output}`);
      }

      let pier: PierProcess | undefined;
      const background: ChildProcess[] = [];
      try {
        for (const command of serves) {
          const m = PIER_SERVE.exec(command);
          if (m) {
            assert.equal(pier, undefined, 'one pier serve per example');
            // The README's own flags; the config file only moves xDS and admin to free loopback ports.
            pier = await PierProcess.start({ cwd: ROOT, config: { envoy: requireEnvoy(), logLevel: 'info' }, args: m[1]!.split(/\s+/) });
          } else {
            background.push(spawn('bash', ['-c', `exec ${command}`], { cwd: ROOT, env, stdio: 'ignore', detached: true }));
          }
        }
        const prelude: string[] = [];
        for (const c of runs) {
          if (isAssignment(c.command)) {
            prelude.push(c.command);
            continue;
          }
          const started = Date.now();
          let last = await runDocCommand(prelude, c, ROOT, COMMAND_TIMEOUT_MS, env);
          // Bounded in time and count: Envoy may still be taking in its first configuration.
          for (let attempt = 0; !last.ok && attempt < 100 && Date.now() - started < COMMAND_DEADLINE_MS; attempt++) {
            await sleep(500);
            last = await runDocCommand(prelude, c, ROOT, COMMAND_TIMEOUT_MS, env);
          }
          assert.ok(last.ok, `examples/${dir}/README.md: \`${c.command}\` (expecting ${JSON.stringify(c.expect)}) gave:\n${last.output}`);
        }
      } finally {
        for (const child of background) {
          try { if (child.pid) process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
        }
        const code = await pier?.stop();
        assert.equal(code ?? 0, 0, 'pier exits cleanly');
      }
    });
  }
});
