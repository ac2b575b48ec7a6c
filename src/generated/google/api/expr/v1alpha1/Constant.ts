// Original file: proto/google/api/expr/v1alpha1/syntax.proto

import type { NullValue as _google_protobuf_NullValue, NullValue__Output as _google_protobuf_NullValue__Output } from '../../../../google/protobuf/NullValue';
import type { Duration as _google_protobuf_Duration, Duration__Output as _google_protobuf_Duration__Output } from '../../../../google/protobuf/Duration';
import type { Timestamp as _google_protobuf_Timestamp, Timestamp__Output as _google_protobuf_Timestamp__Output } from '../../../../google/protobuf/Timestamp';
import type { Long } from '@grpc/proto-loader';

export interface Constant {
  'null_value'?: (_google_protobuf_NullValue);
  'bool_value'?: (boolean);
  'int64_value'?: (number | string | Long);
  'uint64_value'?: (number | string | Long);
  'double_value'?: (number | string);
  'string_value'?: (string);
  'bytes_value'?: (Buffer | Uint8Array | string);
  'duration_value'?: (_google_protobuf_Duration | null);
  'timestamp_value'?: (_google_protobuf_Timestamp | null);
  'constant_kind'?: "null_value"|"bool_value"|"int64_value"|"uint64_value"|"double_value"|"string_value"|"bytes_value"|"duration_value"|"timestamp_value";
}

export interface Constant__Output {
  'null_value'?: (_google_protobuf_NullValue__Output);
  'bool_value'?: (boolean);
  'int64_value'?: (string);
  'uint64_value'?: (string);
  'double_value'?: (number);
  'string_value'?: (string);
  'bytes_value'?: (Buffer);
  'duration_value'?: (_google_protobuf_Duration__Output);
  'timestamp_value'?: (_google_protobuf_Timestamp__Output);
  'constant_kind'?: "null_value"|"bool_value"|"int64_value"|"uint64_value"|"double_value"|"string_value"|"bytes_value"|"duration_value"|"timestamp_value";
}
