// Original file: proto/envoy/type/v3/token_bucket.proto

import type { UInt32Value as _google_protobuf_UInt32Value, UInt32Value__Output as _google_protobuf_UInt32Value__Output } from '../../../google/protobuf/UInt32Value';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../google/protobuf/Duration';

export interface TokenBucket {
  'max_tokens'?: (number);
  'tokens_per_fill'?: (_google_protobuf_UInt32Value | null);
  'fill_interval'?: (_google_protobuf_Duration | null);
}

export interface TokenBucket__Output {
  'max_tokens'?: (number);
  'tokens_per_fill'?: (_google_protobuf_UInt32Value__Output);
  'fill_interval'?: (_google_protobuf_Duration__Output);
}
