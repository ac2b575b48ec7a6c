// Original file: proto/envoy/extensions/filters/http/compressor/v3/compressor.proto

import type { ResponseDirectionOverrides as _envoy_extensions_filters_http_compressor_v3_ResponseDirectionOverrides, ResponseDirectionOverrides__Output as _envoy_extensions_filters_http_compressor_v3_ResponseDirectionOverrides__Output } from '../../../../../../envoy/extensions/filters/http/compressor/v3/ResponseDirectionOverrides';

export interface CompressorOverrides {
  'response_direction_config'?: (_envoy_extensions_filters_http_compressor_v3_ResponseDirectionOverrides | null);
}

export interface CompressorOverrides__Output {
  'response_direction_config'?: (_envoy_extensions_filters_http_compressor_v3_ResponseDirectionOverrides__Output);
}
