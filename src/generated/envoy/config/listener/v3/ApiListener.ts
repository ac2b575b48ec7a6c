// Original file: proto/envoy/config/listener/v3/api_listener.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any';

export interface ApiListener {
  'api_listener'?: (_google_protobuf_Any | null);
}

export interface ApiListener__Output {
  'api_listener'?: (_google_protobuf_Any__Output);
}
