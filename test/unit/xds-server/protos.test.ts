/**
 * The proto bundle the build writes (scripts/bundle-protos.mjs) must be the vendored protos, and
 * the service definitions made from it must behave as @grpc/proto-loader's would.
 */
import { describe, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as protobuf from 'protobufjs';
import * as protoLoader from '@grpc/proto-loader';
import type * as grpc from '@grpc/grpc-js';
import { loadXdsProtos, LOADER_OPTIONS, PROTO_BUNDLE, PROTO_DIR, PROTO_FILES } from '../../../src/xds/proto';
import { ADS_SERVICE } from '../../../src/xds/server/services';

describe('xDS protos', () => {
  test('the build bundled the vendored protos, unchanged', () => {
    assert.ok(existsSync(PROTO_BUNDLE), `${PROTO_BUNDLE} is missing: npm run build writes it`);
    protoLoader.loadSync([...PROTO_FILES], LOADER_OPTIONS); // registers descriptor.proto as proto-loader does
    const parsed = new protobuf.Root();
    parsed.resolvePath = (_origin, target) => path.join(PROTO_DIR, target);
    parsed.loadSync([...PROTO_FILES], { keepCase: true });
    assert.deepEqual(JSON.parse(readFileSync(PROTO_BUNDLE, 'utf8')), JSON.parse(JSON.stringify(parsed.toJSON())));
  });

  test('service definitions match proto-loader\'s: paths, streaming, and what messages become', () => {
    const ours = loadXdsProtos().packageDefinition[ADS_SERVICE] as grpc.ServiceDefinition;
    const theirs = protoLoader.loadSync([...PROTO_FILES], LOADER_OPTIONS)[ADS_SERVICE] as grpc.ServiceDefinition;
    assert.deepEqual(Object.keys(ours).sort(), Object.keys(theirs).sort());
    for (const [name, method] of Object.entries(theirs)) {
      const mine = ours[name]!;
      assert.equal(mine.path, method.path);
      assert.equal(mine.requestStream, method.requestStream);
      assert.equal(mine.responseStream, method.responseStream);
      assert.equal(mine.originalName, method.originalName);
    }
    const request = { node: { id: 'n', cluster: 'default/eg' }, type_url: 'type.googleapis.com/envoy.config.cluster.v3.Cluster', resource_names_subscribe: ['a'], initial_resource_versions: { a: '1' } };
    const m = 'DeltaAggregatedResources';
    const bytes = theirs[m]!.requestSerialize(request);
    assert.deepEqual(Buffer.from(ours[m]!.requestSerialize(request)), Buffer.from(bytes));
    assert.deepEqual(ours[m]!.requestDeserialize(bytes), theirs[m]!.requestDeserialize(bytes));
  });
});
