// Original file: proto/envoy/extensions/filters/network/http_connection_manager/v3/http_connection_manager.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../../../google/protobuf/Any';

export interface RequestIDExtension {
  'typed_config'?: (_google_protobuf_Any | null);
}

export interface RequestIDExtension__Output {
  'typed_config'?: (_google_protobuf_Any__Output);
}
