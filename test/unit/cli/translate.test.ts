/**
 * `pier translate` as users run it: the compiled CLI as a child process, from
 * test/fixtures/cli (so paths in messages are relative and stable), compared with transcripts
 * in test/golden/cli/<case>.txt (command, exit code, stdout, stderr). Regenerate them with
 * PIER_UPDATE_GOLDEN=1.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { loadXdsProtos } from '../../../src/xds/proto';
import { TYPE_ORDER } from '../../../src/xds/types';
import { PIER_CLI } from '../../helpers/pier';
import { testData } from '../../helpers/paths';

const UPDATE = process.env.PIER_UPDATE_GOLDEN === '1';
const FIXTURES = testData('fixtures', 'cli');
const GOLDEN = testData('golden', 'cli');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runPier(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [PIER_CLI, ...args], { cwd: FIXTURES, timeout: 20_000, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err && typeof err.code !== 'number') return reject(err);
      resolve({ code: err ? Number(err.code) : 0, stdout, stderr });
    });
  });
}

const runs = new Map<string, Promise<Run>>();
/** The CLI's answer to args; one process per distinct command line (the machine may be busy). */
function pier(args: string[]): Promise<Run> {
  const key = JSON.stringify(args);
  let run = runs.get(key);
  if (!run) {
    run = runPier(args);
    runs.set(key, run);
  }
  return run;
}

function transcript(args: string[], run: Run): string {
  return `$ pier ${args.join(' ')}\nexit: ${run.code}\n--- stdout\n${run.stdout}--- stderr\n${run.stderr}`;
}

function compareWithGolden(name: string, args: string[], run: Run): void {
  const file = path.join(GOLDEN, `${name}.txt`);
  const text = transcript(args, run);
  if (UPDATE) {
    fs.mkdirSync(GOLDEN, { recursive: true });
    fs.writeFileSync(file, text);
    return;
  }
  assert.ok(fs.existsSync(file), `${file} is missing; run with PIER_UPDATE_GOLDEN=1 to create it`);
  assert.equal(text, fs.readFileSync(file, 'utf8'), `${name}.txt differs (PIER_UPDATE_GOLDEN=1 regenerates)`);
}

interface GoldenCase {
  name: string;
  args: string[];
  code: number;
}

const CASES: GoldenCase[] = [
  { name: 'status-yaml', args: ['translate', '-f', 'mixed'], code: 0 },
  { name: 'status-json', args: ['translate', '-f', 'mixed', '-o', 'json'], code: 0 },
  { name: 'status-one-gateway', args: ['translate', '-f', 'mixed', '--gateway', 'infra/tcp'], code: 0 },
  { name: 'ir-yaml', args: ['translate', '-f', 'mixed', '--output', 'ir'], code: 0 },
  { name: 'ir-json-one-gateway', args: ['translate', '-f', 'mixed', '--output', 'ir', '--format', 'json', '--gateway', 'infra/tcp'], code: 0 },
  { name: 'xds-yaml', args: ['translate', '-f', 'mixed', '--output', 'xds'], code: 0 },
  { name: 'xds-json-default-address', args: ['translate', '-f', 'mixed', '--output', 'xds', '-o', 'json', '--gateway', 'infra/tcp', '--default-gateway-address', '127.0.0.9'], code: 0 },
  { name: 'invalid-input', args: ['translate', '-f', 'invalid'], code: 1 },
  { name: 'missing-path', args: ['translate', '-f', 'mixed', '-f', 'does-not-exist.yaml'], code: 1 },
  { name: 'unknown-gateway', args: ['translate', '-f', 'mixed', '--output', 'xds', '--gateway', 'infra/nope'], code: 1 },
  { name: 'foreign-gateway', args: ['translate', '-f', 'mixed', '--output', 'ir', '--gateway', 'infra/foreign'], code: 1 },
  { name: 'other-controller', args: ['translate', '-f', 'mixed', '--output', 'ir', '--controller-name', 'example.com/unknown'], code: 1 },
  { name: 'policies-yaml', args: ['translate', '-f', 'policies', '--output', 'policies'], code: 0 },
  { name: 'global-ratelimit-policies', args: ['translate', '-f', 'global-ratelimit', '--output', 'policies', '--rate-limit-service', 'ratelimit.infra:8081'], code: 0 },
  { name: 'global-ratelimit-xds', args: ['translate', '-f', 'global-ratelimit', '--output', 'xds', '--rate-limit-service', 'ratelimit.infra:8081'], code: 0 },
  { name: 'global-ratelimit-no-service', args: ['translate', '-f', 'global-ratelimit'], code: 0 },
  { name: 'bad-rate-limit-service', args: ['translate', '-f', 'global-ratelimit', '--rate-limit-service', 'ratelimit'], code: 2 },
  { name: 'bad-output', args: ['translate', '-f', 'mixed', '--output', 'envoy'], code: 2 },
  { name: 'no-files', args: ['translate'], code: 2 },
  { name: 'policies-status', args: ['translate', '-f', 'policies'], code: 0 },
];

// Each case is its own child process: run them side by side.
describe('pier translate (golden transcripts)', { concurrency: true }, () => {
  for (const c of CASES) {
    test(c.name, async () => {
      const run = await pier(c.args);
      assert.equal(run.code, c.code, `exit code; stderr: ${run.stderr}`);
      compareWithGolden(c.name, c.args, run);
    });
  }
});

describe('pier translate (properties)', { concurrency: true }, () => {
  test('files named one by one give the same output as their directory', async () => {
    const files = fs.readdirSync(path.join(FIXTURES, 'mixed')).sort().flatMap((f) => ['-f', path.join('mixed', f)]);
    const [dir, each] = await Promise.all([pier(['translate', '-f', 'mixed', '--output', 'xds']), runPier(['translate', ...files, '--output', 'xds'])]);
    assert.equal(each.code, 0, each.stderr);
    assert.equal(each.stdout, dir.stdout);
  });

  test('output is deterministic, has no timestamps and no private keys', async () => {
    for (const output of ['status', 'ir', 'xds']) {
      const args = ['translate', '-f', 'mixed', '--output', output];
      const [a, b] = await Promise.all([pier(args), runPier(args)]);
      assert.equal(a.stdout, b.stdout, `${output} output differs between runs`);
      assert.doesNotMatch(a.stdout, /lastTransitionTime/);
      assert.doesNotMatch(a.stdout, /PRIVATE KEY/);
    }
  });

  test('the YAML status output is one document per object, in the same order as JSON items', async () => {
    const [yaml, json] = await Promise.all([pier(['translate', '-f', 'mixed']), pier(['translate', '-f', 'mixed', '-o', 'json'])]);
    const docs = parseAllDocuments(yaml.stdout).map((d) => d.toJS() as unknown);
    const list = JSON.parse(json.stdout) as { kind: string; items: unknown[] };
    assert.equal(list.kind, 'List');
    assert.deepEqual(docs, list.items);
  });

  test('Pier\'s kinds are printed with their own apiVersion (gateway.pier.dev/v1alpha1)', async () => {
    const run = await pier(['translate', '-f', 'policies']);
    const docs = parseAllDocuments(run.stdout).map((d) => d.toJS() as { apiVersion: string; kind: string });
    const pierDocs = docs.filter((d) => d.kind.endsWith('Policy') && d.kind !== 'BackendTLSPolicy');
    assert.ok(pierDocs.length > 0, run.stdout);
    for (const d of pierDocs) assert.equal(d.apiVersion, 'gateway.pier.dev/v1alpha1', d.kind);
  });

  test('every printed xDS resource encodes as its Envoy type', async () => {
    const run = await pier(['translate', '-f', 'mixed', '--output', 'xds', '-o', 'json']);
    assert.equal(run.code, 0, run.stderr);
    const protos = loadXdsProtos();
    const byGateway = JSON.parse(run.stdout) as Record<string, Record<string, { '@type': string }[]>>;
    assert.deepEqual(Object.keys(byGateway), ['infra/edge', 'infra/tcp']);
    let count = 0;
    for (const groups of Object.values(byGateway)) {
      assert.deepEqual(Object.keys(groups), ['secrets', 'clusters', 'endpoints', 'listeners', 'routes']);
      for (const [i, list] of Object.values(groups).entries()) {
        for (const resource of list) {
          assert.equal(resource['@type'], TYPE_ORDER[i]);
          const { '@type': typeUrl, ...message } = resource;
          assert.ok(protos.encode(typeUrl, message).length > 0);
          count++;
        }
      }
    }
    assert.ok(count >= 10, `expected a dozen resources, got ${count}`);
  });

  test('invalid input: valid objects are still printed, every problem is on stderr with file:line:col, exit 1', async () => {
    const run = await pier(['translate', '-f', 'invalid', '-o', 'json']);
    assert.equal(run.code, 1);
    const names = (JSON.parse(run.stdout) as { items: { kind: string; metadata: { name: string } }[] }).items.map((i) => `${i.kind}/${i.metadata.name}`);
    assert.deepEqual(names, ['GatewayClass/pier', 'Gateway/edge', 'HTTPRoute/also-good', 'HTTPRoute/good']);
    assert.match(run.stderr, /^invalid\/bad-object\.yaml:17:33: HTTPRoute default\/bad-path: .*path\.type: Unsupported value: "Sometimes"/m);
    assert.match(run.stderr, /^invalid\/broken\.yaml:\d+:\d+: YAML syntax error/m);
  });

  test('help exits 0 and lists the flags', async () => {
    const run = await pier(['translate', '--help']);
    assert.equal(run.code, 0);
    for (const flag of ['--file', '--output', '--format', '--controller-name', '--gateway', '--default-gateway-address']) assert.ok(run.stdout.includes(flag), flag);
    const top = await pier(['help']);
    assert.match(top.stdout, /pier translate/);
  });
});
