import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as grpc from '@grpc/grpc-js';
import { encodeEntry, type ResourceEntry } from '../../../src/xds/cache/entry';
import type { TypeSnapshot } from '../../../src/xds/cache/snapshot';
import { loadXdsProtos } from '../../../src/xds/proto';
import { DEFAULT_XDS_LIMITS, checkRequestNames } from '../../../src/xds/server/limits';
import { ResponseEncoder } from '../../../src/xds/server/responses';
import { NameLists, readSotwRequest, withEncodedResponses } from '../../../src/xds/server/wire';
import { TypeUrl } from '../../../src/xds/types';

const protos = loadXdsProtos();
const ads = protos.packageDefinition['envoy.service.discovery.v3.AggregatedDiscoveryService'] as unknown as Record<string, grpc.MethodDefinition<object, object>>;
const sotwMethod = ads.StreamAggregatedResources!;

function requestBytes(request: object): Buffer {
  return sotwMethod.requestSerialize(request);
}

test('an ACK-shaped SotW request reads as the full decoder reads it, names shared by identity', () => {
  const names = new NameLists();
  const request = { version_info: 'v1', resource_names: ['a', 'bb', 'ccc'], type_url: TypeUrl.ClusterLoadAssignment, response_nonce: '7' };
  const first = readSotwRequest(requestBytes(request), names);
  assert.deepEqual(first, sotwMethod.requestDeserialize(requestBytes(request)));
  const again = readSotwRequest(requestBytes({ ...request, version_info: 'v2', response_nonce: '8' }), names);
  assert.ok(again && first);
  assert.equal(again.resource_names, first.resource_names, 'equal name lists are one frozen list');
  assert.ok(Object.isFrozen(first.resource_names));
  assert.equal(again.version_info, 'v2');
  assert.equal(again.response_nonce, '8');
  const other = readSotwRequest(requestBytes({ ...request, resource_names: ['a', 'bb'] }), names);
  assert.deepEqual(other?.resource_names, ['a', 'bb']);
  // Absent fields stay absent, as with the full decoder (defaults: false).
  assert.deepEqual(readSotwRequest(requestBytes({ type_url: TypeUrl.Cluster }), names), sotwMethod.requestDeserialize(requestBytes({ type_url: TypeUrl.Cluster })));
});

test('a SotW request with anything else (node, error detail) is left to the full decoder', () => {
  const names = new NameLists();
  assert.equal(readSotwRequest(requestBytes({ node: { id: 'n' }, type_url: TypeUrl.Cluster }), names), undefined);
  assert.equal(readSotwRequest(requestBytes({ type_url: TypeUrl.Cluster, response_nonce: '1', error_detail: { code: 3, message: 'no' } }), names), undefined);
});

test('a Buffer passes the response serializer untouched; anything else is encoded', () => {
  const definition = withEncodedResponses(ads as unknown as grpc.ServiceDefinition, ['StreamAggregatedResources']);
  const method = definition.StreamAggregatedResources as grpc.MethodDefinition<object, unknown>;
  const bytes = Buffer.from([1, 2, 3]);
  assert.equal(method.responseSerialize(bytes), bytes);
  const message = { version_info: '1', type_url: TypeUrl.Cluster, nonce: '1' };
  assert.deepEqual(method.responseSerialize(message), sotwMethod.responseSerialize(message));
});

function snapshotOf(entries: ResourceEntry[], version: string): TypeSnapshot {
  return { typeUrl: TypeUrl.ClusterLoadAssignment, version, entries: new Map(entries.map((e) => [e.name, e])) };
}

function assignment(name: string, address: string): ResourceEntry {
  const resource = {
    cluster_name: name,
    endpoints: [{ lb_endpoints: [{ endpoint: { address: { socket_address: { address, port_value: 80 } } } }] }],
  };
  return encodeEntry(protos, TypeUrl.ClusterLoadAssignment, name, resource);
}

test('streams owed the same response share one encoding; a nonce never repeats within a stream', () => {
  const encoder = new ResponseEncoder(protos);
  const snap = snapshotOf([assignment('c1', '10.0.0.1')], 'v1');
  const entries = [...snap.entries.values()];
  const first = encoder.sotw(TypeUrl.ClusterLoadAssignment, snap, 'v1', entries, 0);
  const second = encoder.sotw(TypeUrl.ClusterLoadAssignment, snap, 'v1', entries, 0);
  assert.equal(second, first, 'shared by streams that sent nothing later');
  assert.equal(encoder.encodeCount, 1);
  // A stream that already sent a later nonce gets a fresh one above it.
  const later = encoder.sotw(TypeUrl.ClusterLoadAssignment, snap, 'v1', entries, first.seq);
  assert.notEqual(later, first);
  assert.ok(later.seq > first.seq);
  const decoded = protos.decode('envoy.service.discovery.v3.DiscoveryResponse', later.bytes);
  assert.equal(decoded.nonce, later.nonce);
  assert.equal(decoded.version_info, 'v1');
  assert.equal((decoded.resources as unknown[]).length, 1);

  const delta = encoder.delta(TypeUrl.ClusterLoadAssignment, snap, entries, ['gone'], 0);
  assert.notEqual(delta.seq, later.seq, 'Delta and SotW bodies are not confused');
  assert.equal(encoder.delta(TypeUrl.ClusterLoadAssignment, snap, entries, ['gone'], 0), delta);
  assert.notEqual(encoder.delta(TypeUrl.ClusterLoadAssignment, snap, entries, [], 0), delta, 'other removals, other response');
  const body = protos.decode('envoy.service.discovery.v3.DeltaDiscoveryResponse', delta.bytes);
  assert.deepEqual(body.removed_resources, ['gone']);
  assert.equal(body.nonce, delta.nonce);
  assert.equal(body.system_version_info, 'v1');
});

test('responses of another snapshot or other entries are encoded apart', () => {
  const encoder = new ResponseEncoder(protos);
  const a = assignment('c1', '10.0.0.1');
  const b = assignment('c1', '10.0.0.2');
  const snapA = snapshotOf([a], 'va');
  const snapB = snapshotOf([b], 'vb');
  const ra = encoder.sotw(TypeUrl.ClusterLoadAssignment, snapA, 'va', [a], 0);
  const rb = encoder.sotw(TypeUrl.ClusterLoadAssignment, snapB, 'vb', [b], 0);
  assert.notEqual(ra, rb);
  assert.notDeepEqual(ra.bytes, rb.bytes);
  // The same snapshot, a subset at an older entry (a rejected resource held back): its own response.
  const two = snapshotOf([b, assignment('c2', '10.0.0.3')], 'v2');
  const whole = encoder.sotw(TypeUrl.ClusterLoadAssignment, two, 'v2', [...two.entries.values()], 0);
  const held = encoder.sotw(TypeUrl.ClusterLoadAssignment, two, 'v2', [a, two.entries.get('c2')!], 0);
  assert.notEqual(held, whole);
});

test('name lists of one encoded length are told apart byte by byte, however many there are', () => {
  const names = new NameLists();
  // A request of resource_names only: the whole message is the run.
  const runOf = (list: string[]): Buffer => requestBytes({ resource_names: list });
  const lists = Array.from({ length: 12 }, (_, i) => [`c${String(i).padStart(2, '0')}`, `d${String(i).padStart(2, '0')}`]);
  const first = lists.map((l) => names.list(runOf(l)));
  lists.forEach((l, i) => assert.deepEqual(first[i], l));
  assert.equal(names.list(runOf(lists[11]!)), first[11], 'a recent list is kept and shared');
  const again = lists.map((l) => names.list(runOf(l)));
  lists.forEach((l, i) => assert.deepEqual(again[i], l));
});

test('a shared name list is checked against the limits once, and a bad one is refused every time', () => {
  const names = new NameLists();
  const limits = { ...DEFAULT_XDS_LIMITS, maxNameBytes: 8 };
  const good = readSotwRequest(requestBytes({ resource_names: ['short'], type_url: TypeUrl.Cluster }), names)!;
  assert.equal(checkRequestNames(good, limits), undefined);
  assert.equal(checkRequestNames(good, limits), undefined);
  const bad = readSotwRequest(requestBytes({ resource_names: ['much-too-long'], type_url: TypeUrl.Cluster }), names)!;
  assert.ok(Object.isFrozen(bad.resource_names));
  assert.equal(checkRequestNames(bad, limits)?.code, 3);
  assert.equal(checkRequestNames(bad, limits)?.code, 3, 'still refused when it comes again');
  assert.equal(checkRequestNames(good, { ...limits, maxNameBytes: 2 })?.code, 3, 'other limits, checked again');
  assert.equal(checkRequestNames({ resource_names: ['ééééé'] }, { ...limits, maxNameBytes: 9 })?.code, 3, 'bytes are counted, not characters');
});

test('responses written around the entries\' bytes decode as the encoder would make them', () => {
  const encoder = new ResponseEncoder(protos);
  // Resources whose lengths take one, two and three varint bytes, names outside ASCII.
  const entries = [1, 40, 2_000].map((endpoints, i) => encodeEntry(protos, TypeUrl.ClusterLoadAssignment, `c${i}-é`, {
    cluster_name: `c${i}-é`,
    endpoints: [{ lb_endpoints: Array.from({ length: endpoints }, (_, e) => ({ endpoint: { address: { socket_address: { address: `10.0.${e >> 8}.${e & 255}`, port_value: 80 } } } })) }],
  }));
  assert.ok(entries[2]!.bytes.length > 16_384);
  const snap = snapshotOf(entries, 'v3');
  const sotwType = protos.root.lookupType('envoy.service.discovery.v3.DiscoveryResponse');
  const deltaType = protos.root.lookupType('envoy.service.discovery.v3.DeltaDiscoveryResponse');
  const sotw = encoder.sotw(TypeUrl.ClusterLoadAssignment, snap, 'v3', entries, 0);
  const sotwWhole = sotwType.encode(sotwType.fromObject({ version_info: 'v3', resources: entries.map((e) => e.any), type_url: TypeUrl.ClusterLoadAssignment, nonce: sotw.nonce })).finish();
  assert.deepEqual(protos.decode('envoy.service.discovery.v3.DiscoveryResponse', sotw.bytes), protos.decode('envoy.service.discovery.v3.DiscoveryResponse', sotwWhole));
  const delta = encoder.delta(TypeUrl.ClusterLoadAssignment, snap, entries, ['gone-é'], 0);
  const deltaWhole = deltaType.encode(deltaType.fromObject({
    system_version_info: 'v3', type_url: TypeUrl.ClusterLoadAssignment, nonce: delta.nonce, removed_resources: ['gone-é'],
    resources: entries.map((e) => ({ name: e.name, version: e.version, resource: e.any })),
  })).finish();
  assert.equal(delta.bytes.length, deltaWhole.length);
  assert.deepEqual(protos.decode('envoy.service.discovery.v3.DeltaDiscoveryResponse', delta.bytes), protos.decode('envoy.service.discovery.v3.DeltaDiscoveryResponse', deltaWhole));
});
