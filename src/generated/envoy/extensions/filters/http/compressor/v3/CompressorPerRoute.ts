// Original file: proto/envoy/extensions/filters/http/compressor/v3/compressor.proto

import type { CompressorOverrides as _envoy_extensions_filters_http_compressor_v3_CompressorOverrides, CompressorOverrides__Output as _envoy_extensions_filters_http_compressor_v3_CompressorOverrides__Output } from '../../../../../../envoy/extensions/filters/http/compressor/v3/CompressorOverrides';

export interface CompressorPerRoute {
  'disabled'?: (boolean);
  'overrides'?: (_envoy_extensions_filters_http_compressor_v3_CompressorOverrides | null);
  'override'?: "disabled"|"overrides";
}

export interface CompressorPerRoute__Output {
  'disabled'?: (boolean);
  'overrides'?: (_envoy_extensions_filters_http_compressor_v3_CompressorOverrides__Output);
  'override'?: "disabled"|"overrides";
}
