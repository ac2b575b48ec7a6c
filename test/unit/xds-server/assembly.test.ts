import { test } from 'node:test';
import assert from 'node:assert/strict';
import { anySize, fieldSize, withRepeated, writeAny } from '../../../src/xds/assembly';
import { loadXdsProtos } from '../../../src/xds/proto';

const protos = loadXdsProtos();
const anyType = protos.root.lookupType('google.protobuf.Any');

// Lengths whose varint takes one, two and three bytes, on both sides of each boundary.
const LENGTHS = [0, 1, 127, 128, 16_383, 16_384, 70_000];

test('an Any written in place is the encoder\'s own, at the size it was given', () => {
  for (const length of LENGTHS) {
    const value = Uint8Array.from({ length }, (_, i) => (i * 7) & 0xff);
    for (const typeUrl of ['type.googleapis.com/envoy.config.cluster.v3.Cluster', 'type.googleapis.com/é']) {
      const url = Buffer.from(typeUrl, 'utf8');
      const out = new Uint8Array(anySize(url, length) + 2);
      assert.equal(writeAny(out, 1, url, value), out.length - 1, `length ${length}: ends where its size says`);
      const own = anyType.encode(anyType.fromObject({ type_url: typeUrl, value })).finish();
      assert.deepEqual(Buffer.from(out.subarray(1, out.length - 1)), Buffer.from(own), `length ${length}`);
    }
  }
});

test('a message assembled from a head and repeated parts decodes as one encoded whole', () => {
  const response = protos.root.lookupType('envoy.service.discovery.v3.DiscoveryResponse');
  const resources = LENGTHS.map((length, i) => ({ type_url: `type.googleapis.com/t${i}`, value: new Uint8Array(length).fill(i) }));
  const head = response.encode(response.fromObject({ version_info: 'v', type_url: 't', nonce: '9' })).finish();
  const parts = resources.map((r) => anyType.encode(anyType.fromObject(r)).finish());
  const assembled = withRepeated(head, response.fields.resources!.id, parts);
  const whole = response.encode(response.fromObject({ version_info: 'v', type_url: 't', nonce: '9', resources })).finish();
  assert.equal(assembled.length, whole.length);
  const name = 'envoy.service.discovery.v3.DiscoveryResponse';
  assert.deepEqual(protos.decode(name, assembled), protos.decode(name, whole));
  assert.equal(fieldSize(2, 16_384), 1 + 3 + 16_384);
  assert.deepEqual(Buffer.from(withRepeated(head, 2, [])), Buffer.from(head));
});
