/**
 * `pier setup` and `pier teardown` (the Helm chart's hook Jobs): bad arguments are refused by
 * name before any request; the CRDs shipped with the package are found for both channels. The
 * requests themselves run against a real API server in test/kubernetes/helm.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { crdFiles, runSetup, runTeardown } from '../../../src/cli/cluster';

test('the package\'s CRDs: ten in the standard channel, fourteen in the experimental one (its x-k8s.io kinds too), one file per kind', () => {
  for (const [channel, count] of [['standard', 10], ['experimental', 14]] as const) {
    const files = crdFiles(channel).map((f) => path.basename(f));
    assert.equal(files.length, count, channel);
    assert.ok(files.includes('gateway.networking.k8s.io_gateways.yaml'), channel);
    assert.equal(files.includes('gateway.networking.x-k8s.io_xbackendtrafficpolicies.yaml'), channel === 'experimental', channel);
  }
});

test('bad arguments are refused by name, before any request', async () => {
  await assert.rejects(runSetup(['--crds', 'beta']), /--crds: expected one of standard, experimental, none, got "beta"/);
  await assert.rejects(runSetup(['--crds', 'none', '--gateway-class', 'pier']), /--gateway-class and --controller-name go together/);
  await assert.rejects(runTeardown([]), /--controller-name is required/);
  await assert.rejects(runSetup(['--bogus']), /Unknown option '--bogus'/);
});
