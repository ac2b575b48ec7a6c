/**
 * Property tests with fast-check (fixed seed, bounded): Gateway API input generated from the
 * v1.7.0 CRD schemas, valid and hostile, never makes validation, translation or encoding throw,
 * translation is deterministic, and the xDS produced for a sample is accepted by a real
 * `envoy --mode validate`. The long run is `npm run bench -- fuzz` (bench/fuzz.ts).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import type { XdsResources } from '../../../src/xds/types';
import { gatewayApiInput, type FuzzCertificates } from '../../fuzz/gateway-api';
import { createFuzzCertificates, runPipeline } from '../../fuzz/pipeline';
import { envoyAccepts } from '../../fuzz/envoy-check';
import { requireEnvoy } from '../../helpers/tools';

const SEED = 1106;
const RUNS = 150;
const ENVOY_SAMPLE = 4;

describe('fuzzed Gateway API input', () => {
  let certs: FuzzCertificates;
  let dir = '';
  const produced: XdsResources[] = [];

  before(async () => {
    certs = await createFuzzCertificates();
    dir = mkdtempSync(path.join(os.tmpdir(), 'pier-fuzz-'));
  });
  after(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });

  test(`${RUNS} inputs adjusted to the CRDs' cross-field rules: nothing throws, translation is deterministic, most produce xDS`, () => {
    let withXds = 0;
    fc.assert(fc.property(gatewayApiInput(certs, { hostile: false }), (objects) => {
      const out = runPipeline(objects);
      if (out.resources > 0) withXds += 1;
      for (const xds of out.xds.values()) if (xds.listeners.length > 0 && produced.length < 50) produced.push(xds);
    }), { seed: SEED, numRuns: RUNS });
    // The generator reaches translation, not only validation errors.
    assert.ok(withXds >= RUNS / 5, `only ${withXds} of ${RUNS} cases produced xDS`);
  });

  test(`${RUNS} hostile inputs (wrong types, bounds, nulls anywhere): rejected cleanly, never a throw`, () => {
    let problems = 0;
    fc.assert(fc.property(gatewayApiInput(certs, { hostile: true }), (objects) => {
      problems += runPipeline(objects).inputErrors;
    }), { seed: SEED + 1, numRuns: RUNS });
    assert.ok(problems >= RUNS, `only ${problems} input problems in ${RUNS} hostile cases`);
  });

  test(`a sample of ${ENVOY_SAMPLE} Gateways' xDS is accepted by envoy --mode validate`, async () => {
    const envoy = requireEnvoy();
    assert.ok(produced.length >= ENVOY_SAMPLE, `only ${produced.length} Gateways with listeners were produced`);
    // Spread over the run: the first, the last and two between.
    const step = (produced.length - 1) / (ENVOY_SAMPLE - 1);
    const sample = Array.from({ length: ENVOY_SAMPLE }, (_, i) => produced[Math.round(i * step)] as XdsResources);
    const verdicts = await Promise.all(sample.map((xds, i) => envoyAccepts(envoy, xds, dir, `sample-${i}`)));
    for (const [i, v] of verdicts.entries()) assert.ok(v.accepted, `Envoy refused sample ${i} (${sample[i]?.gateway}):\n${v.output}`);
  });
});
