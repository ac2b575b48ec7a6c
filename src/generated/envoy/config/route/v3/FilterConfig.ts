// Original file: proto/envoy/config/route/v3/route_components.proto

import type { Any as _google_protobuf_Any, Any__Output as _google_protobuf_Any__Output } from '../../../../google/protobuf/Any';

export interface FilterConfig {
  'config'?: (_google_protobuf_Any | null);
  'is_optional'?: (boolean);
  'disabled'?: (boolean);
}

export interface FilterConfig__Output {
  'config'?: (_google_protobuf_Any__Output);
  'is_optional'?: (boolean);
  'disabled'?: (boolean);
}
