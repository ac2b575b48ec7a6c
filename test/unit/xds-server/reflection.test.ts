import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as descriptor from 'protobufjs/ext/descriptor';
import { answer, descriptorIndex } from '../../../src/xds/server/reflection';

interface Field { name: string; typeName?: string }
interface Message { name: string; field?: Field[]; nestedType?: Message[] }
interface File { name: string; messageType?: Message[] }

function decodeAll(res: Record<string, unknown>): File[] {
  const protos = (res.file_descriptor_response as { file_descriptor_proto: Uint8Array[] }).file_descriptor_proto;
  return protos.map((b) => descriptor.FileDescriptorProto.decode(b) as unknown as File);
}

const ADS = 'envoy.service.discovery.v3.AggregatedDiscoveryService';

test('file_containing_symbol returns the file and its dependencies with fully qualified type names', () => {
  const files = decodeAll(answer(descriptorIndex(), [ADS], { message_request: 'file_containing_symbol', file_containing_symbol: ADS }, new Set()));
  assert.equal(files[0].name, 'envoy/service/discovery/v3/ads.proto');
  const discovery = files.find((f) => f.name === 'envoy/service/discovery/v3/discovery.proto');
  assert.ok(discovery, 'dependencies come along');
  const node = discovery.messageType!.find((m) => m.name === 'DiscoveryRequest')!.field!.find((f) => f.name === 'node')!;
  assert.equal(node.typeName, '.envoy.config.core.v3.Node');
  assert.ok(files.some((f) => f.name === 'envoy/config/core/v3/base.proto'), 'transitive dependencies come along');
});

test('files already sent on a stream are not sent again for another symbol', () => {
  const sent = new Set<string>();
  const first = decodeAll(answer(descriptorIndex(), [ADS], { message_request: 'file_containing_symbol', file_containing_symbol: ADS }, sent));
  const second = decodeAll(answer(descriptorIndex(), [ADS], { message_request: 'file_containing_symbol', file_containing_symbol: 'envoy.config.core.v3.Node' }, sent));
  assert.ok(first.length > 1);
  assert.equal(second.length, 0);
  const byName = decodeAll(answer(descriptorIndex(), [ADS], { message_request: 'file_by_filename', file_by_filename: 'envoy/config/core/v3/base.proto' }, sent));
  assert.equal(byName[0].name, 'envoy/config/core/v3/base.proto', 'asked for by name, it comes again');
});

test('map fields keep their canonical entry names (health List)', () => {
  const files = decodeAll(answer(descriptorIndex(), [], { message_request: 'file_containing_symbol', file_containing_symbol: 'grpc.health.v1.Health' }, new Set()));
  const list = files[0].messageType!.find((m) => m.name === 'HealthListResponse')!;
  assert.equal(list.nestedType![0].name, 'StatusesEntry');
});

test('unknown symbols and types answer NOT_FOUND; list names the services', () => {
  const missing = answer(descriptorIndex(), [ADS], { message_request: 'file_containing_symbol', file_containing_symbol: 'no.such.Thing' }, new Set());
  assert.equal((missing.error_response as { error_code: number }).error_code, 5);
  const numbers = answer(descriptorIndex(), [ADS], { message_request: 'all_extension_numbers_of_type', all_extension_numbers_of_type: 'no.such.Type' }, new Set());
  assert.equal((numbers.error_response as { error_code: number }).error_code, 5);
  const list = answer(descriptorIndex(), [ADS], { message_request: 'list_services', list_services: '' }, new Set());
  assert.deepEqual(list.list_services_response, { service: [{ name: ADS }] });
});

test('extension numbers of an options type are listed (validate rules extend FieldOptions)', () => {
  const res = answer(descriptorIndex(), [], { message_request: 'all_extension_numbers_of_type', all_extension_numbers_of_type: 'google.protobuf.FieldOptions' }, new Set());
  const numbers = (res.all_extension_numbers_response as { extension_number: number[] }).extension_number;
  assert.ok(numbers.includes(1071), `validate.rules (1071) among ${numbers.join(',')}`);
});
