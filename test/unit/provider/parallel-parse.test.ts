import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { promises as fs, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Writable } from 'node:stream';
import { createLogger, silentLogger } from '../../../src/logging/logger';
import { cloneJson } from '../../../src/ir/clone';
import { CrdSchemas, defaultCrdSchemas } from '../../../src/provider/crd/load';
import { parseManifests, type ParseOptions } from '../../../src/provider/file/parse';
import { stampOf } from '../../../src/provider/file/read';
import { textDigest } from '../../../src/provider/file/text';
import { ParallelParser, type FileOutcome } from '../../../src/provider/file/workers/parallel';

const ROUTE = (name: string, extra = ''): string => `apiVersion: gateway.networking.k8s.io/v1
kind: HTTPRoute
metadata:
  name: ${name}
spec:
  parentRefs: [{name: eg}]
  hostnames: [a.example.com, b.example.com]
  rules:
    - backendRefs:
        - name: svc-${name}
          port: 80
${extra}`;

/** Files covering every kind of outcome the parser has. */
const FILES: Record<string, string> = {
  'a-route.yaml': ROUTE('a'),
  'b-multi.yaml': `${ROUTE('b1')}---\n${ROUTE('b2')}---\napiVersion: v1\nkind: Service\nmetadata: {name: svc-b}\nspec:\n  ports: [{port: 80}]\n`,
  'c-broken.yaml': 'apiVersion: v1\nkind: Service\nmetadata: {name: x\n  spec: [\n',
  'd-invalid.yaml': `${ROUTE('d')}---\n${ROUTE('bad').replace('port: 80', 'port: 99999')}`,
  'e-unknown-kind.yaml': 'apiVersion: v1\nkind: Pod\nmetadata: {name: p}\n',
  'f-blank.yaml': '\n  \n',
  'g-list.yaml': 'apiVersion: v1\nkind: List\nitems:\n  - apiVersion: v1\n    kind: ConfigMap\n    metadata: {name: cm}\n    data: {k: v}\n',
  // A JSON text with "null" in it: travels by structured clone, copied as compact.ts copies such values.
  'h-nan.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: nan\n  annotations: {}\nbinaryData: {}\ndata: {a: "1"}\n---\napiVersion: v1\nkind: Service\nmetadata: {name: s-nan, labels: {x: "null"}}\nspec:\n  ports: [{port: 81}]\n',
  'i-no-name.yaml': 'apiVersion: v1\nkind: Service\nmetadata: {namespace: x}\n',
};

function collect(parser: ParallelParser, files: { file: string; digest?: string }[]): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  return parser.parse(files, async (batch) => { outcomes.push(...batch); }).then(() => outcomes);
}

describe('ParallelParser', () => {
  let dir: string;
  let paths: string[];

  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pier-parallel-parse-'));
    for (const [name, text] of Object.entries(FILES)) await fs.writeFile(path.join(dir, name), text);
    paths = Object.keys(FILES).sort().map((name) => path.join(dir, name));
  });
  after(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function expectSameAsInThread(outcomes: FileOutcome[], options: ParseOptions): Promise<void> {
    assert.deepEqual(outcomes.map((o) => o.file), paths, 'one outcome per file, in request order');
    for (const outcome of outcomes) {
      assert.equal(outcome.kind, 'read', outcome.file);
      if (outcome.kind !== 'read') continue;
      const text = await fs.readFile(outcome.file, 'utf8');
      assert.equal(outcome.digest, textDigest(text));
      assert.equal(outcome.stamp, stampOf(statSync(outcome.file, { bigint: true })));
      assert.equal(outcome.blank, text.trim() === '');
      assert.deepEqual(outcome.parsed, parseManifests(text, outcome.file, { ...options, compact: true }), outcome.file);
    }
  }

  test('outcomes equal the in-thread parse, for every kind of file, across workers and batches', async () => {
    const parser = new ParallelParser({ workers: 2, batchSize: 2, logger: silentLogger() });
    const outcomes = await collect(parser, paths.map((file) => ({ file })));
    await expectSameAsInThread(outcomes, {});
    const parsed = outcomes.flatMap((o) => (o.kind === 'read' ? o.parsed?.objects ?? [] : []));
    assert.ok(parsed.length >= 7, 'objects were parsed');
    const errorsOf = (name: string): number => {
      const o = outcomes.find((x) => x.file.endsWith(name));
      return o?.kind === 'read' ? o.parsed?.errors.length ?? 0 : -1;
    };
    assert.ok(errorsOf('c-broken.yaml') > 0 && errorsOf('d-invalid.yaml') > 0 && errorsOf('e-unknown-kind.yaml') > 0, 'problems reported');
    // The kind and apiVersion strings are shared by every object of the kind, as in-thread.
    const routes = parsed.filter((o) => o.object.kind === 'HTTPRoute');
    assert.ok(routes.length >= 3);
    assert.equal(parser.activeWorkers(), 0, 'workers are terminated after the load');
  });

  test('custom CRD schemas are used by the workers', async () => {
    const bundle = cloneJson(defaultCrdSchemas().bundle);
    const hostnames = bundle.kinds.HTTPRoute!.versions.v1!.schema.properties!.spec!.properties!.hostnames!;
    hostnames.maxItems = 1;
    const schemas = new CrdSchemas(bundle);
    const parser = new ParallelParser({ workers: 1, batchSize: 3, schemas, logger: silentLogger() });
    const outcomes = await collect(parser, paths.map((file) => ({ file })));
    await expectSameAsInThread(outcomes, { schemas });
    const route = outcomes.find((o) => o.file.endsWith('a-route.yaml'));
    assert.ok(route?.kind === 'read' && route.parsed?.objects.length === 0, 'the custom limit rejected the route');
    assert.match(route.parsed?.errors[0]?.message ?? '', /1/);
  });

  test('a text with the known digest is read but not parsed; a missing file is handed back', async () => {
    const parser = new ParallelParser({ workers: 1, logger: silentLogger() });
    const file = paths[0]!;
    const known = textDigest(await fs.readFile(file, 'utf8'));
    const outcomes = await collect(parser, [{ file, digest: known }, { file: path.join(dir, 'gone.yaml') }]);
    assert.equal(outcomes[0]?.kind, 'read');
    assert.equal(outcomes[0]?.kind === 'read' ? outcomes[0].parsed : 'x', undefined);
    assert.deepEqual(outcomes[1], { file: path.join(dir, 'gone.yaml'), kind: 'in-thread' });
  });

  async function brokenWorker(name: string, script: string): Promise<string> {
    const file = path.join(dir, name);
    await fs.writeFile(file, script);
    return file;
  }

  function capturingLogger(): { logger: ReturnType<typeof createLogger>; lines: string[] } {
    const lines: string[] = [];
    const destination = new Writable({ write(chunk: Buffer, _encoding, done) { lines.push(chunk.toString()); done(); } });
    return { logger: createLogger({ level: 'warn', format: 'json', destination }), lines };
  }

  test('a worker that cannot start hands every file back, with a warning', async () => {
    const script = await brokenWorker('throws.js', 'throw new Error("cannot start");');
    const { logger, lines } = capturingLogger();
    const parser = new ParallelParser({ workers: 2, batchSize: 2, logger, workerScript: script });
    const outcomes = await collect(parser, paths.map((file) => ({ file })));
    assert.deepEqual(outcomes, paths.map((file) => ({ file, kind: 'in-thread' })));
    assert.ok(lines.some((l) => l.includes('a parse worker failed')), lines.join(''));
    assert.equal(parser.activeWorkers(), 0);
  });

  test('a worker that crashes mid-load: its batches are handed back, the other worker carries on', async () => {
    // Crashes on the batch holding the third file, answers the others as the real worker would.
    const real = path.join(__dirname, '../../../src/provider/file/workers/parse-worker.js');
    const script = await brokenWorker('crashes.js', `
      const { parentPort } = require('node:worker_threads');
      const third = ${JSON.stringify(paths[2])};
      parentPort.on('message', (request) => {
        if (request.files.some((f) => f.file === third)) process.exit(3);
      });
      require(${JSON.stringify(real)});
    `);
    const { logger, lines } = capturingLogger();
    const parser = new ParallelParser({ workers: 1, batchSize: 2, logger, workerScript: script });
    const outcomes = await collect(parser, paths.map((file) => ({ file })));
    assert.deepEqual(outcomes.map((o) => o.file), paths);
    assert.equal(outcomes[0]?.kind, 'read', 'the batch before the crash came back parsed');
    assert.equal(outcomes[2]?.kind, 'in-thread', 'the crashed batch is handed back');
    assert.ok(outcomes.slice(2).every((o) => o.kind === 'in-thread'), 'with no worker left, the rest is handed back');
    assert.ok(lines.some((l) => l.includes('a parse worker failed')));
  });

  test('stop() terminates the workers of a load in progress and hands its files back', async () => {
    const script = await brokenWorker('silent.js', 'require("node:worker_threads").parentPort.on("message", () => {});');
    const parser = new ParallelParser({ workers: 2, batchSize: 1, logger: silentLogger(), workerScript: script });
    const loading = collect(parser, paths.map((file) => ({ file })));
    for (let i = 0; i < 200 && parser.activeWorkers() < 2; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(parser.activeWorkers(), 2);
    await parser.stop();
    const outcomes = await loading;
    assert.deepEqual(outcomes, paths.map((file) => ({ file, kind: 'in-thread' })));
    assert.equal(parser.activeWorkers(), 0);
    assert.deepEqual(await collect(parser, [{ file: paths[0]! }]), [{ file: paths[0], kind: 'in-thread' }], 'a stopped parser starts no workers');
  });
});
