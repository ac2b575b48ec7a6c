import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compileCelRules } from '../../../src/provider/crd/cel/evaluate';
import { CRD_SCHEMAS_FILE, defaultCrdSchemas, loadCrdSchemas } from '../../../src/provider/crd/load';
import { compilePattern } from '../../../src/provider/crd/pattern';
import type { JSONSchemaProps } from '../../../src/provider/crd/schema';
import { KINDS } from '../../../src/provider/file/kinds';
import { expectedCelRuleCount } from './cel-rule-count';

const GROUP = 'gateway.networking.k8s.io';

function collectPatterns(schema: JSONSchemaProps, into: Set<string>): Set<string> {
  if (schema.pattern !== undefined) into.add(schema.pattern);
  for (const sub of [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.allOf ?? []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.not ? [schema.not] : [])]) collectPatterns(sub, into);
  if (typeof schema.additionalProperties === 'object') collectPatterns(schema.additionalProperties, into);
  return into;
}

describe('CRD schema bundle', () => {
  const schemas = defaultCrdSchemas();

  test('is the pinned experimental channel, serving the versions the standard channel serves, with Pier\'s own CRDs beside it', () => {
    assert.equal(schemas.bundle.version, 'v1.7.0');
    assert.deepEqual(schemas.kinds(), ['BackendPolicy', 'BackendTLSPolicy', 'ClientPolicy', 'GRPCRoute', 'Gateway', 'GatewayClass', 'HTTPRoute', 'ListenerSet', 'ObservabilityPolicy', 'ProxyConfig', 'RateLimitPolicy', 'ReferenceGrant', 'SecurityPolicy', 'TCPRoute', 'TLSRoute', 'UDPRoute',
      'XBackend', 'XBackendTrafficPolicy', 'XTelemetryPolicy']);
    for (const kind of loadCrdSchemas().kinds()) assert.equal(schemas.crd(kind)?.channel, 'experimental', kind);
    assert.deepEqual(pick(schemas.lookup('gateway.pier.dev/v1alpha1', 'ProxyConfig')), { schemaVersion: 'v1alpha1', served: true });
    // Experimental fields (rules[].retry) are in the schema; retired versions stay unserved.
    const rule = schemas.lookup(`${GROUP}/v1`, 'HTTPRoute')?.schema.properties?.spec?.properties?.rules?.items;
    assert.deepEqual(Object.keys(rule?.properties?.retry?.properties ?? {}).sort(), ['attempts', 'backoff', 'codes']);
    assert.equal(schemas.lookup(`${GROUP}/v1alpha2`, 'TLSRoute')?.served, false);
    assert.equal(schemas.lookup(`${GROUP}/v1alpha3`, 'BackendTLSPolicy')?.served, false);
  });

  test('every Gateway API kind and apiVersion the file provider accepts has a schema', () => {
    for (const info of KINDS) {
      for (const apiVersion of info.apiVersions.filter((v) => v.startsWith(`${GROUP}/`))) {
        assert.ok(schemas.lookup(apiVersion, info.kind), `${apiVersion} ${info.kind}`);
      }
    }
  });

  test('lookup: served versions, unserved ones, versions the CRD lacks, other groups', () => {
    assert.deepEqual(pick(schemas.lookup(`${GROUP}/v1`, 'HTTPRoute')), { schemaVersion: 'v1', served: true });
    assert.deepEqual(pick(schemas.lookup(`${GROUP}/v1beta1`, 'HTTPRoute')), { schemaVersion: 'v1beta1', served: true });
    assert.deepEqual(pick(schemas.lookup(`${GROUP}/v1alpha2`, 'TCPRoute')), { schemaVersion: 'v1alpha2', served: false });
    assert.deepEqual(pick(schemas.lookup(`${GROUP}/v1alpha2`, 'GRPCRoute')), { schemaVersion: 'v1', served: false }, 'storage version');
    assert.deepEqual(pick(schemas.lookup(`${GROUP}/v1alpha2`, 'ReferenceGrant')), { schemaVersion: 'v1beta1', served: false }, 'storage version');
    assert.equal(schemas.lookup('example.com/v1', 'HTTPRoute'), undefined);
    assert.equal(schemas.lookup(`${GROUP}/v1`, 'Service'), undefined);
    assert.equal(schemas.lookup(`${GROUP}/v1`, 'constructor'), undefined);
  });

  test('every OpenAPI pattern compiles as a JavaScript u-flag expression', () => {
    const patterns = new Set<string>();
    for (const kind of schemas.kinds()) for (const version of Object.values(schemas.crd(kind)?.versions ?? {})) collectPatterns(version.schema, patterns);
    assert.ok(patterns.size > 10);
    for (const pattern of patterns) assert.ok(compilePattern(pattern) instanceof RegExp, pattern);
  });

  test('every CEL rule of the CRDs compiles; one is a transition rule', () => {
    const coverage = compileCelRules(schemas.celRules());
    const expected = expectedCelRuleCount();
    assert.equal(coverage.total, expected.total);
    assert.deepEqual(coverage.failed, []);
    assert.deepEqual(coverage.transition, ['self == oldSelf']);
    assert.equal(coverage.compiled.length, expected.total - expected.transition);
  });

  test('loading reads the JSON bundle alone: no YAML parser and no CEL compiler is loaded (they come on first use)', () => {
    // What keeps start-up cheap (timings belong in bench/): the modules a fresh process loads.
    const script = `const before=new Set(Object.keys(require.cache));require(${JSON.stringify(require.resolve('../../../src/provider/crd/load'))}).loadCrdSchemas();` +
      'console.log(JSON.stringify(Object.keys(require.cache).filter((k)=>!before.has(k))))';
    const loaded = JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()) as string[];
    assert.deepEqual(loaded.filter((m) => m.includes('node_modules')), [], 'no library');
    assert.deepEqual(loaded.filter((m) => /[\\/](yaml|cel)[\\/.]|compile|parse/.test(m.replace(/.*[\\/]provider[\\/]crd[\\/]/, ''))), [], `only the loader's own modules: ${loaded.join(', ')}`);
  });

  test('a missing or malformed bundle is a clear error', async () => {
    assert.throws(() => loadCrdSchemas('/nonexistent/schemas.json'), /cannot load the CRD schemas from \/nonexistent\/schemas.json: .*sync-crds/);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'pier-crd-'));
    try {
      const file = path.join(dir, 'schemas.json');
      await fs.writeFile(file, '{"kinds": []}');
      assert.throws(() => loadCrdSchemas(file), /is not a CRD schema bundle/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test('the bundle sits next to the vendored CRDs and their SOURCE', async () => {
    const source = await fs.readFile(path.join(path.dirname(CRD_SCHEMAS_FILE), 'SOURCE'), 'utf8');
    assert.match(source, /sigs\.k8s\.io\/gateway-api@v1\.7\.0/);
    assert.match(source, /node scripts\/sync-crds\.mjs/);
    const files = await fs.readdir(path.join(path.dirname(CRD_SCHEMAS_FILE), 'standard'));
    assert.equal(files.filter((f) => f.startsWith('gateway.networking.k8s.io_')).length, 10);
  });
});

function pick(resolved: { schemaVersion: string; served: boolean } | undefined): { schemaVersion: string; served: boolean } | undefined {
  return resolved && { schemaVersion: resolved.schemaVersion, served: resolved.served };
}
