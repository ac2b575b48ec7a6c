// Original file: proto/envoy/config/core/v3/protocol.proto

import type { Http2ProtocolOptions as _envoy_config_core_v3_Http2ProtocolOptions, Http2ProtocolOptions__Output as _envoy_config_core_v3_Http2ProtocolOptions__Output } from '../../../../envoy/config/core/v3/Http2ProtocolOptions';

export interface GrpcProtocolOptions {
  'http2_protocol_options'?: (_envoy_config_core_v3_Http2ProtocolOptions | null);
}

export interface GrpcProtocolOptions__Output {
  'http2_protocol_options'?: (_envoy_config_core_v3_Http2ProtocolOptions__Output);
}
