/**
 * --log-format with the real `pier serve`: pretty one-line logs (colourised on a terminal: a
 * real pseudo-terminal from script(1)), JSON for pipes, and the private-key filter in both.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createCertificateAuthority, issueServerCertificate } from '../../src/security/pki';
import { containsPrivateKey } from '../../src/security/redact';
import { PIER_CLI } from '../helpers/pier';

const ANSI = /\u001b\[\d+m/;
const PRETTY_LINE = /^\[\d\d:\d\d:\d\d\.\d{3}\] (\u001b\[\d+m)?(TRACE|DEBUG|INFO|WARN|ERROR|FATAL)(\u001b\[\d+m)?: /;

/** Runs pier serve until it says it serves, then stops it; returns everything it printed. */
function serveUntilReady(args: string[], opts: { tty?: boolean; cwd: string }): Promise<string> {
  const command = [process.execPath, PIER_CLI, 'serve', ...args];
  // script(1) gives the command a real terminal as stdout; -e passes its exit status on.
  const child = opts.tty
    ? spawn('script', ['-qec', command.map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(' '), '/dev/null'], { cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] })
    : spawn(command[0]!, command.slice(1), { cwd: opts.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let stopping = false;
  child.stdin?.on('error', () => undefined); // script(1) may be gone already
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`pier did not get ready within 20s:\n${out}`));
    }, 20_000);
    const onData = (chunk: Buffer): void => {
      out += chunk.toString('utf8');
      if (!stopping && out.includes('pier is serving')) {
        stopping = true;
        clearTimeout(timer);
        // On the terminal, Ctrl-C: the terminal sends pier SIGINT, as when a person presses it.
        if (opts.tty) child.stdin!.write('\u0003');
        else child.kill('SIGTERM');
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => { out += chunk.toString('utf8'); });
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}

describe('--log-format', () => {
  let dir: string;
  let args: string[];
  let keyBody: string;

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-e2e-logs-'));
    const resources = path.join(dir, 'resources');
    mkdirSync(resources);
    writeFileSync(path.join(resources, 'gateway.yaml'), `apiVersion: gateway.networking.k8s.io/v1
kind: GatewayClass
metadata: { name: pier }
spec: { controllerName: pier.dev/gateway-controller }
`);
    // A file that does not parse, with a private key on the line of the error.
    const planted = await issueServerCertificate(await createCertificateAuthority('logs CA'), ['x.example.com']);
    keyBody = planted.keyPem.split('\n')[1] ?? '';
    writeFileSync(path.join(resources, 'broken.yaml'), `apiVersion: v1\nkind: Secret\nmetadata: { name: broken }\ndata:\n  tls.key: ${JSON.stringify(planted.keyPem)}\n    x: [unclosed\n`);
    args = ['--resources', resources, '--envoy', 'off', '--xds-address', '127.0.0.1:0', '--admin-address', '127.0.0.1:0', '--metrics-address', '127.0.0.1:0'];
  });

  after(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const assertNoKey = (out: string): void => {
    assert.ok(keyBody.length > 20);
    assert.ok(!out.includes(keyBody), 'the private key is not printed');
    assert.equal(containsPrivateKey(out), false);
  };

  test('pretty: one readable line per event, component first, no colour into a pipe, keys filtered', async () => {
    const out = await serveUntilReady([...args, '--log-format', 'pretty'], { cwd: dir });
    const lines = out.trim().split('\n');
    for (const line of lines) assert.match(line, PRETTY_LINE, line);
    assert.ok(!ANSI.test(out), 'no colour codes into a pipe');
    assert.ok(lines.some((l) => /INFO: serve: pier is serving \{/.test(l)), out);
    assert.ok(lines.some((l) => /(WARN|ERROR): file-provider: .*broken\.yaml/.test(l)), out);
    assertNoKey(out);
  });

  test('json (and auto into a pipe): every line is a JSON object with level, component and msg', async () => {
    for (const format of [['--log-format', 'json'], []]) {
      const out = await serveUntilReady([...args, ...format], { cwd: dir });
      const lines = out.trim().split('\n').map((l) => JSON.parse(l) as { level: number; msg: string; component?: string });
      assert.ok(lines.some((l) => l.msg === 'pier is serving' && l.component === 'serve'), format.join(' ') || 'auto');
      assertNoKey(out);
    }
  });

  test('auto on a terminal: pretty and colourised', async () => {
    const out = await serveUntilReady(args, { cwd: dir, tty: true });
    const lines = out.replace(/\r/g, '').replace(/\^C/g, '').trim().split('\n').filter((l) => l.length > 0);
    assert.ok(ANSI.test(out), 'colour codes on a terminal');
    for (const line of lines) assert.match(line, PRETTY_LINE, JSON.stringify(line));
    assert.ok(lines.some((l) => l.includes('pier is serving')));
    assertNoKey(out);
  });

  test('an unknown format is refused by name', async () => {
    const out = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [PIER_CLI, 'serve', ...args, '--log-format', 'fancy'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => { stderr += c.toString('utf8'); });
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    assert.equal(out.code, 1);
    assert.match(out.stderr, /logFormat: expected one of auto, json, pretty, got "fancy"/);
  });
});
