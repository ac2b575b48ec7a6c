// Original file: proto/envoy/type/http/v3/cookie.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../google/protobuf/Duration';

export interface Cookie {
  'name'?: (string);
  'ttl'?: (_google_protobuf_Duration | null);
  'path'?: (string);
}

export interface Cookie__Output {
  'name'?: (string);
  'ttl'?: (_google_protobuf_Duration__Output);
  'path'?: (string);
}
