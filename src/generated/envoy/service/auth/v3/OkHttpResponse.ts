// Original file: proto/envoy/service/auth/v3/external_auth.proto

import type { HeaderValueOption as _envoy_config_core_v3_HeaderValueOption, HeaderValueOption__Output as _envoy_config_core_v3_HeaderValueOption__Output } from '../../../../envoy/config/core/v3/HeaderValueOption';
import type { Struct as _google_protobuf_Struct, Struct__Output as _google_protobuf_Struct__Output } from '../../../../google/protobuf/Struct';
import type { QueryParameter as _envoy_config_core_v3_QueryParameter, QueryParameter__Output as _envoy_config_core_v3_QueryParameter__Output } from '../../../../envoy/config/core/v3/QueryParameter';

export interface OkHttpResponse {
  'headers'?: (_envoy_config_core_v3_HeaderValueOption)[];
  'dynamic_metadata'?: (_google_protobuf_Struct | null);
  'headers_to_remove'?: (string)[];
  'response_headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption)[];
  'query_parameters_to_set'?: (_envoy_config_core_v3_QueryParameter)[];
  'query_parameters_to_remove'?: (string)[];
}

export interface OkHttpResponse__Output {
  'headers'?: (_envoy_config_core_v3_HeaderValueOption__Output)[];
  'dynamic_metadata'?: (_google_protobuf_Struct__Output);
  'headers_to_remove'?: (string)[];
  'response_headers_to_add'?: (_envoy_config_core_v3_HeaderValueOption__Output)[];
  'query_parameters_to_set'?: (_envoy_config_core_v3_QueryParameter__Output)[];
  'query_parameters_to_remove'?: (string)[];
}
