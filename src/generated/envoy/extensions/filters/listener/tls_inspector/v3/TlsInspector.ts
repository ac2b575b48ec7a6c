// Original file: proto/envoy/extensions/filters/listener/tls_inspector/v3/tls_inspector.proto

import type { BoolValue as _google_protobuf_BoolValue, BoolValue__Output as _google_protobuf_BoolValue__Output } from '../../../../../../google/protobuf/BoolValue';
import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../../../../google/protobuf/UInt32Value';

export interface TlsInspector {
  'enable_ja3_fingerprinting'?: (_google_protobuf_BoolValue | null);
  'initial_read_buffer_size'?: (_google_protobuf_UInt32Value | null);
}

export interface TlsInspector__Output {
  'enable_ja3_fingerprinting'?: (_google_protobuf_BoolValue__Output);
  'initial_read_buffer_size'?: (_google_protobuf_UInt32Value__Output);
}
