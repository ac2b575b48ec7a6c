// Original file: proto/envoy/config/route/v3/route_components.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any';

export interface FilterAction {
  'action'?: (_google_protobuf_Any | null);
}

export interface FilterAction__Output {
  'action'?: (_google_protobuf_Any__Output);
}
