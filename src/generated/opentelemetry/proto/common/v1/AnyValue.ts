// Original file: proto/opentelemetry/proto/common/v1/common.proto

import type { ArrayValue as _opentelemetry_proto_common_v1_ArrayValue, ArrayValue__Output as _opentelemetry_proto_common_v1_ArrayValue__Output } from '../../../../opentelemetry/proto/common/v1/ArrayValue';
import type { KeyValueList as _opentelemetry_proto_common_v1_KeyValueList, KeyValueList__Output as _opentelemetry_proto_common_v1_KeyValueList__Output } from '../../../../opentelemetry/proto/common/v1/KeyValueList';
import type { Long } from '@grpc/proto-loader';

export interface AnyValue {
  'string_value'?: (string);
  'bool_value'?: (boolean);
  'int_value'?: (number | string | Long);
  'double_value'?: (number | string);
  'array_value'?: (_opentelemetry_proto_common_v1_ArrayValue | null);
  'kvlist_value'?: (_opentelemetry_proto_common_v1_KeyValueList | null);
  'bytes_value'?: (Buffer | Uint8Array | string);
  'value'?: "string_value"|"bool_value"|"int_value"|"double_value"|"array_value"|"kvlist_value"|"bytes_value";
}

export interface AnyValue__Output {
  'string_value'?: (string);
  'bool_value'?: (boolean);
  'int_value'?: (string);
  'double_value'?: (number);
  'array_value'?: (_opentelemetry_proto_common_v1_ArrayValue__Output);
  'kvlist_value'?: (_opentelemetry_proto_common_v1_KeyValueList__Output);
  'bytes_value'?: (Buffer);
  'value'?: "string_value"|"bool_value"|"int_value"|"double_value"|"array_value"|"kvlist_value"|"bytes_value";
}
