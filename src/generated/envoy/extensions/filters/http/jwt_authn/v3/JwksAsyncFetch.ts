// Original file: proto/envoy/extensions/filters/http/jwt_authn/v3/config.proto

import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../../../google/protobuf/Duration';

export interface JwksAsyncFetch {
  'fast_listener'?: (boolean);
  'failed_refetch_duration'?: (_google_protobuf_Duration | null);
}

export interface JwksAsyncFetch__Output {
  'fast_listener'?: (boolean);
  'failed_refetch_duration'?: (_google_protobuf_Duration__Output);
}
