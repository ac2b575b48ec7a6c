// Original file: proto/envoy/extensions/access_loggers/grpc/v3/als.proto

import type { CommonGrpcAccessLogConfig as _envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig, CommonGrpcAccessLogConfig__Output as _envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig__Output } from '../../../../../envoy/extensions/access_loggers/grpc/v3/CommonGrpcAccessLogConfig';

export interface TcpGrpcAccessLogConfig {
  'common_config'?: (_envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig | null);
}

export interface TcpGrpcAccessLogConfig__Output {
  'common_config'?: (_envoy_extensions_access_loggers_grpc_v3_CommonGrpcAccessLogConfig__Output);
}
