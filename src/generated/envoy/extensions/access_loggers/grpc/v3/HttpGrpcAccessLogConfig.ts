// Original file: proto/envoy/extensions/access_loggers/grpc/v3/als.proto

import type { CommonGrpcAccessLogConfig as _envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig, CommonGrpcAccessLogConfig__Output as _envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig__Output } from '../../../../../envoy/extensions/access_loggers/grpc/v3/CommonGrpcAccessLogConfig';

export interface HttpGrpcAccessLogConfig {
  'common_config'?: (_envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig | null);
  'additional_request_headers_to_log'?: (string)[];
  'additional_response_headers_to_log'?: (string)[];
  'additional_response_trailers_to_log'?: (string)[];
}

export interface HttpGrpcAccessLogConfig__Output {
  'common_config'?: (_envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig__Output);
  'additional_request_headers_to_log'?: (string)[];
  'additional_response_headers_to_log'?: (string)[];
  'additional_response_trailers_to_log'?: (string)[];
}
