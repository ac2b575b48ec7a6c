/**
 * Golden tests: each directory under test/golden/gatewayapi/ holds input.yaml (multi-document,
 * fully specified: the provider's CRD defaults are written out) and the expected ir.json
 * ({ xdsIR, infraIR }) and status.json. Regenerate with PIER_UPDATE_GOLDEN=1.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { emptyProviderResources, type ProviderResources } from '../../../src/message/resources';
import { translate, type TranslateOptions } from '../../../src/gatewayapi/translate';
import { testData } from '../../helpers/paths';
import { PIER_KINDS } from '../../../src/apis/pier';

const CONTROLLER = 'pier.dev/gateway-controller';
const UPDATE = process.env.PIER_UPDATE_GOLDEN === '1';
const GOLDEN_DIR = testData('golden', 'gatewayapi');

const LISTS: Record<string, keyof ProviderResources> = {
  GatewayClass: 'gatewayClasses', Gateway: 'gateways', ListenerSet: 'listenerSets', HTTPRoute: 'httpRoutes', GRPCRoute: 'grpcRoutes',
  TLSRoute: 'tlsRoutes', TCPRoute: 'tcpRoutes', UDPRoute: 'udpRoutes', ReferenceGrant: 'referenceGrants',
  Service: 'services', EndpointSlice: 'endpointSlices', Namespace: 'namespaces', Secret: 'secrets',
  BackendTLSPolicy: 'backendTLSPolicies', ConfigMap: 'configMaps', ClusterTrustBundle: 'clusterTrustBundles',
  XTelemetryPolicy: 'xTelemetryPolicies',
  XBackendTrafficPolicy: 'xBackendTrafficPolicies',
  XBackend: 'xBackends',
  ...Object.fromEntries(PIER_KINDS.map((k) => [k.kind, k.table])),
};

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function loadResources(file: string): ProviderResources {
  const resources = emptyProviderResources();
  for (const doc of parseAllDocuments(fs.readFileSync(file, 'utf8'))) {
    if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
    const obj: unknown = doc.toJS();
    if (obj === null || obj === undefined) continue;
    if (!isRecord(obj) || typeof obj.kind !== 'string' || !(obj.kind in LISTS)) throw new Error(`${file}: unexpected document ${JSON.stringify(obj).slice(0, 80)}`);
    (resources[LISTS[obj.kind]!] as unknown[]).push(obj);
  }
  return resources;
}

function loadOptions(dir: string): TranslateOptions {
  const file = path.join(dir, 'options.json');
  const extra: unknown = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
  return { controllerName: CONTROLLER, ...(isRecord(extra) ? extra : {}) };
}

function reversed(resources: ProviderResources): ProviderResources {
  const out = emptyProviderResources();
  for (const key of Object.keys(out) as (keyof ProviderResources)[]) (out[key] as unknown[]) = [...resources[key]].reverse();
  return out;
}

function compareOrWrite(file: string, actual: unknown): void {
  const text = `${JSON.stringify(actual, null, 2)}\n`;
  if (UPDATE) {
    fs.writeFileSync(file, text);
    return;
  }
  assert.ok(fs.existsSync(file), `${file} is missing; run with PIER_UPDATE_GOLDEN=1 to create it`);
  assert.deepEqual(JSON.parse(text), JSON.parse(fs.readFileSync(file, 'utf8')), `${path.relative(GOLDEN_DIR, file)} differs`);
}

describe('gateway api translator golden files', () => {
  const cases = fs.readdirSync(GOLDEN_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  test('has cases', () => assert.ok(cases.length > 0));
  for (const name of cases) {
    test(name, () => {
      const dir = path.join(GOLDEN_DIR, name);
      const resources = loadResources(path.join(dir, 'input.yaml'));
      const options = loadOptions(dir);
      const before = structuredClone(resources);
      const result = translate(resources, options);
      assert.deepEqual(resources, before, 'translate must not mutate its input');
      // Deterministic: the same input in another order gives the same output.
      assert.deepEqual(translate(reversed(resources), options), result, 'output depends on input order');
      compareOrWrite(path.join(dir, 'ir.json'), { xdsIR: result.xdsIR, infraIR: result.infraIR });
      compareOrWrite(path.join(dir, 'status.json'), result.statuses);
    });
  }
});
